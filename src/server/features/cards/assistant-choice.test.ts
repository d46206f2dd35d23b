import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAssistantStatus } from '#shared/schemas/cards.ts';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import {
  ADMIN_EMAIL,
  addDocuments,
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Through HTTP on a server without any model key: the built-in assistant is a
 * choice of its own and the recommendation; a model that is not set up is saved anyway, and
 * the built-in assistant answers for it and says so. Owners never see environment variable
 * names; admins see them in the admin panel's figures.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
}, 120_000);

afterAll(async () => {
  await t.close();
});

function choose(model: string) {
  return api(t, 'PUT', `/api/business-cards/${cardId}/ai-model`, {
    body: { selectedAiModel: model },
    cookie: owner.cookie,
  });
}

async function assistantStatus() {
  const response = await api(t, 'GET', `/api/business-cards/${cardId}/assistant`, {
    cookie: owner.cookie,
  });
  expect(response.statusCode).toBe(200);
  return { status: response.json<TAssistantStatus>(), raw: response.body };
}

/** A buyer who scanned the card asks one question (JSON, then the streamed variant). */
async function ask(message: string) {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?src=qr`,
    remoteAddress: address,
  });
  expect(info.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const post = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify({ message }),
    });
  const answer = await post(`/api/chat/${cardId}`);
  expect(answer.statusCode).toBe(200);
  const streamed = await post(`/api/chat/${cardId}/stream`);
  expect(streamed.statusCode).toBe(200);
  const done = /event: done\ndata: (.*)\n/.exec(streamed.body)?.[1];
  return { json: answer.json(), done: JSON.parse(done ?? 'null') };
}

describe('the built-in assistant as a choice of its own', () => {
  it('is the recommendation when no model is set up on this server', async () => {
    const { status } = await assistantStatus();
    expect(status.recommended).toBe('local');
    expect(status.models.every((model) => !model.ready)).toBe(true);
  });

  it('is accepted as selectedAiModel "local", and the chat answers with it', async () => {
    const saved = await choose('local');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ selectedAiModel: 'local' });
    const card = await api(t, 'GET', `/api/business-cards/${cardId}`, { cookie: owner.cookie });
    expect(card.json().selectedAiModel).toBe('local');

    expect((await assistantStatus()).status).toMatchObject({
      selectedModel: 'local',
      provider: 'local',
      fellBack: false,
    });

    const { json, done } = await ask('Can we mix designs in one container?');
    expect(json.message).toMatch(/5 designs/);
    expect(json.citations[0]).toMatchObject({ documentName: 'hengtai-faq.txt' });
    expect(json).toMatchObject({ answeredBy: 'local', fellBack: false });
    expect(done).toMatchObject({ answeredBy: 'local', fellBack: false });
    expect(done.message).toMatch(/5 designs/);
  });
});

describe('a model that is not set up on this server', () => {
  it('is saved, and the built-in assistant answers for it and says so', async () => {
    const saved = await choose('deepseek');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ selectedAiModel: 'deepseek' });

    const { status } = await assistantStatus();
    expect(status).toMatchObject({
      selectedModel: 'deepseek',
      provider: 'local',
      fellBack: true,
      recommended: 'local',
    });
    expect(status.models.find((model) => model.id === 'deepseek')).toMatchObject({
      ready: false,
    });

    const { json, done } = await ask('Do you offer installation?');
    expect(json.message).toMatch(/installation/i);
    expect(json.citations.length).toBeGreaterThan(0);
    expect(json).toMatchObject({ answeredBy: 'local', fellBack: true });
    expect(done).toMatchObject({ answeredBy: 'local', fellBack: true });

    // Still the owner's choice afterwards: nothing reset it.
    const card = await api(t, 'GET', `/api/business-cards/${cardId}`, { cookie: owner.cookie });
    expect(card.json().selectedAiModel).toBe('deepseek');
  });

  it('is named to owners without any environment variable', async () => {
    const { raw } = await assistantStatus();
    expect(raw).not.toMatch(/_API_KEY|_BASE_URL|_MODEL\b/);
  });

  it('shows admins which variables to set, in the admin figures', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL, username: 'boss' });
    const stats = await api(t, 'GET', '/api/admin/stats', { cookie: admin.cookie });
    expect(stats.statusCode).toBe(200);
    expect(stats.json().providers).toEqual([
      {
        id: 'openai',
        ready: false,
        model: 'gpt-4o',
        setting: 'OPENAI_API_KEY',
        optional: ['OPENAI_BASE_URL', 'OPENAI_MODEL'],
      },
      {
        id: 'deepseek',
        ready: false,
        model: 'deepseek-chat',
        setting: 'DEEPSEEK_API_KEY',
        optional: ['DEEPSEEK_BASE_URL', 'DEEPSEEK_MODEL'],
      },
      {
        id: 'qwen',
        ready: false,
        model: 'qwen-plus',
        setting: 'QWEN_API_KEY',
        optional: ['QWEN_BASE_URL', 'QWEN_MODEL'],
      },
      {
        id: 'ollama',
        ready: false,
        model: 'qwen2.5',
        setting: 'OLLAMA_BASE_URL',
        optional: ['OLLAMA_MODEL', 'OLLAMA_API_KEY'],
      },
    ]);
    const owners = await api(t, 'GET', '/api/admin/stats', { cookie: owner.cookie });
    expect(owners.statusCode).toBe(403);
  });

  it('still refuses a name that is no choice at all', async () => {
    expect((await choose('claude')).statusCode).toBe(400);
    expect((await assistantStatus()).status.selectedModel).toBe('deepseek');
  });
});
