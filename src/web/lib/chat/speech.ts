/*
 * Voice input through the Web Speech API: the recognition language follows the
 * browser language among tr, it, en, es, fr, de, ru, ar, ja and ko, else zh-CN; one utterance,
 * final results only.
 */

const SPEECH_LANGUAGES: Record<string, string> = {
  tr: 'tr-TR',
  it: 'it-IT',
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  ru: 'ru-RU',
  ar: 'ar-SA',
  ja: 'ja-JP',
  ko: 'ko-KR',
};
export const DEFAULT_SPEECH_LANGUAGE = 'zh-CN';

/**
 * The recognition language for the browser's preferred language. A regional tag of a listed
 * language is kept as it is (en-GB stays en-GB); Chinese in Taiwan and Hong Kong keeps its
 * region so the words come back in Traditional characters; anything else is zh-CN.
 */
export function speechLanguage(browserLanguage: string | undefined): string {
  const tag = (browserLanguage ?? '').trim();
  const [base = '', region] = tag.toLowerCase().split(/[-_]/);
  if (base === 'zh' && (region === 'tw' || region === 'hk' || region === 'hant'))
    return region === 'hk' ? 'zh-HK' : 'zh-TW';
  const fallback = SPEECH_LANGUAGES[base];
  if (!fallback) return DEFAULT_SPEECH_LANGUAGE;
  return region && /^[a-z]{2}$/.test(region) ? `${base}-${region.toUpperCase()}` : fallback;
}

/** The part of SpeechRecognition the chat uses (the DOM typings do not include it). */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type RecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's recognizer class, or null where voice input is not available. */
export function speechRecognitionClass(scope: object = globalThis): RecognitionConstructor | null {
  const candidate = scope as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return candidate.SpeechRecognition ?? candidate.webkitSpeechRecognition ?? null;
}

/** The words of every final result, joined. */
export function transcriptOf(results: ArrayLike<ArrayLike<{ transcript: string }>>): string {
  const words: string[] = [];
  for (let i = 0; i < results.length; i++) {
    const best = results[i]?.[0]?.transcript?.trim();
    if (best) words.push(best);
  }
  return words.join(' ');
}
