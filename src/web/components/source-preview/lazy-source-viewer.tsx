import { useEffect, useState, type ComponentType } from 'react';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { PreviewSlide } from '#web/lib/source-preview.ts';
import type { SourceViewerProps } from './source-viewer.tsx';

/*
 * The viewer is its own chunk: the chat's first load carries only this wrapper (its weight
 * budget is checked by scripts/chat-bundle-size.mjs), and the code arrives on the first tap,
 * or sooner when a pointer or the focus reaches a thumbnail. Not React.lazy: a chunk that
 * cannot be fetched (the fair's network dropped) must leave the chat working and let the next
 * tap try again, where a failed lazy() throws into the page and stays failed.
 */

type Viewer = ComponentType<SourceViewerProps>;
let loaded: Viewer | null = null;
let loading: Promise<Viewer> | null = null;

function loadViewer(): Promise<Viewer> {
  loading ??= import('./source-viewer.tsx').then(
    (module) => (loaded = module.SourceViewer),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Starts fetching the viewer's code. */
export function preloadSourceViewer(): void {
  loadViewer().catch(() => {
    // Tried again on the tap.
  });
}

/** Which slides are open in the viewer, and at which one; null: closed. */
export interface ViewerState {
  slides: PreviewSlide[];
  index: number;
}

export function LazySourceViewer({
  t,
  state,
  onClose,
}: {
  t: Translate;
  state: ViewerState | null;
  onClose: () => void;
}) {
  const [Viewer, setViewer] = useState<Viewer | null>(() => loaded);
  const open = state !== null;
  useEffect(() => {
    if (!open || Viewer) return;
    let current = true;
    loadViewer().then(
      (component) => current && setViewer(() => component),
      () => current && onClose(),
    );
    return () => {
      current = false;
    };
  }, [open, Viewer, onClose]);
  if (!state || !Viewer) return null;
  return <Viewer t={t} slides={state.slides} startIndex={state.index} onClose={onClose} />;
}
