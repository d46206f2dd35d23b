import type { TAnswerImage } from '#shared/schemas/chat.ts';
import type { PreviewSlide } from '#web/lib/source-preview.ts';
import { preloadSourceViewer } from './lazy-source-viewer.tsx';

/*
 * What an answer shows of its sources, on the buyer's chat and the owner's screens alike: the
 * cited pages as thumbnails and the product's pictures. One module: the chat's first load
 * fetches it as one small file.
 */

/**
 * A cited page as a small picture that opens the viewer. The box has a fixed size so nothing
 * moves when the image arrives, and the image loads lazily: the answer's text never waits for
 * it. When the image cannot be shown, `onFail` lets the caller put the plain source chip back.
 */
export function SourceThumbnail({
  src,
  label,
  caption,
  onOpen,
  onFail,
}: {
  src: string;
  /** The button's accessible name ("Source 1: catalogue.pdf, p. 3"). */
  label: string;
  /** Shown over the picture's foot ("p. 3"). */
  caption?: string | null;
  onOpen: () => void;
  onFail: () => void;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid="source-thumbnail"
      onClick={onOpen}
      // The viewer's code starts loading when a tap or a focus is likely to follow.
      onPointerEnter={preloadSourceViewer}
      onFocus={preloadSourceViewer}
      className="group relative inline-flex h-20 w-14 shrink-0 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 shadow-xs hover:border-brand-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <img
        src={src}
        alt=""
        width={56}
        height={80}
        loading="lazy"
        decoding="async"
        onError={onFail}
        className="size-full object-cover object-top"
      />
      {caption ? (
        <span className="absolute inset-x-0 bottom-0 truncate bg-slate-900/70 px-1 text-center text-[10px] leading-4 text-white">
          {caption}
        </span>
      ) : null}
    </button>
  );
}

/** The viewer's slides for an answer's pictures, `labels[i]` naming picture i. */
export function pictureSlides(images: TAnswerImage[], labels: string[]): PreviewSlide[] {
  return images.map((image, index) => ({
    key: `picture-${index}`,
    src: image.url,
    label: labels[index] ?? '',
  }));
}

/**
 * The product's pictures beside the cited passages, shown above the answer's text. Their size
 * is reserved (width and height) so the text does not move when they arrive; a tap enlarges.
 */
export function AnswerPictures({
  images,
  labels,
  onOpen,
}: {
  images: TAnswerImage[];
  /** Each picture's alternative text ("Picture from catalogue.pdf, p. 3"). */
  labels: string[];
  onOpen: (index: number) => void;
}) {
  return (
    <div className="mb-2 flex flex-wrap gap-2 whitespace-normal" data-testid="answer-pictures">
      {images.map((image, index) => (
        <button
          key={image.url}
          type="button"
          onClick={() => onOpen(index)}
          onPointerEnter={preloadSourceViewer}
          onFocus={preloadSourceViewer}
          className="block max-w-full overflow-hidden rounded-lg bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
        >
          <img
            src={image.url}
            width={image.width}
            height={image.height}
            alt={labels[index] ?? ''}
            loading="lazy"
            decoding="async"
            data-testid="answer-picture"
            className="block h-auto max-h-56 max-w-full object-contain"
          />
        </button>
      ))}
    </div>
  );
}
