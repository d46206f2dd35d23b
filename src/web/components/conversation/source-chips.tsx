import { FileText } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCitation } from '#shared/schemas/chat.ts';
import {
  LazySourceViewer,
  type ViewerState,
} from '#web/components/source-preview/lazy-source-viewer.tsx';
import { SourceThumbnail } from '#web/components/source-preview/answer-sources.tsx';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { PreviewSlide } from '#web/lib/source-preview.ts';
import { cn } from '#web/lib/utils.ts';

/**
 * The documents an answer cites: the pages the buyer saw as thumbnails (a tap opens the same
 * viewer), and a chip per source that opens its excerpt under them.
 */
export function SourceChips({ citations }: { citations: TCitation[] }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<number>>(() => new Set());
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const closeViewer = useCallback(() => setViewer(null), []);
  const excerptId = useId();
  const open = openIndex === null ? undefined : citations[openIndex];
  const label = (citation: TCitation) =>
    citation.page === null
      ? citation.documentName
      : t('conversation.sourcePage', { name: citation.documentName, page: citation.page });
  const previews: Array<PreviewSlide & { page: number | null }> = citations.flatMap(
    (citation, index) =>
      citation.previewUrl && !failed.has(index)
        ? [
            {
              key: `${index}`,
              src: citation.previewUrl,
              label: label(citation),
              excerpt: citation.excerpt,
              page: citation.page,
            },
          ]
        : [],
  );
  const translate: Translate = (key, values) => t(key, values);
  return (
    <div className="flex max-w-[min(36rem,90%)] flex-col items-end gap-1.5">
      {previews.length > 0 ? (
        <ul
          className="flex flex-wrap justify-end gap-1.5"
          aria-label={t('conversation.sourcePages')}
        >
          {previews.map((preview, slide) => (
            <li key={preview.key}>
              <SourceThumbnail
                src={preview.src}
                label={t('chat.sources.open', { number: slide + 1, name: preview.label })}
                caption={
                  preview.page === null ? null : t('chat.sources.page', { page: preview.page })
                }
                onOpen={() => setViewer({ slides: previews, index: slide })}
                onFail={() => setFailed((current) => new Set(current).add(Number(preview.key)))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t('conversation.sources')}>
        {citations.map((citation, index) => (
          <li key={`${citation.documentName}-${citation.page ?? 0}-${index}`}>
            <button
              type="button"
              aria-expanded={openIndex === index}
              aria-controls={excerptId}
              onClick={() => setOpenIndex((value) => (value === index ? null : index))}
              data-testid="conversation-source"
              className={cn(
                'inline-flex max-w-64 items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-medium transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
                openIndex === index
                  ? 'border-brand-300 bg-brand-100 text-brand-900'
                  : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <FileText aria-hidden="true" className="size-3.5 shrink-0" />
              <span className="truncate">{label(citation)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open ? (
        <blockquote
          id={excerptId}
          aria-label={t('conversation.sourceExcerpt', { name: open.documentName })}
          className="rounded-lg border-l-4 border-brand-300 bg-white px-3 py-2 text-xs text-slate-700 shadow-sm"
        >
          {open.excerpt}
        </blockquote>
      ) : null}
      <LazySourceViewer t={translate} state={viewer} onClose={closeViewer} />
    </div>
  );
}
