import type { AudioLanguage, VoiceType } from '#shared/marketing/audio.ts';

/*
 * How each voice type (VoiceType) sounds in eSpeak NG: a voice variant (m = male, f = female
 * timbre), a speaking rate in words per minute, a pitch (0–99) and a gap between words.
 * Mandarin is read syllable by syllable, so it gets a higher rate than English to sound natural.
 */

export interface EngineVoice {
  /** The eSpeak NG voice with its variant, e.g. "en-us+f3". */
  voice: string;
  wordsPerMinute: number;
  pitch: number;
  /** Extra pause between words, in units of 10 ms. */
  wordGap: number;
}

const LANGUAGE_VOICE: Record<AudioLanguage, string> = {
  en: 'en-us',
  'zh-CN': 'cmn',
  'zh-TW': 'cmn',
};

const STYLE: Record<VoiceType, { variant: string; rate: number; pitch: number; gap: number }> = {
  professional: { variant: 'm3', rate: 160, pitch: 42, gap: 0 },
  'professional-female': { variant: 'f3', rate: 160, pitch: 62, gap: 0 },
  casual: { variant: 'm2', rate: 175, pitch: 55, gap: 0 },
  narrative: { variant: 'm1', rate: 145, pitch: 38, gap: 1 },
  news: { variant: 'f2', rate: 180, pitch: 50, gap: 0 },
};

const MANDARIN_RATE_FACTOR = 1.1;

export function engineVoice(language: AudioLanguage, voiceType: VoiceType): EngineVoice {
  const style = STYLE[voiceType];
  const mandarin = language !== 'en';
  return {
    voice: `${LANGUAGE_VOICE[language]}+${style.variant}`,
    wordsPerMinute: Math.round(style.rate * (mandarin ? MANDARIN_RATE_FACTOR : 1)),
    pitch: style.pitch,
    wordGap: style.gap,
  };
}
