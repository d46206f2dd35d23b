import { z } from 'zod';

/* Company introductions and the business summary. */

/** The 12 company-introduction languages (zh-CN first: the default). */
export const INTRO_LANGUAGES = [
  'zh-CN',
  'zh-TW',
  'en',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'pt',
  'ru',
  'ar',
  'hi',
] as const;
export type IntroLanguage = (typeof INTRO_LANGUAGES)[number];

/** Written without a provider, from the documents; the others need one. */
export const LOCAL_LANGUAGES = ['zh-CN', 'en'] as const;
export type LocalLanguage = (typeof LOCAL_LANGUAGES)[number];

export function isLocalLanguage(language: string): language is LocalLanguage {
  return (LOCAL_LANGUAGES as readonly string[]).includes(language);
}

export const SUMMARY_TYPES = ['networking_intro', 'elevator_pitch', 'detailed'] as const;

const cardId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZCompanySummaryRequest = z.object({
  businessCardId: cardId,
  language: z.enum(INTRO_LANGUAGES, 'marketingText.validation.language').default('zh-CN'),
  summaryType: z.enum(SUMMARY_TYPES).default('networking_intro'),
});
export type TCompanySummaryRequest = z.input<typeof ZCompanySummaryRequest>;

export const ZCompanySummary = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  language: z.enum(INTRO_LANGUAGES),
  wordCount: z.number().int(),
  keyPoints: z.array(z.string()),
});
export type TCompanySummary = z.infer<typeof ZCompanySummary>;

export const ZCompanySummaryResponse = z.object({
  summaries: z.array(ZCompanySummary),
  writtenBy: z.enum(['local', 'provider']),
});

export const ZBusinessSummaryRequest = z.object({
  businessCardId: cardId,
  /** Absent: the language most of the card's documents are written in. */
  language: z.enum(LOCAL_LANGUAGES).optional(),
});

export const ZBusinessSummaryResponse = z.object({
  enhancedContent: z.string(),
  writtenBy: z.enum(['local', 'provider']),
});
