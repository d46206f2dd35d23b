import { CircleAlert, MessageSquareText, RotateCw } from './icons.tsx';
import { Clock, FileText, Headset, ThumbsDown, ThumbsUp } from './answer-icons.tsx';
import { Fragment, useState, type ReactNode } from 'react';
import type { ViewerState } from '#web/components/source-preview/lazy-source-viewer.tsx';
import {
  AnswerPictures,
  pictureSlides,
  SourceThumbnail,
} from '#web/components/source-preview/answer-sources.tsx';
import type { AnswerImage, Citation } from '#web/lib/chat/api.ts';
import type { PreviewSlide } from '#web/lib/source-preview.ts';
import { cx } from '#web/lib/chat/cx.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { ChatItem } from '#web/lib/chat/use-visitor-chat.ts';

/** "hengtai-deck.pptx · slide 3", "catalogue.pdf · p. 2", or the name alone. */
export function citationPlace(t: Translate, citation: Citation): string | null {
  if (citation.page === null) return null;
  const slides = /\.(pptx?|key|odp)$/i.test(citation.documentName);
  return t(slides ? 'chat.sources.slide' : 'chat.sources.page', { page: citation.page });
}

/** "catalogue.pdf, p. 2": the document and where in it. */
function citationName(t: Translate, citation: Citation): string {
  const place = citationPlace(t, citation);
  return place ? `${citation.documentName}, ${place}` : citation.documentName;
}

function citationLabel(t: Translate, citation: Citation, number: number): string {
  return t('chat.sources.open', { number, name: citationName(t, citation) });
}

/** The answer's text; its [1], [2] markers become buttons that open that source. */
function AnswerText({
  t,
  content,
  citations,
  onOpen,
}: {
  t: Translate;
  content: string;
  citations: Citation[] | undefined;
  onOpen: (index: number) => void;
}) {
  if (!citations?.length) return <>{content}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(/\[(\d{1,2})\]/g)) {
    const number = Number(match[1]);
    const citation = citations[number - 1];
    if (!citation) continue;
    parts.push(content.slice(last, match.index));
    parts.push(
      // The source chips below the answer are the keyboard's and screen reader's way to each
      // source; the marker in the text is a shortcut for pointers, not a second tab stop.
      <button
        key={`${match.index}`}
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        title={citationLabel(t, citation, number)}
        onClick={() => onOpen(number - 1)}
        className="mx-0.5 inline-flex min-w-5 -translate-y-0.5 items-center justify-center rounded-md bg-brand-50 px-1 align-baseline text-xs font-semibold text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {number}
      </button>,
    );
    last = match.index + match[0].length;
  }
  parts.push(content.slice(last));
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>{part}</Fragment>
      ))}
    </>
  );
}

/** An answer's source that can be shown as its page: `index` is its place in the citations. */
type PagePreview = PreviewSlide & { index: number };

/**
 * The answer's sources as pages: one for each citation the server can draw, unless its image
 * failed to load (`fail` marks it: its chip comes back).
 */
function usePagePreviews(t: Translate, citations: Citation[] | undefined) {
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const previews: PagePreview[] = (citations ?? []).flatMap((citation, index) =>
    citation.previewUrl && !failed.has(index)
      ? [
          {
            index,
            key: `${index}`,
            src: citation.previewUrl,
            label: citationName(t, citation),
            excerpt: citation.excerpt,
          },
        ]
      : [],
  );
  const fail = (index: number) => setFailed((current) => new Set(current).add(index));
  return { previews, fail };
}

/**
 * The answer's sources: a page thumbnail for each one the server can draw (a tap opens the
 * viewer on it, the answer's other pages a swipe away), else the chip that opens the quoted
 * passage.
 */
function SourceChips({
  t,
  citations,
  previews,
  onOpen,
  onFail,
}: {
  t: Translate;
  citations: Citation[];
  previews: PagePreview[];
  onOpen: (index: number) => void;
  onFail: (index: number) => void;
}) {
  return (
    <div
      className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1"
      data-testid="citation-chips"
    >
      <span className="mr-0.5 text-xs text-slate-500">{t('chat.sources.label')}</span>
      {citations.map((citation, index) => {
        const place = citationPlace(t, citation);
        const preview = previews.find((candidate) => candidate.index === index);
        if (preview)
          return (
            <SourceThumbnail
              key={`${citation.documentName}-${citation.page}-${index}`}
              src={preview.src}
              label={citationLabel(t, citation, index + 1)}
              caption={place}
              onOpen={() => onOpen(index)}
              onFail={() => onFail(index)}
            />
          );
        // The exhibitor's own answer is no document (documentId null).
        const Icon = citation.documentId === null ? MessageSquareText : FileText;
        return (
          <button
            key={`${citation.documentName}-${citation.page}-${index}`}
            type="button"
            data-testid="citation-chip"
            onClick={() => onOpen(index)}
            aria-label={citationLabel(t, citation, index + 1)}
            // The chip looks small; the button around it is a 44 px tap target.
            className="group inline-flex min-h-11 max-w-full items-center focus-visible:outline-none"
          >
            <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-xs text-slate-700 shadow-xs group-hover:border-brand-300 group-hover:text-brand-800 group-focus-visible:outline-2 group-focus-visible:outline-brand-500">
              <Icon aria-hidden="true" className="size-3.5 shrink-0 text-brand-600" />
              <span className="truncate">{citation.documentName}</span>
              {place ? <span className="shrink-0 text-slate-500">· {place}</span> : null}
            </span>
          </button>
        );
      })}
    </div>
  );
}

/** The answer's pictures; each is named after the cited document it comes from. */
function AnswerImages({
  t,
  images,
  citations,
  onPreview,
}: {
  t: Translate;
  images: AnswerImage[];
  citations: Citation[] | undefined;
  onPreview: (viewer: ViewerState) => void;
}) {
  const labels = images.map((image) => {
    const cited = citations?.find((citation) => citation.documentId === image.documentId);
    return t('chat.preview.picture', {
      name: cited ? citationName(t, { ...cited, page: image.page }) : t('chat.sources.title'),
    });
  });
  return (
    <AnswerPictures
      images={images}
      labels={labels}
      onOpen={(index) => onPreview({ slides: pictureSlides(images, labels), index })}
    />
  );
}

function UserStatus({ t, item, onRetry }: { t: Translate; item: ChatItem; onRetry: () => void }) {
  if (item.state === 'pending')
    return (
      <p
        data-testid="message-pending"
        className="mt-1 flex items-center justify-end gap-1 text-xs text-amber-700"
      >
        <Clock aria-hidden="true" className="size-3.5" />
        {t('chat.messages.pending')}
      </p>
    );
  if (item.state === 'sending')
    return <p className="mt-1 text-right text-xs text-slate-500">{t('chat.messages.sending')}</p>;
  if (item.state === 'failed')
    return (
      <div className="mt-1 flex flex-wrap items-center justify-end gap-x-2 text-xs text-red-700">
        <CircleAlert aria-hidden="true" className="size-3.5" />
        <span data-testid="message-error">
          {t('chat.messages.failed')} {item.error ?? ''}
        </span>
        <button
          type="button"
          onClick={onRetry}
          data-testid="message-retry"
          className="inline-flex min-h-11 items-center gap-1 px-1 font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <RotateCw aria-hidden="true" className="size-3.5" />
          {t('chat.messages.retry')}
        </button>
      </div>
    );
  return null;
}

/**
 * 👍 / 👎 under a complete answer: two toggle buttons (44 px targets), the pressed one the
 * visitor's current rating; pressing the other changes it.
 */
function Feedback({
  t,
  helpful,
  onRate,
}: {
  t: Translate;
  helpful: boolean | undefined;
  onRate: (helpful: boolean) => void;
}) {
  const options = [
    { value: true, label: t('chat.feedback.helpful'), Icon: ThumbsUp, testId: 'rate-up' },
    { value: false, label: t('chat.feedback.unhelpful'), Icon: ThumbsDown, testId: 'rate-down' },
  ];
  return (
    <div className="flex items-center gap-0.5" data-testid="answer-feedback">
      <div role="group" aria-label={t('chat.feedback.label')} className="flex items-center">
        {options.map(({ value, label, Icon, testId }) => {
          const pressed = helpful === value;
          return (
            <button
              key={testId}
              type="button"
              aria-pressed={pressed}
              aria-label={label}
              title={label}
              data-testid={testId}
              onClick={() => onRate(value)}
              className="group inline-flex size-11 items-center justify-center focus-visible:outline-none"
            >
              <span
                className={cx(
                  'inline-flex size-8 items-center justify-center rounded-full border group-focus-visible:outline-2 group-focus-visible:outline-brand-500',
                  pressed
                    ? value
                      ? 'border-emerald-600 bg-emerald-50 text-emerald-800'
                      : 'border-amber-600 bg-amber-50 text-amber-900'
                    : 'border-transparent text-slate-500 group-hover:bg-slate-100 group-hover:text-slate-800',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
              </span>
            </button>
          );
        })}
      </div>
      {helpful !== undefined ? (
        <span role="status" className="text-xs text-slate-600" data-testid="feedback-thanks">
          {t('chat.feedback.thanks')}
        </span>
      ) : null}
    </div>
  );
}

export function MessageBubble({
  t,
  item,
  onOpenSource,
  onPreview,
  onRetry,
  onRate,
}: {
  t: Translate;
  item: ChatItem;
  onOpenSource: (citation: Citation) => void;
  onPreview: (viewer: ViewerState) => void;
  onRetry: (key: string) => void;
  onRate?: (key: string, helpful: boolean) => void;
}) {
  const mine = item.role === 'user';
  const agent = item.role === 'agent';
  const who = mine
    ? t('chat.messages.you')
    : agent
      ? t('chat.messages.agent')
      : t('chat.messages.assistant');
  const { previews, fail } = usePagePreviews(t, item.citations);
  /** A source opens as its page where it has one, else as its quoted passage. */
  const openSource = (index: number) => {
    const slide = previews.findIndex((preview) => preview.index === index);
    const citation = item.citations?.[index];
    if (slide !== -1) onPreview({ slides: previews, index: slide });
    else if (citation) onOpenSource(citation);
  };
  return (
    <li
      data-testid="chat-message"
      data-role={item.role}
      data-state={item.state ?? 'sent'}
      className={cx('flex flex-col', mine ? 'items-end' : 'items-start')}
    >
      {agent ? (
        <p className="mb-1 flex items-center gap-1 text-xs font-semibold text-emerald-800">
          <Headset aria-hidden="true" className="size-3.5" />
          {who}
        </p>
      ) : (
        <span className="sr-only">{who}:</span>
      )}
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-3.5 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap sm:max-w-[75%]',
          mine && 'rounded-br-md bg-brand-700 text-white',
          mine && (item.state === 'pending' || item.state === 'failed') && 'opacity-75',
          item.role === 'assistant' &&
            'rounded-bl-md border border-slate-200 bg-white text-slate-900',
          agent && 'rounded-bl-md border border-emerald-200 bg-emerald-50 text-slate-900',
        )}
      >
        {item.image ? (
          <img
            src={item.image}
            alt={t('chat.messages.photoAlt')}
            className={cx('max-h-48 rounded-lg object-contain', item.content && 'mb-2')}
          />
        ) : null}
        {item.images?.length ? (
          <AnswerImages
            t={t}
            images={item.images}
            citations={item.citations}
            onPreview={onPreview}
          />
        ) : null}
        {item.role === 'assistant' ? (
          <AnswerText t={t} content={item.content} citations={item.citations} onOpen={openSource} />
        ) : (
          item.content
        )}
        {item.state === 'streaming' ? (
          <span
            aria-hidden="true"
            className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 rounded-sm bg-brand-400 motion-safe:animate-pulse"
          />
        ) : null}
      </div>
      {mine ? <UserStatus t={t} item={item} onRetry={() => onRetry(item.key)} /> : null}
      {item.role === 'assistant' && !item.state && item.citations?.length ? (
        <SourceChips
          t={t}
          citations={item.citations}
          previews={previews}
          onOpen={openSource}
          onFail={fail}
        />
      ) : null}
      {item.role === 'assistant' && !item.state && item.messageId && onRate ? (
        <Feedback t={t} helpful={item.helpful} onRate={(helpful) => onRate(item.key, helpful)} />
      ) : null}
    </li>
  );
}

/** Shown from sending until the first word of the answer arrives. */
export function AnalyzingIndicator({ t }: { t: Translate }) {
  return (
    <li className="flex items-start" data-testid="chat-analyzing">
      <div
        role="status"
        className="flex items-center gap-2 rounded-2xl rounded-bl-md border border-slate-200 bg-white px-3.5 py-2.5 text-sm text-slate-600"
      >
        <span aria-hidden="true" className="flex gap-1">
          {[0, 150, 300].map((delay) => (
            <span
              key={delay}
              style={{ animationDelay: `${delay}ms` }}
              className="size-1.5 rounded-full bg-brand-500 motion-safe:animate-bounce"
            />
          ))}
        </span>
        {t('chat.messages.analyzing')}
      </div>
    </li>
  );
}
