import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, newCard, signUp, type TestApp } from '#server/test/test-app.ts';
import type { TAssistantStatus } from '#shared/schemas/cards.ts';

/*
 * The model screen's contract, through HTTP: a card may choose any preset, and the owner learns
 * which ones this server can call (here only Qwen has a key) and who answers their visitors.
 */

let t: TestApp;
let cookie: string;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp({ env: { QWEN_API_KEY: 'sk-dashscope' } });
  cookie = (await signUp(t)).cookie;
  cardId = await newCard(t, cookie, { finished: false });
});

afterAll(async () => {
  await t.close();
});

async function choose(model: string) {
  return api(t, 'PUT', `/api/business-cards/${cardId}/ai-model`, {
    body: { selectedAiModel: model },
    cookie,
  });
}

async function status(): Promise<TAssistantStatus> {
  const response = await api(t, 'GET', `/api/business-cards/${cardId}/assistant`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json<TAssistantStatus>();
}

describe('choosing a model', () => {
  it('lists every preset with whether this server can call it (not how it is turned on)', async () => {
    const { models } = await status();
    expect(models).toEqual([
      { id: 'openai', ready: false, model: 'gpt-4o' },
      { id: 'deepseek', ready: false, model: 'deepseek-chat' },
      { id: 'qwen', ready: true, model: 'qwen-plus' },
      { id: 'ollama', ready: false, model: 'qwen2.5' },
    ]);
  });

  it('recommends a model this server can call rather than the built-in assistant', async () => {
    // No document analysed yet, and the default pick (OpenAI) has no key here: Qwen has one.
    expect((await status()).recommended).toBe('qwen');
  });

  it('answers with the chosen preset when its key is set, else locally and says so', async () => {
    expect((await choose('qwen')).json()).toMatchObject({ selectedAiModel: 'qwen' });
    expect(await status()).toMatchObject({
      selectedModel: 'qwen',
      provider: 'qwen',
      fellBack: false,
    });

    expect((await choose('ollama')).statusCode).toBe(200);
    expect(await status()).toMatchObject({
      selectedModel: 'ollama',
      provider: 'local',
      fellBack: true,
    });
  });

  it('refuses a model that is not offered, and keeps the choice', async () => {
    await choose('ollama');
    const refused = await choose('claude');
    expect(refused.statusCode).toBe(400);
    expect((await status()).selectedModel).toBe('ollama');
  });

  it('reports the providers that can answer in the health check', async () => {
    const health = await api(t, 'GET', '/api/health');
    expect(health.json()).toMatchObject({ ai: ['local', 'qwen'] });
  });
});
