import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import {
  FIXTURES,
  api,
  createTestApp,
  freshAddress,
  signUp,
  type TestApp,
  newCard,
  addDocuments,
} from '#server/test/test-app.ts';

/*
 * A person from the booth takes the conversation over, the
 * visitor's photos reach the owner as photos, and the session remembers the visitor's language
 * and where they came from.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let label: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
  label = (await fs.readFile(path.join(FIXTURES, 'hengtai/hengtai-label.png'))).toString('base64');
});
afterAll(() => t.close());

async function visitor(query = '?src=qr', language = 'en') {
  const address = freshAddress();
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}${query}`,
    remoteAddress: address,
    headers: { 'x-language': language },
  });
  expect(opened.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const post = (url: string, payload: unknown, lang = language) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { cookie, 'content-type': 'application/json', 'x-language': lang },
      payload: JSON.stringify(payload),
    });
  return {
    cookie,
    say: (message: string, lang?: string) => post(`/api/chat/${cardId}`, { message }, lang),
    stream: (message: string) => post(`/api/chat/${cardId}/stream`, { message }),
    photo: (image: string, message?: string) =>
      post(`/api/chat/image/${cardId}`, { image, imageType: 'image/png', message }),
    reopen: (lang: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/chat/session-info/${cardId}`,
        remoteAddress: address,
        headers: { cookie, 'x-language': lang },
      }),
  };
}

/** The visitor session id of the newest conversation. */
async function newestCustomer(): Promise<number> {
  const listed = await api(t, 'GET', '/api/notifications', { cookie: owner.cookie });
  return listed.json().notifications[0].customerId;
}

const conversation = (id: number, cookie = owner.cookie) =>
  api(t, 'GET', `/api/visitor-sessions/${id}`, { cookie });
const takeover = (id: number, body: unknown, cookie = owner.cookie) =>
  api(t, 'PUT', `/api/visitor-sessions/${id}/takeover`, { cookie, body });

describe('takeover', () => {
  it('is for the card owner only, with a clear 400 for a bad body', async () => {
    const buyer = await visitor();
    await buyer.say('Hello');
    const id = await newestCustomer();
    expect((await takeover(id, { active: true }, other.cookie)).statusCode).toBe(404);
    expect((await takeover(id, { active: true }, '')).statusCode).toBe(401);
    const bad = await takeover(id, { active: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect((await takeover(id, {})).statusCode).toBe(400);
    expect((await takeover(999_999, { active: true })).statusCode).toBe(404);
    // Nothing changed by the refused calls.
    expect((await conversation(id)).json().takeover.active).toBe(false);
  });

  it('silences the assistant, passes the visitor on to the staff, and hands back when released', async () => {
    const buyer = await visitor();
    await buyer.say('What is the minimum order?');
    const id = await newestCustomer();
    const agent = await connectAgent(t, owner.cookie);

    const started = await takeover(id, { active: true });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ id, takeover: { active: true } });
    const { since, expiresAt } = started.json().takeover;
    expect(Date.parse(expiresAt) - Date.parse(since)).toBe(10 * 60 * 1000);
    await agent.waitFor(
      (m) => m.type === 'takeover_changed' && m.customerId === id && m.active === true,
    );

    const held = await buyer.say('Can I speak to someone about a discount?');
    expect(held.statusCode).toBe(200);
    expect(held.json()).toEqual({ message: null, citations: [], humanTakeover: true });
    const pushed = await agent.waitFor(
      (m) => m.customerId === id && m.message === 'Can I speak to someone about a discount?',
    );
    expect(pushed.type).toBe('customer_message_notification');

    // The streaming call ends at once with the same marker and no words.
    const streamed = await buyer.stream('And for 3 containers?');
    expect(streamed.body).not.toContain('event: delta');
    expect(streamed.body).toContain('"humanTakeover":true');

    let messages = (await conversation(id)).json().messages as Array<{ role: string }>;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'user']);

    const released = await takeover(id, { active: false });
    expect(released.json().takeover).toEqual({ active: false, since: null, expiresAt: null });
    const answered = await buyer.say('What is the minimum order?');
    expect(answered.json().message).toEqual(expect.any(String));
    expect(answered.json().humanTakeover).toBeUndefined();
    messages = (await conversation(id)).json().messages;
    expect(messages.at(-1)!.role).toBe('assistant');
    agent.close();
  });

  it('ends by itself 10 minutes after the last staff reply', async () => {
    const buyer = await visitor();
    await buyer.say('Hello?');
    const id = await newestCustomer();
    await takeover(id, { active: true });
    t.clock.advance(8 * 60 * 1000);
    try {
      const reply = await api(t, 'POST', `/api/visitor-sessions/${id}/reply`, {
        cookie: owner.cookie,
        body: { message: 'Coming to you now.' },
      });
      expect(reply.statusCode).toBe(200);
      // 12 minutes after the start but 4 after the reply: still a person.
      t.clock.advance(4 * 60 * 1000);
      expect((await buyer.say('Thanks!')).json().humanTakeover).toBe(true);
      expect((await conversation(id)).json().takeover.active).toBe(true);
      // 10 minutes of silence from the staff: the assistant is back.
      t.clock.advance(7 * 60 * 1000);
      expect((await conversation(id)).json().takeover.active).toBe(false);
      const back = await buyer.say('What is the minimum order?');
      expect(back.json().message).toEqual(expect.any(String));
    } finally {
      t.clock.advance(-19 * 60 * 1000);
    }
  });

  it('ends 10 minutes after it started when the staff never replied', async () => {
    const buyer = await visitor();
    await buyer.say('Hi');
    const id = await newestCustomer();
    await takeover(id, { active: true });
    t.clock.advance(10 * 60 * 1000 + 1000);
    try {
      expect((await buyer.say('Anyone there?')).json().humanTakeover).toBeUndefined();
    } finally {
      t.clock.advance(-(10 * 60 * 1000 + 1000));
    }
  });

  it('tells the visitor’s open chat when a person steps in', async () => {
    const buyer = await visitor();
    await buyer.say('Hello');
    const id = await newestCustomer();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const events = await fetch(`http://127.0.0.1:${port}/api/chat/events/${cardId}`, {
      headers: { cookie: buyer.cookie },
      signal: controller.signal,
    });
    const reader = events.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil('"type":"takeover","active":false');
    await takeover(id, { active: true });
    await readUntil('"type":"takeover","active":true');
    expect(text).toMatch(/"expiresAt":"\d{4}-/);
    controller.abort();
  });
});

describe('visitor photos', () => {
  it('are kept and shown to the owner as images, to nobody else', async () => {
    const buyer = await visitor();
    const sent = await buyer.photo(label, 'Do you have this one?');
    expect(sent.statusCode).toBe(200);
    const id = await newestCustomer();
    const messages = (await conversation(id)).json().messages as Array<{
      role: string;
      image?: string;
      content: string;
    }>;
    const photo = messages.find((m) => m.role === 'user')!;
    expect(photo.content).toBe('📷 Do you have this one?');
    expect(photo.image).toMatch(/^[0-9a-f]{32}\.png$/);

    const url = `/api/visitor-sessions/${id}/photos/${photo.image}`;
    const served = await api(t, 'GET', url, { cookie: owner.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(Buffer.from(label, 'base64'))).toBe(true);

    expect((await api(t, 'GET', url, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await api(t, 'GET', url, { cookie: '' })).statusCode).toBe(401);
    const traversal = await api(
      t,
      'GET',
      `/api/visitor-sessions/${id}/photos/..%2F..%2Fsecret.png`,
      { cookie: owner.cookie },
    );
    expect(traversal.statusCode).toBe(404);
  });

  it('are kept during a takeover too, without reading them', async () => {
    const buyer = await visitor();
    await buyer.say('Hello');
    const id = await newestCustomer();
    await takeover(id, { active: true });
    const held = await buyer.photo(label);
    expect(held.json()).toEqual({ message: null, citations: [], humanTakeover: true });
    const last = (await conversation(id)).json().messages.at(-1);
    expect(last).toMatchObject({ role: 'user', content: '📷', image: expect.any(String) });
  });

  it('refuses something that is not an image before storing or announcing anything', async () => {
    const buyer = await visitor();
    const before = (await api(t, 'GET', '/api/notifications', { cookie: owner.cookie })).json()
      .notifications;
    const refused = await buyer.photo(Buffer.from('MZ not a picture').toString('base64'), 'x');
    expect(refused.statusCode).toBe(415);
    const after = (await api(t, 'GET', '/api/notifications', { cookie: owner.cookie })).json()
      .notifications;
    expect(after[0].id).toBe(before[0].id);
  });
});

describe('the visitor session remembers', () => {
  it('the language the visitor reads in, and follows a switch', async () => {
    const buyer = await visitor('?src=link', 'zh-TW');
    await buyer.say('最小訂購量是多少？', 'zh-TW');
    const id = await newestCustomer();
    expect((await conversation(id)).json().language).toBe('zh-TW');
    await buyer.reopen('en');
    expect((await conversation(id)).json().language).toBe('en');
  });

  it('where the visitor came from, as one of the known sources', async () => {
    const cases: Array<[string, string]> = [
      ['?src=qr', 'qr'],
      ['?src=link', 'link'],
      ['?src=poster', 'poster'],
      ['?src=share', 'share'],
      ['', 'direct'],
      ['?src=%3Cscript%3E', 'direct'],
    ];
    for (const [query, expected] of cases) {
      const buyer = await visitor(query);
      await buyer.say('Hi');
      const id = await newestCustomer();
      expect((await conversation(id)).json().source, query).toBe(expected);
    }
  });
});
