import type { AppContext } from '#server/context.ts';
import { sharedProviders, type TranslateRequest, type WriteRequest } from './provider.ts';
import type { TAiModel } from '#shared/schemas/cards.ts';

/*
 * Text generation for the marketing generators (posts, translations, introductions, starters)
 * through the same providers as the assistant (provider.ts). The card's selected model is used
 * when its key is set, else any configured model; with none, writerFor() answers null and the
 * caller writes locally or says a provider is needed. Company facts go to the model as data
 * inside <data> tags, never as instructions. Every failure throws ProviderError.
 */

export { ProviderError } from './provider-error.ts';
export type { WriteRequest } from './provider.ts';

export type WriterProvider = TAiModel;

export interface Writer {
  provider: WriterProvider;
  write(request: WriteRequest): Promise<string>;
  translate(request: TranslateRequest): Promise<string>;
}

/** The writer for a card (its selected model first), or null when no provider key is set. */
export function writerFor(ctx: AppContext, selectedModel?: string | null): Writer | null {
  const provider = sharedProviders(ctx.config).writerFor({ selectedAiModel: selectedModel });
  if (!provider?.write || !provider.translate || provider.name === 'local') return null;
  return {
    provider: provider.name,
    write: provider.write.bind(provider),
    translate: provider.translate.bind(provider),
  };
}
