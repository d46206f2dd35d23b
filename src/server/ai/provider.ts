import { randomBytes } from 'node:crypto';
import type { AiProviderConfig, Config } from '#server/config.ts';
import { AI_MODELS, type TAiModel, type TAiProvider } from '#shared/schemas/cards.ts';
import { PROVIDER_PRESETS } from './presets.ts';
import type { RedListKeyword } from './guard.ts';
import { localProvider } from './providers/local.ts';
import { createOpenAiCompatibleProvider } from './providers/openai-compatible.ts';
import type { CardIndex } from './retrieval.ts';
import type { ChatLanguage } from '#server/text/language.ts';
import type { VoiceType } from '#shared/marketing/audio.ts';

/*
 * What answers a card's visitors and writes its marketing text. Two implementations: the local
 * engine (no key, no network: quoted sentences with their sources) and an OpenAI-compatible
 * client (OpenAI, DeepSeek, Qwen, a local Ollama: presets.ts). A card's selected model picks
 * one; where that model has no key on this server, the local engine answers and says so.
 *
 * A provider receives a question already guarded (injection removed, greeting and empty cases
 * handled) and returns a grounded reply or null ("the documents do not cover it"); the
 * assistant (index.ts) declines and enforces the red list on what comes back.
 */

export type ProviderName = TAiProvider;

export interface Citation {
  documentName: string;
  page: number | null;
  excerpt: string;
  /**
   * The cited document (the chat adds its page preview); null for the exhibitor's own answers,
   * absent where only the name is known.
   */
  documentId?: number | null;
}

export interface Reply {
  message: string;
  /** [] when the documents do not cover the question; the message then says so. */
  citations: Citation[];
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A visitor's question as a provider receives it. */
export interface GroundedQuestion {
  /** Without injection attempts; never empty. */
  question: string;
  /** As the visitor wrote it (red-listed topics are looked for in it too). */
  asked: string;
  language: ChatLanguage;
  /** The visitor's last turns, oldest first. */
  history: readonly ChatTurn[];
  /** The visitor's earlier questions, oldest first (for follow-ups). */
  previousQuestions: readonly string[];
  index: CardIndex;
  companyName: string | null;
  keywords: readonly RedListKeyword[];
}

/**
 * Deltas of the answer as it is written, then 'done' with the reply (null: not covered).
 * The deltas joined equal the reply's message when the provider streams at all.
 */
export type ProviderEvent = { type: 'delta'; text: string } | { type: 'done'; reply: Reply | null };

export interface WriteRequest {
  /** What to write, in plain words (our text, trusted). */
  instruction: string;
  /** Facts or text to work from (the owner's documents or input: untrusted data). */
  data: string;
  maxTokens?: number;
  temperature?: number;
}

export interface TranslateRequest {
  text: string;
  /** The target language named for a model ("Simplified Chinese", "English"). */
  languageName: string;
}

export interface SpeakRequest {
  text: string;
  voiceType: VoiceType;
}

export interface SpokenAudio {
  /** 16-bit mono samples. */
  samples: Int16Array;
  sampleRate: number;
  /** The model that spoke ("tts-1"). */
  model: string;
}

export interface Provider {
  readonly name: ProviderName;
  answer(question: GroundedQuestion): Promise<Reply | null>;
  stream(question: GroundedQuestion): AsyncIterable<ProviderEvent>;
  /** Marketing text (posts, scripts, starters, summaries) from facts given as data. */
  write?(request: WriteRequest): Promise<string>;
  /** A translation keeping hashtags, links, emoji, line breaks and figures. */
  translate?(request: TranslateRequest): Promise<string>;
  /** Spoken audio of a script (where a speech model is configured). */
  speak?(request: SpeakRequest): Promise<SpokenAudio>;
}

export interface ProviderChoice {
  provider: Provider;
  /** The card's selected model cannot answer on this server: the local engine stands in. */
  fellBack: boolean;
}

export interface ProviderOptions {
  /** fetch used by the provider SDK (tests point it anywhere; default: global fetch). */
  fetch?: typeof fetch;
  /** Time limit of a provider answer, and of each pause in a streamed one. */
  timeoutMs: number;
  /** Where provider failures are reported (they never reach the visitor). */
  log?: { warn(details: object, message: string): void };
  /** Written in the system prompt: an answer that contains it is leaking the prompt. */
  canary: string;
}

/** A model a card can choose, as this server has it (owners see id, ready and model only). */
export interface ModelStatus {
  id: TAiModel;
  ready: boolean;
  model: string;
  /** The environment variable that turns it on (its key, or Ollama's URL): for admins. */
  setting: string;
  needsKey: boolean;
}

export interface Providers {
  /** The provider of a card's selected model, or the local engine. */
  providerFor(card: { selectedAiModel: string | null }): ProviderChoice;
  /** The configured model writing for a card: its own first, then any other with a key. */
  writerFor(card: { selectedAiModel: string | null | undefined }): Provider | null;
  /** The configured provider with a voice (OPENAI_SPEECH_MODEL), or null. */
  speaker(): Provider | null;
  /** Every model a card can choose, and whether this server can call it. */
  models(): ModelStatus[];
}

export function isAiModel(value: string | null | undefined): value is TAiModel {
  return (AI_MODELS as readonly (string | null | undefined)[]).includes(value);
}

const hasKey = (config: AiProviderConfig): config is AiProviderConfig & { apiKey: string } =>
  Boolean(config.apiKey);

/** The card's choice of model, resolved against this server's keys. */
export function createProviders(config: Config, options: ProviderOptions): Providers {
  const remote = new Map<TAiModel, Provider>();

  function remoteProvider(model: TAiModel): Provider | null {
    const settings = config[model];
    if (!hasKey(settings)) return null;
    let provider = remote.get(model);
    if (!provider) {
      provider = createOpenAiCompatibleProvider(model, settings, {
        ...options,
        contextTokens: config.aiContextTokens,
        // The speech model is OpenAI's (/audio/speech); the other presets have none.
        ...(model === 'openai' && config.speechModel ? { speechModel: config.speechModel } : {}),
      });
      remote.set(model, provider);
    }
    return provider;
  }

  return {
    providerFor(card) {
      if (!isAiModel(card.selectedAiModel)) return { provider: localProvider, fellBack: false };
      const provider = remoteProvider(card.selectedAiModel);
      return provider ? { provider, fellBack: false } : { provider: localProvider, fellBack: true };
    },
    writerFor(card) {
      const own = isAiModel(card.selectedAiModel) ? [card.selectedAiModel] : [];
      for (const model of [...own, ...AI_MODELS]) {
        const provider = remoteProvider(model);
        if (provider) return provider;
      }
      return null;
    },
    speaker() {
      const provider = remoteProvider('openai');
      return provider?.speak ? provider : null;
    },
    models() {
      return AI_MODELS.map((id) => {
        const { env, needsKey } = PROVIDER_PRESETS[id];
        return {
          id,
          ready: hasKey(config[id]),
          model: config[id].model,
          setting: needsKey ? env.apiKey : env.baseUrl,
          needsKey,
        };
      });
    },
  };
}

/** One set of providers per configuration, for the marketing generators (writer.ts). */
const sharedByConfig = new WeakMap<Config, Providers>();

export function sharedProviders(config: Config): Providers {
  let providers = sharedByConfig.get(config);
  if (!providers) {
    providers = createProviders(config, {
      timeoutMs: 20_000,
      canary: `dc-${randomBytes(6).toString('hex')}`,
    });
    sharedByConfig.set(config, providers);
  }
  return providers;
}
