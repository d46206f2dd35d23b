import { deferredModule, useDeferredModule } from '#web/lib/deferred-module.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { PreviewSlide } from '#web/lib/source-preview.ts';

/*
 * The viewer is its own chunk: the chat's first load carries only this wrapper (its weight
 * budget is checked by scripts/chat-bundle-size.mjs), and the code arrives on the first tap,
 * or sooner when a pointer or the focus reaches a thumbnail.
 */
const viewerModule = deferredModule(() => import('./source-viewer.tsx'));

/** Starts fetching the viewer's code. */
export const preloadSourceViewer = viewerModule.preload;

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
  const module = useDeferredModule(viewerModule, state !== null, onClose);
  if (!state || !module) return null;
  const { SourceViewer } = module;
  return <SourceViewer t={t} slides={state.slides} startIndex={state.index} onClose={onClose} />;
}
