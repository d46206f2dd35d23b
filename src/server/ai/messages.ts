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
  /** Chinese sources stated in English for an English reader, the original below each line. */
  introRendered: string;
  renderedFrom: (document: string, page: number | null) => string;
  /** Two documents give the asked term different values: both follow, each with its source. */
  disagreement: string;
  /** "Original (Chinese): …" under a line stated in English. */
  original: (text: string) => string;
  /** The first line of a summary answer to a broad question ("What do you make?"). */
  broad: (intent: BroadIntent) => string;
  notCovered: string;
  redListed: (keyword: string) => string;
  greeting: (company: string | null) => string;
  noDocuments: string;
  /** A photo without legible text, sent with no question of its own. */
  photoUnreadable: string;
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
    introRendered: t('introRendered'),
    renderedFrom: (document, page) =>
      page === null
        ? t('renderedFromNoPage', { document })
        : t('renderedFrom', { document, page: String(page) }),
    original: (text) => t('original', { text }),
    disagreement: t('disagreement'),
    broad: (intent) => t(`broad.${intent}`),
    notCovered: t('notCovered'),
    redListed: (keyword) => t('redListed', { keyword }),
    greeting: (company) => (company ? t('greeting', { company }) : t('greetingNoCompany')),
    noDocuments: t('noDocuments'),
    photoUnreadable: t('photoUnreadable'),
  };
}
