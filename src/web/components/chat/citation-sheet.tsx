import { MessageSquareText } from './icons.tsx';
import { FileText } from './answer-icons.tsx';
import type { Citation } from '#web/lib/chat/api.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';
import { citationPlace } from './message-list.tsx';
import { Sheet } from './sheet.tsx';

/** The quoted passage behind a source chip: document, page or slide, excerpt. */
export function CitationSheet({
  t,
  citation,
  onClose,
}: {
  t: Translate;
  citation: Citation | null;
  onClose: () => void;
}) {
  const place = citation ? citationPlace(t, citation) : null;
  // The exhibitor's own answer is no document (documentId null).
  const Icon = citation?.documentId === null ? MessageSquareText : FileText;
  return (
    <Sheet
      open={citation !== null}
      onClose={onClose}
      title={t('chat.sources.title')}
      closeLabel={t('chat.sources.close')}
      testId="citation-sheet"
    >
      {citation ? (
        <div className="grid gap-3">
          <p className="flex items-start gap-2 text-sm font-medium text-slate-900">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
            <span className="min-w-0 break-words" data-testid="citation-document">
              {citation.documentName}
              {place ? <span className="font-normal text-slate-600"> · {place}</span> : null}
            </span>
          </p>
          <figure>
            <figcaption className="mb-1 text-xs font-medium tracking-wide text-slate-500 uppercase">
              {t('chat.sources.quoted')}
            </figcaption>
            <blockquote
              data-testid="citation-excerpt"
              className="rounded-lg border-l-4 border-brand-500 bg-slate-50 px-3 py-2 text-[15px] leading-relaxed whitespace-pre-wrap text-slate-800"
            >
              {citation.excerpt}
            </blockquote>
          </figure>
        </div>
      ) : null}
    </Sheet>
  );
}
