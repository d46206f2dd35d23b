import { translate } from '#server/lib/i18n.ts';
import type { ChatLanguage } from './text.ts';

/*
 * The assistant's own sentences in the visitor's language, from the locale files (section
 * "assistant") like every other visible string.
 */

interface Messages {
  intro: string;
  introQuoted: string;
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
    notCovered: t('notCovered'),
    redListed: (keyword) => t('redListed', { keyword }),
    greeting: (company) => (company ? t('greeting', { company }) : t('greetingNoCompany')),
    noDocuments: t('noDocuments'),
  };
}
