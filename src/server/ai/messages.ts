import { translate } from '#server/lib/i18n.ts';
import type { ChatLanguage } from '#server/text/language.ts';
import type { BroadIntent } from '#server/vocabulary/question-cues.ts';

/*
 * The assistant's own sentences in the visitor's language, from the locale files (section
 * "assistant") like every other visible string.
 */

export type { BroadIntent } from '#server/vocabulary/question-cues.ts';

interface Messages {
  intro: string;
  introQuoted: string;
  /** "From catalogue.pdf, p. 3 (quoted as written):": one source in another language. */
  quotedFrom: (document: string, page: number | null) => string;
  /** The first line of a summary answer to a broad question ("What do you make?"). */
  broad: (intent: BroadIntent) => string;
  notCovered: string;
  redListed: (keyword: string) => string;
  greeting: (company: string | null) => string;
  noDocuments: string;
}

export function messagesFor(language: ChatLanguage): Messages {
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(language, `assistant.${key}`, params);
  return {
    intro: t('intro'),
    introQuoted: t('introQuoted'),
    quotedFrom: (document, page) =>
      page === null
        ? t('quotedFromNoPage', { document })
        : t('quotedFrom', { document, page: String(page) }),
    broad: (intent) => t(`broad.${intent}`),
    notCovered: t('notCovered'),
    redListed: (keyword) => t('redListed', { keyword }),
    greeting: (company) => (company ? t('greeting', { company }) : t('greetingNoCompany')),
    noDocuments: t('noDocuments'),
  };
}
