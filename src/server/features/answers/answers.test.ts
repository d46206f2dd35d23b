import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TOwnerAnswer, TUnansweredGroup, TUnansweredList } from '#shared/schemas/answers.ts';
import { VISITOR_COOKIE, type TChatResponse, type TCitation } from '#shared/schemas/chat.ts';
import { startFakeOpenAi, type FakeOpenAi } from '#server/ai/test-support/fake-openai.ts';
import {
  addDocuments,
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Questions to answer through HTTP: buyers rate answers, the owner sees the questions the assistant
 * declined or buyers rated 👎 (paraphrases and translations grouped), answers a group once,
 * and the next buyer gets that answer cited as the exhibitor's; with and without a provider.
 */

type Owner = Awaited<ReturnType<typeof signUp>>;

/** A buyer's phone: its own address and visitor cookie for one card. */
async function buyer(t: TestApp, cardId: number, language = 'en') {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?src=qr`,
    remoteAddress: address,
    headers: { 'x-language': language },
  });
  expect(info.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: {
        cookie,
        'x-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    cookie,
    call,
    async ask(message: string): Promise<TChatResponse> {
      const response = await call('POST', `/api/chat/${cardId}`, { message });
      expect(response.statusCode).toBe(200);
      return response.json<TChatResponse>();
    },
    async askStreaming(message: string): Promise<TChatResponse> {
      const response = await call('POST', `/api/chat/${cardId}/stream`, { message });
      expect(response.statusCode).toBe(200);
      const done = /event: done\ndata: (.*)\n/.exec(response.body)?.[1];
      return JSON.parse(done ?? 'null') as TChatResponse;
    },
    rate(messageId: string | undefined, helpful: boolean) {
      return call('POST', `/api/chat/${cardId}/feedback`, { messageId, helpful });
    },
  };
}

async function unanswered(t: TestApp, owner: Owner, cardId: number, query = '') {
  const response = await api(t, 'GET', `/api/business-cards/${cardId}/unanswered${query}`, {
    cookie: owner.cookie,
  });
  expect(response.statusCode).toBe(200);
  return response.json<TUnansweredList>();
}

const groupOf = (list: TUnansweredList, wording: string): TUnansweredGroup | undefined =>
  list.groups.find((group) => group.examples.includes(wording));

const BRAZIL = 'Yes, we ship to Brazil by sea from Foshan; transit takes 35 to 40 days.';

describe('questions to answer, without a provider', () => {
  let t: TestApp;
  let owner: Owner;
  let stranger: Owner;
  let cardId: number;
  let answerId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
    stranger = await signUp(t);
    cardId = await newCard(t, owner.cookie);
    await api(t, 'PUT', `/api/business-cards/${cardId}`, {
      body: { companyName: 'Hengtai' },
      cookie: owner.cookie,
    });
    await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
  }, 120_000);
  afterAll(() => t.close());

  it('gives every answer an id, in the answer, the stream and the visitor history', async () => {
    const visitor = await buyer(t, cardId);
    const answered = await visitor.ask('Can we mix designs in one container?');
    expect(answered.citations.length).toBeGreaterThan(0);
    expect(answered.messageId).toMatch(/^m[\w-]{8,}$/);
    const streamed = await visitor.askStreaming('Do you offer installation?');
    expect(streamed.messageId).toMatch(/^m[\w-]{8,}$/);
    expect(streamed.messageId).not.toBe(answered.messageId);
    const history = (await visitor.call('GET', `/api/chat/history/${cardId}`)).json<{
      messages: Array<{ role: string; messageId?: string; helpful?: boolean }>;
    }>().messages;
    expect(history.filter((m) => m.role === 'assistant').map((m) => m.messageId)).toEqual([
      answered.messageId,
      streamed.messageId,
    ]);
    expect(history.filter((m) => m.role === 'user').every((m) => !m.messageId)).toBe(true);
  });

  it('lets a visitor rate their own answers only, the last rating counting', async () => {
    const visitor = await buyer(t, cardId);
    const { messageId } = await visitor.ask('Can you print our brand on the boxes?');
    expect((await visitor.rate(messageId, false)).json()).toEqual({ messageId, helpful: false });
    expect((await visitor.rate(messageId, true)).statusCode).toBe(200);
    const history = (await visitor.call('GET', `/api/chat/history/${cardId}`)).json<{
      messages: Array<{ messageId?: string; helpful?: boolean }>;
    }>().messages;
    expect(history.find((m) => m.messageId === messageId)?.helpful).toBe(true);

    const other = await buyer(t, cardId);
    const refused = await other.rate(messageId, false);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatch(/not in your conversation/);
    // Still 👍: the other visitor changed nothing.
    const again = (await visitor.call('GET', `/api/chat/history/${cardId}`)).json<{
      messages: Array<{ messageId?: string; helpful?: boolean }>;
    }>().messages;
    expect(again.find((m) => m.messageId === messageId)?.helpful).toBe(true);
  });

  it('refuses malformed ratings with a readable 400, never a 500', async () => {
    const visitor = await buyer(t, cardId);
    for (const body of [
      {},
      { messageId: 'mx', helpful: 'yes' },
      { messageId: '../../etc', helpful: true },
      { messageId: 'x'.repeat(500), helpful: true },
    ]) {
      const response = await visitor.call('POST', `/api/chat/${cardId}/feedback`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    expect((await visitor.rate('mUnknownMessage', true)).statusCode).toBe(404);
    expect(
      (
        await visitor.call('POST', `/api/chat/999999/feedback`, {
          messageId: 'mUnknown',
          helpful: true,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lists a declined question with its count, and groups paraphrases and translations', async () => {
    const first = await buyer(t, cardId);
    const declined = await first.ask('Do you ship to Brazil?');
    expect(declined.citations).toEqual([]);
    let list = await unanswered(t, owner, cardId);
    let group = groupOf(list, 'Do you ship to Brazil?');
    expect(group).toMatchObject({
      question: 'Do you ship to Brazil?',
      count: 1,
      reason: 'declined',
      languages: ['en'],
    });

    const second = await buyer(t, cardId);
    expect((await second.ask('Can you send the goods to Brazil?')).citations).toEqual([]);
    const third = await buyer(t, cardId, 'zh-CN');
    expect((await third.askStreaming('你们能发货到巴西吗？')).citations).toEqual([]);
    const other = await buyer(t, cardId);
    expect((await other.ask('Is there a 110 V version of the cutter?')).citations).toEqual([]);
    // Greetings are no question to answer.
    await other.ask('Hello!');

    list = await unanswered(t, owner, cardId);
    group = groupOf(list, 'Do you ship to Brazil?');
    expect(group?.count).toBe(3);
    expect(group?.examples).toEqual([
      '你们能发货到巴西吗？',
      'Can you send the goods to Brazil?',
      'Do you ship to Brazil?',
    ]);
    expect(group?.languages.sort()).toEqual(['en', 'zh-CN']);
    expect(group?.conversationIds).toHaveLength(3);
    expect(new Date(group!.lastAskedAt).getTime()).toBeGreaterThan(0);
    const voltage = groupOf(list, 'Is there a 110 V version of the cutter?');
    expect(voltage).toMatchObject({ count: 1, reason: 'declined' });
    expect(voltage?.id).not.toBe(group?.id);
    expect(list.groups.some((g) => g.examples.includes('Hello!'))).toBe(false);
    // Newest activity first, and paged.
    expect(list.groups[0]?.id).toBe(voltage?.id);
    expect(list.total).toBe(list.groups.length);
    const page = await unanswered(t, owner, cardId, '?limit=1&offset=1');
    expect(page.groups.map((g) => g.id)).toEqual([list.groups[1]!.id]);
    expect(page.total).toBe(list.total);
    const counts = await api(t, 'GET', '/api/unanswered-counts', { cookie: owner.cookie });
    expect(counts.json().cards).toContainEqual({ businessCardId: cardId, count: list.total });
  });

  it('answers a paraphrase from the owner’s answer, cited as the exhibitor’s, and the group leaves', async () => {
    const before = await unanswered(t, owner, cardId);
    const brazil = groupOf(before, 'Do you ship to Brazil?')!;
    const saved = await api(t, 'POST', `/api/business-cards/${cardId}/answers`, {
      body: { question: 'Do you ship to Brazil?', answer: BRAZIL, groupId: brazil.id },
      cookie: owner.cookie,
    });
    expect(saved.statusCode).toBe(201);
    const answer = saved.json<TOwnerAnswer>();
    answerId = answer.id;
    expect(answer).toMatchObject({ question: 'Do you ship to Brazil?', answer: BRAZIL });
    expect(answer.variants).toEqual(['你们能发货到巴西吗？', 'Can you send the goods to Brazil?']);

    const after = await unanswered(t, owner, cardId);
    expect(groupOf(after, 'Do you ship to Brazil?')).toBeUndefined();
    expect(after.total).toBe(before.total - 1);

    const expected: TCitation = {
      documentName: 'Answers from Hengtai',
      documentId: null,
      page: null,
      previewUrl: null,
      excerpt: BRAZIL,
    };
    const newcomer = await buyer(t, cardId);
    const reply = await newcomer.ask('Is shipping to Brazil possible?');
    expect(reply.message).toContain(BRAZIL);
    expect(reply.citations).toEqual([expected]);
    const streamed = await (await buyer(t, cardId)).askStreaming('Can you deliver to Brazil?');
    expect(streamed.message).toContain(BRAZIL);
    expect(streamed.citations).toEqual([expected]);
    const chinese = await (await buyer(t, cardId, 'zh-TW')).ask('你們可以發貨到巴西嗎？');
    expect(chinese.citations[0]).toMatchObject({ documentName: 'Hengtai的答覆', page: null });
    // The history keeps the citation as sent.
    const history = (await newcomer.call('GET', `/api/chat/history/${cardId}`)).json<{
      messages: Array<{ role: string; citations?: TCitation[] }>;
    }>().messages;
    expect(history.at(-1)?.citations).toEqual([expected]);
    // Other questions still come from the documents.
    const documents = await newcomer.ask('Can we mix designs in one container?');
    expect(documents.citations[0]?.documentName).toBe('hengtai-faq.txt');

    const listed = await api(t, 'GET', `/api/business-cards/${cardId}/answers`, {
      cookie: owner.cookie,
    });
    expect(listed.json().answers).toEqual([
      expect.objectContaining({ id: answerId, timesUsed: 3, ratedUp: 0, ratedDown: 0 }),
    ]);
  });

  it('brings the question back when a buyer rates the answer 👎, until the owner edits it', async () => {
    const visitor = await buyer(t, cardId);
    const reply = await visitor.ask('Do you ship to Brazil?');
    expect(reply.citations[0]?.documentName).toBe('Answers from Hengtai');
    expect(groupOf(await unanswered(t, owner, cardId), 'Do you ship to Brazil?')).toBeUndefined();

    expect((await visitor.rate(reply.messageId, false)).statusCode).toBe(200);
    const back = groupOf(await unanswered(t, owner, cardId), 'Do you ship to Brazil?');
    expect(back).toMatchObject({ count: 1, reason: 'unhelpful' });

    const edited = await api(t, 'PUT', `/api/business-cards/${cardId}/answers/${answerId}`, {
      body: { answer: `${BRAZIL} We quote freight to Santos and Paranaguá.` },
      cookie: owner.cookie,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ ratedDown: 1, question: 'Do you ship to Brazil?' });
    expect(groupOf(await unanswered(t, owner, cardId), 'Do you ship to Brazil?')).toBeUndefined();
  });

  it('rates a document answer 👎 into the list as unhelpful', async () => {
    const visitor = await buyer(t, cardId);
    const reply = await visitor.ask('Do you offer installation?');
    expect(reply.citations.length).toBeGreaterThan(0);
    await visitor.rate(reply.messageId, false);
    expect(groupOf(await unanswered(t, owner, cardId), 'Do you offer installation?')).toMatchObject(
      { reason: 'unhelpful', count: 1 },
    );
    // Changing one's mind takes it out again.
    await visitor.rate(reply.messageId, true);
    expect(
      groupOf(await unanswered(t, owner, cardId), 'Do you offer installation?'),
    ).toBeUndefined();
  });

  it('keeps a red-listed keyword to its citation, as for documents', async () => {
    await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      body: { keyword: 'freight', category: 'pricing' },
      cookie: owner.cookie,
    });
    // The answer names the keyword and is cited whole: it is given with its citation.
    const cited = await (await buyer(t, cardId)).ask('Do you ship to Brazil?');
    expect(cited.message).toContain('freight');
    expect(cited.citations[0]?.excerpt).toContain('freight');
    // A keyword the answer does not cover is not answered from it.
    await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      body: { keyword: 'brazil', category: 'delivery' },
      cookie: owner.cookie,
    });
    const saved = await api(t, 'POST', `/api/business-cards/${cardId}/answers`, {
      body: { question: 'Do you have a 110 V version?', answer: 'Yes, 110 V on request.' },
      cookie: owner.cookie,
    });
    expect(saved.statusCode).toBe(201);
    await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      body: { keyword: 'cutter', category: 'product' },
      cookie: owner.cookie,
    });
    const refused = await (await buyer(t, cardId)).ask('Is there a 110 V version of the cutter?');
    expect(refused.citations).toEqual([]);
    expect(refused.message).toContain('cutter');
    const plain = await (await buyer(t, cardId)).ask('Is there a 110 V version?');
    expect(plain.citations[0]).toMatchObject({ documentName: 'Answers from Hengtai' });
  });

  it('edits and removes answers; a removed answer gives its questions back to the list', async () => {
    const bad = await api(t, 'PUT', `/api/business-cards/${cardId}/answers/${answerId}`, {
      body: {},
      cookie: owner.cookie,
    });
    expect(bad.statusCode).toBe(400);
    for (const body of [
      { question: '', answer: 'x' },
      { question: 'q', answer: 'x'.repeat(2001) },
      { question: 'q\u0000', answer: 'x' },
      { question: 'q', answer: 'a', groupId: 'no such group!' },
    ]) {
      const response = await api(t, 'POST', `/api/business-cards/${cardId}/answers`, {
        body,
        cookie: owner.cookie,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
    const gone = await api(t, 'POST', `/api/business-cards/${cardId}/answers`, {
      body: { question: 'q', answer: 'a', groupId: 'gUnknownGroup' },
      cookie: owner.cookie,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toMatch(/no longer in the list/);

    const removed = await api(t, 'DELETE', `/api/business-cards/${cardId}/answers/${answerId}`, {
      cookie: owner.cookie,
    });
    expect(removed.json()).toEqual({ ok: true });
    // The three declined questions and the 👎 on the removed answer are waiting again.
    const list = await unanswered(t, owner, cardId);
    expect(groupOf(list, 'Do you ship to Brazil?')).toMatchObject({
      count: 4,
      reason: 'unhelpful',
    });
    const reply = await (await buyer(t, cardId)).ask('Do you ship to Brazil?');
    expect(reply.citations).toEqual([]);
  });

  it('answers 404 to another owner on every route, and 401 signed out', async () => {
    const answers = await api(t, 'GET', `/api/business-cards/${cardId}/answers`, {
      cookie: owner.cookie,
    });
    const someAnswer = answers.json<{ answers: TOwnerAnswer[] }>().answers[0]!.id;
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/api/business-cards/${cardId}/unanswered`],
      ['GET', `/api/business-cards/${cardId}/answers`],
      ['POST', `/api/business-cards/${cardId}/answers`, { question: 'q', answer: 'a' }],
      ['PUT', `/api/business-cards/${cardId}/answers/${someAnswer}`, { answer: 'mine now' }],
      ['DELETE', `/api/business-cards/${cardId}/answers/${someAnswer}`],
      ['GET', `/api/analytics/answers?businessCardId=${cardId}&days=30`],
      ['GET', `/api/analytics/answers/daily?businessCardId=${cardId}&days=7`],
    ];
    for (const [method, url, body] of routes) {
      const foreign = await api(t, method as 'GET', url, { body, cookie: stranger.cookie });
      expect(foreign.statusCode, `${method} ${url}`).toBe(404);
      const signedOut = await api(t, method as 'GET', url, { body });
      expect(signedOut.statusCode, `${method} ${url} signed out`).toBe(401);
    }
    // The stranger's own card does not reach the owner's answers either.
    const strangerCard = await newCard(t, stranger.cookie);
    for (const method of ['PUT', 'DELETE'] as const) {
      const response = await api(
        t,
        method,
        `/api/business-cards/${strangerCard}/answers/${someAnswer}`,
        { body: method === 'PUT' ? { answer: 'x' } : undefined, cookie: stranger.cookie },
      );
      expect(response.statusCode).toBe(404);
    }
    const still = await api(t, 'GET', `/api/business-cards/${cardId}/answers`, {
      cookie: owner.cookie,
    });
    expect(still.json().answers.map((a: TOwnerAnswer) => a.answer)).not.toContain('mine now');
    expect(
      (await api(t, 'GET', '/api/unanswered-counts', { cookie: stranger.cookie })).json(),
    ).toEqual({ total: 0, cards: [{ businessCardId: strangerCard, count: 0 }] });
  });

  it('measures questions asked, answered, declined, rated and answered from the answers', async () => {
    const response = await api(
      t,
      'GET',
      `/api/analytics/answers?businessCardId=${cardId}&days=30`,
      {
        cookie: owner.cookie,
      },
    );
    expect(response.statusCode).toBe(200);
    const figures = response.json();
    expect(Object.keys(figures).sort()).toEqual(
      ['answered', 'asked', 'declined', 'fromAnswers', 'ratedDown', 'ratedUp'].sort(),
    );
    expect(figures.asked).toBe(figures.answered + figures.declined);
    expect(figures.fromAnswers).toBeGreaterThanOrEqual(6);
    expect(figures.declined).toBeGreaterThanOrEqual(5);
    expect(figures.ratedUp).toBe(2);
    expect(figures.ratedDown).toBe(1);
    const all = await api(t, 'GET', '/api/analytics/answers?days=7', { cookie: owner.cookie });
    expect(all.json()).toEqual(figures);
    const daily = await api(
      t,
      'GET',
      `/api/analytics/answers/daily?businessCardId=${cardId}&days=7`,
      {
        cookie: owner.cookie,
      },
    );
    const days = daily.json().daily as Array<{ date: string; asked: number }>;
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toMatchObject({ date: t.clock.now().toISOString().slice(0, 10) });
    expect(days.reduce((sum, day) => sum + day.asked, 0)).toBe(figures.asked);
    for (const query of ['?days=0', '?days=abc', '?days=400', '?businessCardId=x']) {
      const refused = await api(t, 'GET', `/api/analytics/answers${query}`, {
        cookie: owner.cookie,
      });
      expect(refused.statusCode, query).toBe(400);
    }
  });
});

describe('questions to answer, with a provider', () => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let owner: Owner;
  let cardId: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await createTestApp({
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseUrl },
    });
    owner = await signUp(t);
    cardId = await newCard(t, owner.cookie);
    await api(t, 'PUT', `/api/business-cards/${cardId}/ai-model`, {
      body: { selectedAiModel: 'openai' },
      cookie: owner.cookie,
    });
    await api(t, 'PUT', `/api/business-cards/${cardId}`, {
      body: { companyName: 'Hengtai' },
      cookie: owner.cookie,
    });
    await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('lists what the model could not answer, and answers its paraphrase from the owner’s answer', async () => {
    fake.respond({ kind: 'answer', text: 'NOT_COVERED' });
    const start = fake.requests.length;
    const declined = await (await buyer(t, cardId)).ask('Do you ship to Brazil?');
    expect(declined).toMatchObject({ citations: [], answeredBy: 'openai', fellBack: false });
    expect(fake.requests.length - start).toBe(1);
    const group = groupOf(await unanswered(t, owner, cardId), 'Do you ship to Brazil?')!;
    expect(group.count).toBe(1);

    const saved = await api(t, 'POST', `/api/business-cards/${cardId}/answers`, {
      body: { question: group.question, answer: BRAZIL, groupId: group.id },
      cookie: owner.cookie,
    });
    expect(saved.statusCode).toBe(201);
    const reply = await (await buyer(t, cardId)).ask('Can you send the goods to Brazil?');
    expect(reply.message).toContain(BRAZIL);
    expect(reply.citations).toEqual([
      {
        documentName: 'Answers from Hengtai',
        documentId: null,
        page: null,
        previewUrl: null,
        excerpt: BRAZIL,
      },
    ]);
    const streamed = await (await buyer(t, cardId)).askStreaming('Is shipping to Brazil possible?');
    expect(streamed.citations[0]?.documentName).toBe('Answers from Hengtai');
    // The exhibitor's answer needs no model.
    expect(fake.requests.length - start).toBe(1);
    expect(groupOf(await unanswered(t, owner, cardId), 'Do you ship to Brazil?')).toBeUndefined();
  });
});
