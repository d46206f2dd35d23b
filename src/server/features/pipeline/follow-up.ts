import type { Language } from '#shared/limits.ts';
import { translate } from '#server/lib/i18n.ts';
import type { BuyingSignal } from './scoring.ts';

/*
 * A follow-up message drafted locally from the conversation: the lead's name, what they asked
 * about (their buying signals and their first questions) and the exhibitor's company, in the
 * visitor's language. The owner edits it before anything is sent.
 */

export interface FollowUpInput {
  language: Language;
  leadName: string | null;
  ownerCompany: string | null;
  signals: readonly string[];
  visitorQuestions: readonly string[];
}

function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function draftFollowUp(input: FollowUpInput): { subject: string; body: string } {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    translate(input.language, `pipeline.followUp.${key}`, params);
  const company = input.ownerCompany?.trim() || t('ourCompany');
  const topics = input.signals
    .filter((s): s is Exclude<BuyingSignal, 'lead_form'> => s !== 'lead_form')
    .map((s) => t(`topics.${s}`));
  const questions = input.visitorQuestions
    .filter((q) => q.trim().length > 0)
    .slice(0, 2)
    .map((q) => `• ${shorten(q, 140)}`);
  const lines = [
    input.leadName ? t('greetingNamed', { name: input.leadName }) : t('greeting'),
    '',
    t('thanks', { company }),
  ];
  if (topics.length > 0) lines.push(t('topicsLine', { topics: topics.join(t('listSeparator')) }));
  if (questions.length > 0) lines.push('', t('questionsIntro'), ...questions);
  lines.push('', t('nextStep'), '', t('signature', { company }));
  return { subject: t('subject', { company }), body: lines.join('\n') };
}
