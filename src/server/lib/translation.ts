import { ProviderError, writerFor } from '#server/ai/writer.ts';
import type { AppContext } from '#server/context.ts';
import { AppError } from './errors.ts';

/*
 * Translation through a language model, for every screen that offers it (the marketing
 * translator, the staff's view of a buyer's conversation). There is no local translation: with
 * no provider configured the answer is 503 PROVIDER_REQUIRED (the screens link to the model
 * settings), and a provider that fails is 502 PROVIDER_FAILED. Never a word-swap imitation.
 * The text goes to the model as data (writer.ts), never as instructions.
 */

/** Language codes as a model is told them. */
export const LANGUAGE_FOR_MODEL: Record<string, string> = {
  'zh-CN': 'Simplified Chinese',
  'zh-TW': 'Traditional Chinese',
  en: 'English',
  tr: 'Turkish',
  ja: 'Japanese',
  ko: 'Korean',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  ru: 'Russian',
  ar: 'Arabic',
  hi: 'Hindi',
  th: 'Thai',
  vi: 'Vietnamese',
};

export interface TranslationRequest {
  text: string;
  /** A code of LANGUAGE_FOR_MODEL. */
  targetLanguage: string;
  /** The card's selected model, tried first (writerFor). */
  selectedModel?: string | null | undefined;
}

/** The translated text, or an AppError: PROVIDER_REQUIRED (none configured), PROVIDER_FAILED. */
export async function translateWithProvider(
  ctx: AppContext,
  request: TranslationRequest,
  log?: { warn(details: object, message: string): void },
): Promise<string> {
  const writer = writerFor(ctx, request.selectedModel);
  if (!writer) throw new AppError('PROVIDER_REQUIRED', 'marketingText.errors.providerRequired');
  try {
    return await writer.translate({
      text: request.text,
      languageName: LANGUAGE_FOR_MODEL[request.targetLanguage] ?? request.targetLanguage,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    log?.warn({ provider: writer.provider, err: error.message }, 'translation failed');
    throw new AppError('PROVIDER_FAILED', 'marketingText.errors.providerFailed');
  }
}
