import type { Language } from '#shared/limits.ts';
import type { TStoredChatMessage } from '#shared/schemas/chat.ts';
import { buyerText } from '#server/lib/buyer-language.ts';
import { translate } from '#server/lib/i18n.ts';
import type { BuyingSignal } from './scoring.ts';

/*
 * The follow-up mail's text, in the buyer's language: what they asked and what they were
 * answered (the answer as quoted to them, figures and all, with its sources), a link back to
 * the card, and the exhibitor's signature. Written from the conversation, nothing invented: a
 * question the documents did not answer is listed as one the exhibitor will answer personally.
 */

/** One question of the buyer and what the chat answered it. */
export interface Exchange {
  question: string;
  /** The assistant's (or the booth staff's) answer; null when nothing answered it. */
  answer: string | null;
  /** Where the answer comes from: document name and page (null for a whole-file source). */
  sources: Array<{ documentName: string; page: number | null }>;
}

export interface FollowUpInput {
  language: Language;
  leadName: string | null;
  ownerCompany: string | null;
  ownerPerson: string | null;
  signals: readonly string[];
  exchanges: readonly Exchange[];
  /** The card's chat page, where the buyer can go on asking. */
  cardUrl: string;
}

/** Most questions quoted in one mail (the latest ones), and how long each part may be. */
export const FOLLOW_UP_LIMITS = { exchanges: 6, question: 300, answer: 1200 } as const;

/** The text cut at a sentence end (else a word end) within `max` characters, marked with …. */
export function shorten(text: string, max: number): string {
  const flat = text
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (flat.length <= max) return flat;
  const head = flat.slice(0, max - 1);
  const sentenceEnd = Math.max(
    ...['. ', '。', '！', '？', '! ', '? ', '\n'].map((s) => head.lastIndexOf(s)),
  );
  if (sentenceEnd > max / 2) return `${head.slice(0, sentenceEnd + 1).trim()} …`;
  const wordEnd = head.lastIndexOf(' ');
  return `${(wordEnd > max / 2 ? head.slice(0, wordEnd) : head).trim()}…`;
}

/**
 * The buyer's questions, each with what answered it: the assistant's answer when it cited the
 * documents (an answer without a source said the documents do not cover it), or a reply the
 * booth's staff wrote. The latest FOLLOW_UP_LIMITS.exchanges questions.
 */
export function exchangesOf(messages: readonly TStoredChatMessage[]): Exchange[] {
  const exchanges: Exchange[] = [];
  let current: Exchange | null = null;
  for (const message of messages) {
    if (message.role === 'user') {
      const question = buyerText(message.content);
      current = question ? { question, answer: null, sources: [] } : null;
      if (current) exchanges.push(current);
      continue;
    }
    if (!current || !message.content.trim()) continue;
    const citations = message.citations ?? [];
    if (message.role === 'assistant' && citations.length === 0) continue;
    // The chat's [1] markers point at its source list; the mail names the sources instead.
    const answer = message.content.replace(/[ \t]*\[\d+(?:,\s*\d+)*\]/g, '').trim();
    current.answer = [current.answer, answer].filter(Boolean).join('\n');
    for (const { documentName, page } of citations) {
      const known = current.sources.some((s) => s.documentName === documentName && s.page === page);
      if (!known) current.sources.push({ documentName, page });
    }
  }
  return exchanges.slice(-FOLLOW_UP_LIMITS.exchanges);
}

/** The mail's subject and body: the draft the owner sees is what is sent. */
export function composeFollowUp(input: FollowUpInput): { subject: string; body: string } {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(input.language, `pipeline.followUp.${key}`, params);
  const company = input.ownerCompany?.trim() || t('ourCompany');
  const person = input.ownerPerson?.trim() || null;
  const topics = input.signals
    .filter((s): s is Exclude<BuyingSignal, 'lead_form'> => s !== 'lead_form')
    .map((s) => t(`topics.${s}`));
  const lines = [
    input.leadName ? t('greetingNamed', { name: input.leadName }) : t('greeting'),
    '',
    t('thanks', { company }),
  ];
  if (topics.length > 0) lines.push(t('topicsLine', { topics: topics.join(t('listSeparator')) }));
  if (input.exchanges.length > 0) lines.push('', t('exchangesIntro'));
  for (const exchange of input.exchanges) {
    lines.push('', t('question', { text: shorten(exchange.question, FOLLOW_UP_LIMITS.question) }));
    if (!exchange.answer) {
      lines.push(t('openQuestion'));
      continue;
    }
    lines.push(t('answer', { text: shorten(exchange.answer, FOLLOW_UP_LIMITS.answer) }));
    if (exchange.sources.length > 0) {
      const sources = exchange.sources.map((s) =>
        s.page === null ? s.documentName : t('sourcePage', { name: s.documentName, page: s.page }),
      );
      lines.push(t('sources', { sources: sources.join(t('listSeparator')) }));
    }
  }
  lines.push('', t('cardLink', { url: input.cardUrl }), '', t('nextStep'), '');
  lines.push(person ? t('signatureWithPerson', { person, company }) : t('signature', { company }));
  return { subject: t('subject', { company }), body: lines.join('\n') };
}
