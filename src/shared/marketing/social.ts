import { z } from 'zod';
import { safeText } from '../schemas/text.ts';

/*
 * Social posts, their transformation per platform and translation:
 * one set of constants and schemas for the routes and the forms. Messages are i18n keys.
 */

/** The platforms of the transformer; the social tab offers the first four. */
export const SOCIAL_PLATFORMS = [
  'linkedin',
  'twitter',
  'facebook',
  'instagram',
  'wechat_moments',
  'xiaohongshu',
] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

/** Character limits per platform. */
export const PLATFORM_CHAR_LIMITS: Record<SocialPlatform, number> = {
  linkedin: 3000,
  twitter: 280,
  facebook: 63206,
  instagram: 2200,
  wechat_moments: 2000,
  xiaohongshu: 1000,
};

/** Titles where a platform has them (a Xiaohongshu note's title: 20 characters). */
export const PLATFORM_TITLE_LIMITS: Partial<Record<SocialPlatform, number>> = {
  xiaohongshu: 20,
};

export const SOCIAL_CONTENT_TYPES = ['post', 'thread', 'promotional', 'informational'] as const;
export type SocialContentType = (typeof SOCIAL_CONTENT_TYPES)[number];
export const SOCIAL_TONES = ['professional', 'casual', 'humorous', 'formal'] as const;
export type SocialTone = (typeof SOCIAL_TONES)[number];

/** The 16 transformer languages (zh-CN first: the default). */
export const TRANSLATION_LANGUAGES = [
  'zh-CN',
  'zh-TW',
  'en',
  'tr',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'ar',
  'hi',
  'th',
  'vi',
] as const;
export type TranslationLanguage = (typeof TRANSLATION_LANGUAGES)[number];

/** Each language's own name, as a menu shows it. */
export const LANGUAGE_NATIVE_NAMES: Record<TranslationLanguage, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  en: 'English',
  tr: 'Türkçe',
  ja: '日本語',
  ko: '한국어',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
  ar: 'العربية',
  hi: 'हिन्दी',
  th: 'ไทย',
  vi: 'Tiếng Việt',
};

export const MAX_SOCIAL_TEXT = 10_000;
export const MAX_TRANSLATE_TEXT = 5_000;

const cardId = z.coerce.number().int().positive().max(2_147_483_647);

export const ZSocialGenerateRequest = z.object({
  businessCardId: cardId,
  platform: z.enum(SOCIAL_PLATFORMS),
  contentType: z.enum(SOCIAL_CONTENT_TYPES).default('post'),
  tone: z.enum(SOCIAL_TONES).default('professional'),
  /** Document ids to write from; empty or absent: all of the card's documents. */
  includedDocuments: z.array(cardId).max(100).default([]),
  /** One language (the older form); absent with no `languages`: the documents' language. */
  language: z.enum(TRANSLATION_LANGUAGES, 'marketingText.validation.language').optional(),
  /** Every language a post is wanted in; the languages ticked on the form. */
  languages: z
    .array(z.enum(TRANSLATION_LANGUAGES, 'marketingText.validation.language'))
    .min(1, 'marketingText.validation.languageRequired')
    .max(TRANSLATION_LANGUAGES.length)
    .optional(),
});
export type TSocialGenerateRequest = z.input<typeof ZSocialGenerateRequest>;

/**
 * The languages a post is written in with no provider: composed from the facts in English and
 * Simplified Chinese, and the Simplified text set in Traditional characters. Every other
 * language needs a provider (decision 020: no word-swap translation).
 */
export const LOCAL_POST_LANGUAGES = [
  'en',
  'zh-CN',
  'zh-TW',
] as const satisfies readonly TranslationLanguage[];

export function isLocalPostLanguage(
  language: TranslationLanguage,
): language is (typeof LOCAL_POST_LANGUAGES)[number] {
  return (LOCAL_POST_LANGUAGES as readonly string[]).includes(language);
}

/** One language's post in a generate answer. */
export const ZSocialPost = z.object({
  id: z.number().int(),
  language: z.enum(TRANSLATION_LANGUAGES),
  content: z.string(),
  hashtags: z.array(z.string()),
  charCount: z.number().int(),
  writtenBy: z.enum(['local', 'provider']),
});
export type TSocialPost = z.infer<typeof ZSocialPost>;

export const ZSocialGenerateResponse = z.object({
  success: z.literal(true),
  id: z.number().int(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  hashtags: z.array(z.string()),
  charLimit: z.number().int(),
  charCount: z.number().int(),
  writtenBy: z.enum(['local', 'provider']),
  /** The post in each language written, in the order asked (the fields above: the first). */
  posts: z.array(ZSocialPost),
  /** Languages asked for that only a provider can write, and none is configured. */
  needsProvider: z.array(z.enum(TRANSLATION_LANGUAGES)),
  /** Languages asked for that the configured provider failed to write this time. */
  providerFailed: z.array(z.enum(TRANSLATION_LANGUAGES)),
});
export type TSocialGenerateResponse = z.infer<typeof ZSocialGenerateResponse>;

export const ZTransformRequest = z.object({
  content: safeText()
    .trim()
    .min(1, 'marketingText.validation.contentRequired')
    .max(MAX_SOCIAL_TEXT, 'validation.tooLong'),
  platforms: z
    .array(z.enum(SOCIAL_PLATFORMS))
    .min(1, 'marketingText.validation.platformRequired')
    .max(SOCIAL_PLATFORMS.length),
  businessCardId: cardId.optional(),
});
export type TTransformRequest = z.input<typeof ZTransformRequest>;

export const ZTransformation = z.object({
  /** The stored row (null when the owner has no card to file it under). */
  id: z.number().int().nullable(),
  platform: z.enum(SOCIAL_PLATFORMS),
  content: z.string(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  mediaType: z.enum(['image', 'text']),
  bestPostTime: z.string(),
  charLimit: z.number().int(),
  charCount: z.number().int(),
  translations: z.record(z.string(), z.string()),
});
export type TTransformation = z.infer<typeof ZTransformation>;

export const ZTransformResponse = z.object({
  transformations: z.array(ZTransformation),
  writtenBy: z.enum(['local', 'provider']),
});
export type TTransformResponse = z.infer<typeof ZTransformResponse>;

export const ZTranslateRequest = z.object({
  text: safeText()
    .trim()
    .min(1, 'marketingText.validation.contentRequired')
    .max(MAX_TRANSLATE_TEXT, 'validation.tooLong'),
  targetLanguage: z.enum(TRANSLATION_LANGUAGES, 'marketingText.validation.language'),
  platform: safeText().max(40).optional(),
  businessCardId: cardId.optional(),
  /** A stored transformation this translation belongs to (kept in its translations). */
  contentId: cardId.optional(),
});
export type TTranslateRequest = z.input<typeof ZTranslateRequest>;

export const ZTranslateResponse = z.object({
  translatedText: z.string(),
  targetLanguage: z.enum(TRANSLATION_LANGUAGES),
});

export const ZSocialContent = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  platform: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  mediaType: z.string().nullable(),
  bestPostTime: z.string().nullable(),
  language: z.string().nullable(),
  translations: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export const ZSocialContentList = z.object({ contents: z.array(ZSocialContent) });
export type TSocialContent = z.infer<typeof ZSocialContent>;
