import { FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCitation } from '#shared/schemas/chat.ts';
import { cn } from '#web/lib/utils.ts';

/** The documents an answer cites, as chips; a chip opens its excerpt under them. */
export function SourceChips({ citations }: { citations: TCitation[] }) {
  const { t } = useTranslation();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const excerptId = useId();
  const open = openIndex === null ? undefined : citations[openIndex];
  return (
    <div className="flex max-w-[min(36rem,90%)] flex-col items-end gap-1.5">
      <ul className="flex flex-wrap justify-end gap-1.5" aria-label={t('conversation.sources')}>
        {citations.map((citation, index) => {
          const label =
            citation.page === null
              ? citation.documentName
              : t('conversation.sourcePage', { name: citation.documentName, page: citation.page });
          return (
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
                <span className="truncate">{label}</span>
              </button>
            </li>
          );
        })}
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
    </div>
  );
}
