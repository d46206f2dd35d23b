import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, ImageOff, X, ZoomIn, ZoomOut } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { PreviewSlide } from '#web/lib/source-preview.ts';
import './source-viewer.css';
import { useCloseOnBack } from './use-close-on-back.ts';
import { DOUBLE_TAP_SCALE, useZoomPan } from './use-zoom-pan.ts';

export interface SourceViewerProps {
  t: Translate;
  slides: PreviewSlide[];
  startIndex: number;
  onClose: () => void;
}

/**
 * The cited pages full-screen, phone first: pinch or double-tap to zoom, swipe or the arrow
 * keys for the answer's next source, back / Escape / the close button to leave. A modal
 * dialog (Radix): the focus stays inside and goes back to the thumbnail that opened it.
 */
export function SourceViewer({ t, slides, startIndex, onClose }: SourceViewerProps) {
  const [index, setIndex] = useState(() =>
    Math.min(Math.max(0, startIndex), Math.max(0, slides.length - 1)),
  );
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  // Where the focus goes back to: the thumbnail (or picture) that opened the viewer.
  const [opener] = useState(() => document.activeElement);
  const slide = slides[index];
  const go = useCallback(
    (step: 1 | -1) =>
      setIndex((current) => Math.min(slides.length - 1, Math.max(0, current + step))),
    [slides.length],
  );
  const { view, dragging, stage, zoomTo, zoomBy, reset, handlers } = useZoomPan({ onSwipe: go });
  useCloseOnBack(onClose);
  // Each slide opens whole.
  useEffect(reset, [index, reset]);

  // On the document, not the dialog: a button that just became disabled (the first slide's
  // "previous") drops the focus to the page, and the keys must still work.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight') go(1);
      else if (event.key === 'ArrowLeft') go(-1);
      else if (event.key === '+' || event.key === '=') zoomBy(1.5);
      else if (event.key === '-') zoomBy(1 / 1.5);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [go, zoomBy]);

  if (!slide) return null;
  const zoomed = view.scale > 1;
  const shown = !failed.has(slide.key);
  const count = slides.length > 1 ? `${index + 1} / ${slides.length}` : null;
  const control =
    'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:opacity-35 disabled:hover:bg-transparent';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Content
          data-testid="source-viewer"
          data-index={index}
          onCloseAutoFocus={(event) => {
            if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-slate-950 text-white outline-none"
        >
          <div className="flex items-center gap-2 pt-[env(safe-area-inset-top)] pr-1 pl-4">
            <div className="min-w-0 flex-1 py-2">
              <Dialog.Title
                className="truncate text-sm font-semibold"
                data-testid="source-viewer-title"
              >
                {slide.label}
              </Dialog.Title>
              <Dialog.Description className="sr-only">
                {t('chat.preview.hint', { current: index + 1, total: slides.length })}
              </Dialog.Description>
            </div>
            {count ? (
              <span
                className="shrink-0 text-xs text-slate-300 tabular-nums"
                data-testid="source-viewer-count"
              >
                {count}
              </span>
            ) : null}
            <Dialog.Close
              className={control}
              aria-label={t('chat.sources.close')}
              data-testid="source-viewer-close"
            >
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>

          <div
            ref={stage}
            {...handlers}
            data-testid="source-viewer-stage"
            data-scale={view.scale.toFixed(2)}
            className="relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none"
          >
            {shown ? (
              <img
                key={slide.key}
                src={slide.src}
                alt={slide.excerpt ? `${slide.label}: ${slide.excerpt}` : slide.label}
                draggable={false}
                onError={() => setFailed((current) => new Set(current).add(slide.key))}
                style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
                // Easing, except under a finger (it follows the finger at once).
                className={`max-h-full max-w-full bg-white object-contain ${dragging ? '' : 'motion-safe:transition-transform motion-safe:duration-200'}`}
                data-testid="source-viewer-image"
              />
            ) : (
              <div
                role="status"
                className="grid max-w-md justify-items-center gap-3 px-6 text-center"
              >
                <ImageOff aria-hidden="true" className="size-8 text-slate-400" />
                <p className="text-sm text-slate-300">{t('chat.preview.failed')}</p>
                {slide.excerpt ? (
                  <blockquote className="rounded-lg border-l-4 border-brand-400 bg-white/10 px-3 py-2 text-left text-[15px] leading-relaxed whitespace-pre-wrap">
                    {slide.excerpt}
                  </blockquote>
                ) : null}
              </div>
            )}
          </div>

          <div className="flex items-center justify-center gap-4 px-4 pt-1 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
            <button
              type="button"
              className={control}
              onClick={() => go(-1)}
              disabled={index === 0}
              aria-label={t('chat.preview.previous')}
              data-testid="source-viewer-previous"
            >
              <ChevronLeft aria-hidden="true" className="size-6" />
            </button>
            <button
              type="button"
              className={control}
              onClick={() => (zoomed ? reset() : zoomTo(DOUBLE_TAP_SCALE))}
              disabled={!shown}
              aria-pressed={zoomed}
              aria-label={t('chat.preview.zoom')}
              data-testid="source-viewer-zoom"
            >
              {zoomed ? (
                <ZoomOut aria-hidden="true" className="size-6" />
              ) : (
                <ZoomIn aria-hidden="true" className="size-6" />
              )}
            </button>
            <button
              type="button"
              className={control}
              onClick={() => go(1)}
              disabled={index === slides.length - 1}
              aria-label={t('chat.preview.next')}
              data-testid="source-viewer-next"
            >
              <ChevronRight aria-hidden="true" className="size-6" />
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
