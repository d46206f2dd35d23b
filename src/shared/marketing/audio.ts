import { z } from 'zod';
import { hasUnsafeCharacters, UNSAFE_TEXT_MESSAGE } from '../safe-text.ts';

/*
 * Audio introductions: one schema for the form on
 * /audio-content (and the advanced-features tab) and for POST /api/audio/generate.
 * Messages are i18n keys (src/shared/i18n, section "audio").
 */

export const VOICE_TYPES = [
  'professional',
  'professional-female',
  'casual',
  'narrative',
  'news',
] as const;
export type VoiceType = (typeof VOICE_TYPES)[number];

export const BACKGROUND_MUSIC = ['none', 'ambient', 'corporate', 'upbeat', 'relaxing'] as const;
export type BackgroundMusic = (typeof BACKGROUND_MUSIC)[number];

/** Languages the offline engine speaks well (Mandarin reads both Han scripts). */
export const AUDIO_LANGUAGES = ['zh-CN', 'zh-TW', 'en'] as const;
export type AudioLanguage = (typeof AUDIO_LANGUAGES)[number];

export const AUDIO_TITLE_MAX = 120;
/** The required message when the title is missing. */
export const AUDIO_TITLE_REQUIRED = 'audio.validation.titleRequired';

export const ZAudioGenerateRequest = z.object({
  // Absent and blank get the same message (a bare z.string() would say "invalid").
  title: z
    .string({ error: AUDIO_TITLE_REQUIRED })
    .refine((value) => !hasUnsafeCharacters(value), UNSAFE_TEXT_MESSAGE)
    .trim()
    .min(1, AUDIO_TITLE_REQUIRED)
    .max(AUDIO_TITLE_MAX, 'validation.tooLong'),
  voiceType: z.enum(VOICE_TYPES).default('professional'),
  backgroundMusic: z.enum(BACKGROUND_MUSIC).default('none'),
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647),
  language: z.enum(AUDIO_LANGUAGES).optional(),
});
export type TAudioGenerateRequest = z.input<typeof ZAudioGenerateRequest>;
export type TAudioGenerateInput = z.output<typeof ZAudioGenerateRequest>;

export const ZPodcast = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  title: z.string(),
  audioUrl: z.string(),
  /** Whole seconds. */
  duration: z.number().int(),
  language: z.string(),
  transcript: z.string(),
  voiceType: z.string(),
  backgroundMusic: z.string(),
  /** Which voice spoke it: the offline engine or the provider's speech model. */
  engine: z.string(),
  createdAt: z.string(),
});
export type TPodcast = z.infer<typeof ZPodcast>;

export const ZAudioGenerateResponse = z.object({
  success: z.literal(true),
  audioUrl: z.string(),
  podcast: ZPodcast,
});
export type TAudioGenerateResponse = z.infer<typeof ZAudioGenerateResponse>;

export const ZPodcastList = z.object({ podcasts: z.array(ZPodcast) });
export type TPodcastList = z.infer<typeof ZPodcastList>;

export const ZPodcastQuery = z.object({
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
