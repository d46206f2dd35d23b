import type { TAiModel } from '#shared/schemas/cards.ts';

/*
 * The models a card can choose. Every one speaks the OpenAI chat-completions protocol, so one
 * client serves them all; a preset only says where it lives, which model to call and which
 * environment variables override that. config.ts takes its defaults from here.
 */

export interface ProviderPreset {
  id: TAiModel;
  /** The API root the SDK appends /chat/completions to. */
  baseUrl: string;
  /** Called when the environment names none. */
  model: string;
  /** The environment variables of this provider (README and .env.example list them). */
  env: { apiKey: string; baseUrl: string; model: string };
  /**
   * false: runs on the exhibitor's own machine without a key (Ollama); it is turned on by
   * setting its base URL instead.
   */
  needsKey: boolean;
}

export const PROVIDER_PRESETS = {
  openai: {
    id: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    model: 'gpt-4o',
    env: { apiKey: 'OPENAI_API_KEY', baseUrl: 'OPENAI_BASE_URL', model: 'OPENAI_MODEL' },
    needsKey: true,
  },
  deepseek: {
    id: 'deepseek',
    baseUrl: 'https://api.deepseek.com',
    model: 'deepseek-chat',
    env: { apiKey: 'DEEPSEEK_API_KEY', baseUrl: 'DEEPSEEK_BASE_URL', model: 'DEEPSEEK_MODEL' },
    needsKey: true,
  },
  qwen: {
    id: 'qwen',
    // Alibaba Cloud DashScope, OpenAI-compatible mode (mainland China region).
    baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
    model: 'qwen-plus',
    env: { apiKey: 'QWEN_API_KEY', baseUrl: 'QWEN_BASE_URL', model: 'QWEN_MODEL' },
    needsKey: true,
  },
  ollama: {
    id: 'ollama',
    baseUrl: 'http://127.0.0.1:11434/v1',
    model: 'qwen2.5',
    env: { apiKey: 'OLLAMA_API_KEY', baseUrl: 'OLLAMA_BASE_URL', model: 'OLLAMA_MODEL' },
    needsKey: false,
  },
} as const satisfies Record<TAiModel, ProviderPreset>;

/**
 * Ollama ignores the key but the SDK must send one; its own examples send this word. Setting
 * OLLAMA_BASE_URL is what turns it on (config.ts), so every provider has one rule: it answers
 * when it has a key.
 */
export const KEYLESS_PLACEHOLDER_KEY = 'ollama';
