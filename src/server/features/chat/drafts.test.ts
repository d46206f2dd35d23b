import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(() => t.close());

async function draftCard(): Promise<number> {
  const response = await api(t, 'POST', '/api/business-card-session', {
    body: {},
    cookie: owner.cookie,
  });
  return response.json().businessCardId;
}

/** Every public route a visitor's phone can call for a card. */
function publicCalls(cardId: number, cookie?: string) {
  const as = cookie ? { cookie } : {};
  return {
    'session-info': () => api(t, 'GET', `/api/chat/session-info/${cardId}?src=qr`, as),
    history: () => api(t, 'GET', `/api/chat/history/${cardId}`, as),
    events: () => api(t, 'GET', `/api/chat/events/${cardId}`, as),
    message: () => api(t, 'POST', `/api/chat/${cardId}`, { ...as, body: { message: 'Price?' } }),
    stream: () =>
      api(t, 'POST', `/api/chat/${cardId}/stream`, { ...as, body: { message: 'Price?' } }),
    photo: () =>
      api(t, 'POST', `/api/chat/image/${cardId}`, {
        ...as,
        body: { image: 'iVBORw0KGgo=', imageType: 'image/png' },
      }),
    lead: () =>
      api(t, 'POST', `/api/chat/${cardId}/lead`, {
        ...as,
        body: { name: 'Buyer', email: 'buyer@example.com', consent: true },
      }),
    vcard: () => api(t, 'GET', `/api/business-cards/${cardId}/vcard`, as),
  };
}

describe('a draft card (never finalized)', () => {
  it('is a 404 on every public route, for visitors and other owners alike', async () => {
    const cardId = await draftCard();
    const stranger = await signUp(t);
    for (const cookie of [undefined, stranger.cookie, `${VISITOR_COOKIE}=some-visitor`]) {
      for (const [name, call] of Object.entries(publicCalls(cardId, cookie))) {
        const response = await call();
        expect(response.statusCode, `${name} as ${cookie ?? 'anonymous'}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
        expect(
          response.cookies.some((c) => c.name === VISITOR_COOKIE),
          name,
        ).toBe(false);
      }
    }
  });

  it('stays open to its owner, who may try the chat before finishing', async () => {
    const cardId = await draftCard();
    const calls = publicCalls(cardId, owner.cookie);
    expect((await calls['session-info']()).statusCode).toBe(200);
    expect((await calls.vcard()).statusCode).toBe(200);
    expect((await api(t, 'GET', `/api/business-cards/${cardId}`, owner)).statusCode).toBe(200);
  });

  it('opens to visitors once finalized', async () => {
    const cardId = await draftCard();
    const finalized = await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(finalized.statusCode).toBe(200);
    const info = await publicCalls(cardId)['session-info']();
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ businessCardId: cardId, username: owner.username });
    expect((await publicCalls(cardId).vcard()).statusCode).toBe(200);
  });
});

describe('odd characters from a visitor', () => {
  it('answers 400 with a field error for NUL bytes and lone surrogates, never 500', async () => {
    const cardId = await draftCard();
    await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
      cookie: owner.cookie,
      body: {},
    });
    const opened = await api(t, 'GET', `/api/chat/session-info/${cardId}`);
    const cookie = `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', `/api/chat/${cardId}`, { message: 'hello\u0000' }, 'message'],
      ['POST', `/api/chat/${cardId}/stream`, { message: '\ud83d price' }, 'message'],
      [
        'POST',
        `/api/chat/${cardId}/lead`,
        { name: 'Li\u0000', email: 'li@example.com', consent: true },
        'name',
      ],
      [
        'POST',
        `/api/chat/${cardId}/lead`,
        { name: 'Li', company: '\udfff', phone: '123', consent: true },
        'company',
      ],
      ['GET', `/api/chat/session-info/${cardId}?ref=a%00b`, undefined, 'ref'],
      ['GET', `/api/chat/session-info/${cardId}?src=%00`, undefined, 'src'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await api(t, method as 'GET' | 'POST', url, { cookie, body });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      if (field) expect(response.json().fields?.[field], url).toBeTruthy();
    }
    const history = await api(t, 'GET', `/api/chat/history/${cardId}`, { cookie });
    expect(history.json().messages).toEqual([]);
  });
});
