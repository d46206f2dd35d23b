import { Sparkles } from './icons.tsx';
import type { Translate } from '#web/lib/chat/i18n.ts';

/** What the chat shows before the first question: who answers, and questions to start with. */
export function Welcome({
  t,
  company,
  suggestions,
  onAsk,
  disabled,
}: {
  t: Translate;
  company: string;
  /** Questions the card's documents answer (computed by the server); none: no list. */
  suggestions: readonly string[];
  onAsk: (question: string) => void;
  disabled: boolean;
}) {
  return (
    <div
      data-testid="chat-welcome"
      className="mx-auto flex max-w-md flex-col items-center gap-3 px-2 py-6 text-center"
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Sparkles aria-hidden="true" className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-balance text-slate-900">
        {t('chat.welcome.title', { company })}
      </h2>
      <p className="text-sm text-pretty text-slate-600">{t('chat.welcome.text')}</p>
      {suggestions.length > 0 ? (
        <p className="mt-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
          {t('chat.welcome.suggestionsLabel')}
        </p>
      ) : null}
      <ul className="flex w-full flex-col gap-2">
        {suggestions.map((question) => (
          <li key={question}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(question)}
              data-testid="chat-suggestion"
              className="min-h-11 w-full rounded-xl border border-slate-200 bg-white px-4 py-2 text-left text-sm text-slate-800 shadow-xs hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
            >
              {question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
