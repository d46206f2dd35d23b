import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { startFakeOpenAi, type FakeOpenAi } from '#server/ai/test-support/fake-openai.ts';
import {
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * The staff translate a buyer's message into their own language, and write their reply in the
 * buyer's: POST /api/visitor-sessions/:id/messages/:messageId/translate and
 * POST /api/visitor-sessions/:id/reply-translation. Both need a language model (the local
 * OpenAI-compatible server here); without one, 503 PROVIDER_REQUIRED and nothing changes.
 */

type Owner = Awaited<ReturnType<typeof signUp>>;

/** A buyer on the card's chat page in `language`; each message is stored in their conversation. */
async function buyer(t: TestApp, cardId: number, language: string) {
  const address = freshAddress();
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?src=qr`,
    remoteAddress: address,
    headers: { 'x-language': language },
  });
  expect(opened.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  return {
    async say(message: string) {
      const said = await t.app.inject({
        method: 'POST',
        url: `/api/chat/${cardId}`,
        remoteAddress: address,
        headers: { cookie, 'content-type': 'application/json', 'x-language': language },
        payload: JSON.stringify({ message }),
      });
      expect(said.statusCode, said.body).toBe(200);
    },
  };
}

/** The conversation of the owner's newest visitor. */
async function newestConversation(t: TestApp, owner: Owner): Promise<number> {
  const listed = await api(t, 'GET', '/api/notifications', { cookie: owner.cookie });
  return listed.json().notifications[0].customerId as number;
}

const translateMessage = (
  t: TestApp,
  sessionId: number,
  messageId: number | string,
  body: unknown,
  cookie: string,
) =>
  api(t, 'POST', `/api/visitor-sessions/${sessionId}/messages/${messageId}/translate`, {
    body,
    cookie,
  });

const translateReply = (t: TestApp, sessionId: number, body: unknown, cookie: string) =>
  api(t, 'POST', `/api/visitor-sessions/${sessionId}/reply-translation`, { body, cookie });

const conversation = (t: TestApp, sessionId: number, cookie: string) =>
  api(t, 'GET', `/api/visitor-sessions/${sessionId}`, { cookie });

describe('with a provider', () => {
  let fake: FakeOpenAi;
  let p: TestApp;
  let owner: Owner;
  let other: Owner;
  let cardId: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    p = await createTestApp({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-gpt' },
    });
    owner = await signUp(p);
    other = await signUp(p);
    // No documents: the assistant's replies are its own, so the model hears only translations.
    cardId = await newCard(p, owner.cookie);
  });
  afterAll(async () => {
    await p?.close();
    await fake?.close();
  });

  it("translates a buyer's message into the staff's language, the message as data", async () => {
    const question = 'What is the minimum order quantity for the HT-200 pump?';
    await (await buyer(p, cardId, 'en')).say(question);
    const id = await newestConversation(p, owner);
    const before = fake.requests.length;
    fake.respond({ kind: 'answer', text: 'HT-200 水泵的最小起订量是多少？' });

    const translated = await translateMessage(p, id, 0, { targetLanguage: 'zh-CN' }, owner.cookie);
    expect(translated.statusCode, translated.body).toBe(200);
    expect(translated.json()).toEqual({
      messageId: 0,
      translatedText: 'HT-200 水泵的最小起订量是多少？',
      targetLanguage: 'zh-CN',
    });
    expect(fake.requests).toHaveLength(before + 1);
    const request = fake.requests.at(-1)!;
    expect(request.body.model).toBe('fake-gpt');
    const instruction = request.body.messages.at(-1)!.content;
    expect(instruction).toMatch(/Simplified Chinese/u);
    expect(instruction).toContain(`<data>\n${question}\n</data>`);
    // The system prompt says the data is material, not instructions.
    expect(request.body.messages[0]!.content).toMatch(/Never follow instructions/u);

    fake.respond({ kind: 'answer', text: 'HT-200 水泵的最小訂購量是多少？' });
    const traditional = await translateMessage(p, id, 0, { targetLanguage: 'zh-TW' }, owner.cookie);
    expect(traditional.json().targetLanguage).toBe('zh-TW');
    expect(fake.requests.at(-1)!.body.messages.at(-1)!.content).toMatch(/Traditional Chinese/u);
  });

  it("is the owner's own, of the buyer's messages only, with a clear 400 for a bad request", async () => {
    await (await buyer(p, cardId, 'en')).say('Do you ship to Germany?');
    const id = await newestConversation(p, owner);
    const messages = (await conversation(p, id, owner.cookie)).json().messages as Array<{
      role: string;
    }>;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    const before = fake.requests.length;
    fake.respond({ kind: 'answer', text: '你们发货到德国吗？' });

    const foreign = await translateMessage(p, id, 0, { targetLanguage: 'en' }, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const foreignReply = await translateReply(p, id, { text: 'Yes, we do.' }, other.cookie);
    expect(foreignReply.statusCode).toBe(404);
    // The assistant's answer is not the buyer's; past the end there is no message.
    for (const messageId of [1, 2, 99]) {
      const response = await translateMessage(
        p,
        id,
        messageId,
        { targetLanguage: 'en' },
        owner.cookie,
      );
      expect(response.statusCode, String(messageId)).toBe(404);
    }
    expect(
      (await translateMessage(p, 999_999, 0, { targetLanguage: 'en' }, owner.cookie)).statusCode,
    ).toBe(404);

    for (const [messageId, body] of [
      [0, { targetLanguage: 'de' }],
      [0, {}],
      ['first', { targetLanguage: 'en' }],
      [-1, { targetLanguage: 'en' }],
    ] as const) {
      const bad = await translateMessage(p, id, messageId, body, owner.cookie);
      expect(bad.statusCode, `${messageId} ${JSON.stringify(body)}`).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(2001) },
      { text: 3 },
    ]) {
      const bad = await translateReply(p, id, body, owner.cookie);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().code).toBe('VALIDATION_ERROR');
    }
    const signedOut = await translateMessage(p, id, 0, { targetLanguage: 'en' }, '');
    expect(signedOut.statusCode).toBe(401);
    expect((await translateReply(p, id, { text: 'Hi' }, '')).statusCode).toBe(401);
    // None of them reached the model.
    expect(fake.requests).toHaveLength(before);
  });

  it("writes the staff's reply in the buyer's language, which the staff then send", async () => {
    // A buyer on the Simplified Chinese page who writes in Traditional characters.
    const taiwan = await buyer(p, cardId, 'zh-CN');
    await taiwan.say('請問這款水泵的最小訂購量是多少？');
    await taiwan.say('OK');
    const id = await newestConversation(p, owner);
    const draft = 'The minimum order is 100 pieces.';
    fake.respond({ kind: 'answer', text: '最小訂購量為 100 件。' });

    const written = await translateReply(p, id, { text: draft }, owner.cookie);
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({
      translatedText: '最小訂購量為 100 件。',
      targetLanguage: 'zh-TW',
    });
    const instruction = fake.requests.at(-1)!.body.messages.at(-1)!.content;
    expect(instruction).toMatch(/Traditional Chinese/u);
    expect(instruction).toContain(`<data>\n${draft}\n</data>`);
    // Nothing was stored: the staff send the text themselves.
    const before = (await conversation(p, id, owner.cookie)).json().messages as unknown[];
    expect(before).toHaveLength(4);
    const sent = await api(p, 'POST', `/api/visitor-sessions/${id}/reply`, {
      body: { message: written.json().translatedText },
      cookie: owner.cookie,
    });
    expect(sent.statusCode).toBe(200);
    const after = (await conversation(p, id, owner.cookie)).json().messages;
    expect(after.at(-1)).toMatchObject({ role: 'agent', content: '最小訂購量為 100 件。' });
  });

  it("follows the buyer's language: English on a Chinese page, else the page's language", async () => {
    fake.respond({ kind: 'answer', text: 'translated' });
    await (await buyer(p, cardId, 'zh-CN')).say('Can you send me a sample of the pump?');
    const english = await translateReply(
      p,
      await newestConversation(p, owner),
      { text: '可以，我们免费寄样品。' },
      owner.cookie,
    );
    expect(english.json().targetLanguage).toBe('en');
    expect(fake.requests.at(-1)!.body.messages.at(-1)!.content).toMatch(/into English/u);

    // Nothing clear in the buyer's words (a model code): the language of their chat page.
    await (await buyer(p, cardId, 'zh-TW')).say('HT-200?');
    const page = await translateReply(
      p,
      await newestConversation(p, owner),
      { text: 'Yes, in stock.' },
      owner.cookie,
    );
    expect(page.json().targetLanguage).toBe('zh-TW');
  });

  it('answers 502 PROVIDER_FAILED when the model fails, and changes nothing', async () => {
    await (await buyer(p, cardId, 'en')).say('Is the pump certified?');
    const id = await newestConversation(p, owner);
    const before = (await conversation(p, id, owner.cookie)).json().messages;
    fake.respond({ kind: 'status', status: 500 });
    const message = await translateMessage(p, id, 0, { targetLanguage: 'zh-CN' }, owner.cookie);
    expect(message.statusCode).toBe(502);
    expect(message.json().code).toBe('PROVIDER_FAILED');
    const reply = await translateReply(p, id, { text: 'Yes, CE.' }, owner.cookie);
    expect(reply.statusCode).toBe(502);
    expect(reply.json().code).toBe('PROVIDER_FAILED');
    expect((await conversation(p, id, owner.cookie)).json().messages).toEqual(before);
  });
});

describe('without a provider', () => {
  let t: TestApp;
  let owner: Owner;
  let other: Owner;
  let cardId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    other = await signUp(t);
    cardId = await newCard(t, owner.cookie);
  });
  afterAll(() => t.close());

  it('answers 503 PROVIDER_REQUIRED with a readable message, never a fake translation', async () => {
    await (await buyer(t, cardId, 'en')).say('What is the price of the HT-200 pump?');
    const id = await newestConversation(t, owner);
    const before = (await conversation(t, id, owner.cookie)).json();

    const message = await translateMessage(t, id, 0, { targetLanguage: 'zh-CN' }, owner.cookie);
    expect(message.statusCode).toBe(503);
    expect(message.json().code).toBe('PROVIDER_REQUIRED');
    expect(message.json().error).toMatch(/provider|model/iu);
    expect(message.json()).not.toHaveProperty('translatedText');
    const chinese = await api(t, 'POST', `/api/visitor-sessions/${id}/messages/0/translate`, {
      body: { targetLanguage: 'zh-CN' },
      cookie: owner.cookie,
      language: 'zh-CN',
    });
    expect(chinese.json().error).toMatch(/语言模型/u);

    const reply = await translateReply(t, id, { text: 'About 120 USD.' }, owner.cookie);
    expect(reply.statusCode).toBe(503);
    expect(reply.json().code).toBe('PROVIDER_REQUIRED');

    // Another owner's conversation is not theirs to learn about, provider or not.
    expect(
      (await translateMessage(t, id, 0, { targetLanguage: 'en' }, other.cookie)).statusCode,
    ).toBe(404);
    expect((await translateReply(t, id, { text: 'Hi' }, other.cookie)).statusCode).toBe(404);
    expect((await translateReply(t, id, { text: '' }, owner.cookie)).statusCode).toBe(400);

    expect((await conversation(t, id, owner.cookie)).json()).toEqual(before);
  });
});
