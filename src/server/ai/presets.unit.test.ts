import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createProviders } from './provider.ts';

const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-presets-'));
const options = { timeoutMs: 1_000, canary: 'dc-test' };

describe('provider presets', () => {
  it('point every provider at its official address, and nothing is on without a key', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.deepseek.baseUrl).toBe('https://api.deepseek.com');
    expect(config.qwen.baseUrl).toBe('https://dashscope.aliyuncs.com/compatible-mode/v1');
    expect(config.openai.baseUrl).toBe('https://api.openai.com/v1');
    expect(config.ollama.baseUrl).toBe('http://127.0.0.1:11434/v1');
    const providers = createProviders(config, options);
    expect(providers.models().filter((model) => model.ready)).toEqual([]);
    expect(providers.providerFor({ selectedAiModel: 'qwen' })).toMatchObject({
      provider: { name: 'local' },
      fellBack: true,
    });
    expect(providers.writerFor({ selectedAiModel: 'qwen' })).toBeNull();
  });

  it('name the setting that turns each one on', () => {
    const providers = createProviders(loadConfig({ DATA_DIR: dataDir() }), options);
    expect(providers.models().map(({ id, setting }) => [id, setting])).toEqual([
      ['openai', 'OPENAI_API_KEY'],
      ['deepseek', 'DEEPSEEK_API_KEY'],
      ['qwen', 'QWEN_API_KEY'],
      ['ollama', 'OLLAMA_BASE_URL'],
    ]);
  });

  it('turn Ollama on with its URL alone, and write with the card’s model first', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      OLLAMA_BASE_URL: 'http://10.0.0.5:11434/v1',
      DEEPSEEK_API_KEY: 'sk-deepseek',
    });
    const providers = createProviders(config, options);
    expect(
      providers
        .models()
        .filter((m) => m.ready)
        .map((m) => m.id),
    ).toEqual(['deepseek', 'ollama']);
    expect(providers.providerFor({ selectedAiModel: 'ollama' })).toMatchObject({
      provider: { name: 'ollama' },
      fellBack: false,
    });
    expect(providers.writerFor({ selectedAiModel: 'ollama' })?.name).toBe('ollama');
    // A card on a model without a key still gets marketing text from a configured one.
    expect(providers.writerFor({ selectedAiModel: 'openai' })?.name).toBe('deepseek');
  });
});
