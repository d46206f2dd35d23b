import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
});
afterAll(() => t.close());

describe('red list', () => {
  it('lets the owner add, list, edit and delete keywords', async () => {
    const created = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
      body: { keyword: 'price', description: 'Prices change weekly', category: 'pricing' },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ keyword: 'price', category: 'pricing', isActive: true });
    const id = created.json().id;

    const duplicate = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
      body: { keyword: 'PRICE' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toBe('This keyword is already on the red list.');

    const edited = await api(t, 'PUT', `/api/red-list/${id}`, {
      cookie: owner.cookie,
      body: { isActive: false },
    });
    // Only what the edit names changes.
    expect(edited.json()).toMatchObject({ isActive: false, category: 'pricing', keyword: 'price' });

    const list = await api(t, 'GET', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
    });
    expect(list.json()).toHaveLength(1);

    expect(
      (await api(t, 'DELETE', `/api/red-list/${id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    const after = await api(t, 'GET', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
    });
    expect(after.json()).toEqual([]);
  });

  it('validates the keyword', async () => {
    const response = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
      body: { keyword: '   ', category: 'nonsense' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['category', 'keyword']);
  });

  it('answers 404 to another owner on every route and changes nothing', async () => {
    const created = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
      body: { keyword: 'certificate' },
    });
    const id = created.json().id;
    const cookie = stranger.cookie;
    const attempts = await Promise.all([
      api(t, 'GET', `/api/business-cards/${cardId}/red-list`, { cookie }),
      api(t, 'POST', `/api/business-cards/${cardId}/red-list`, { cookie, body: { keyword: 'x' } }),
      api(t, 'PUT', `/api/red-list/${id}`, { cookie, body: { keyword: 'hijacked' } }),
      api(t, 'DELETE', `/api/red-list/${id}`, { cookie }),
    ]);
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    const list = await api(t, 'GET', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
    });
    expect(list.json().map((k: { keyword: string }) => k.keyword)).toEqual(['certificate']);
    expect((await api(t, 'GET', `/api/business-cards/${cardId}/red-list`)).statusCode).toBe(401);
  });
});

describe('red list edits that change nothing, or clear a field', () => {
  it('answers an empty edit with the unchanged keyword, and stores "" as no description', async () => {
    const created = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
      body: { keyword: 'delivery time', description: 'Depends on the port', category: 'delivery' },
    });
    const keyword = created.json();

    const empty = await api(t, 'PUT', `/api/red-list/${keyword.id}`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(keyword);

    const cleared = await api(t, 'PUT', `/api/red-list/${keyword.id}`, {
      cookie: owner.cookie,
      body: { description: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ keyword: 'delivery time', description: null });

    // Another owner's keyword stays a 404, empty edit or not.
    const foreign = await api(t, 'PUT', `/api/red-list/${keyword.id}`, {
      cookie: stranger.cookie,
      body: {},
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses NUL bytes and lone surrogates with a field error and stores nothing', async () => {
    for (const body of [
      { keyword: 'bad\u0000word' },
      { keyword: 'fine', description: 'half an emoji \ud83d' },
    ]) {
      const response = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
        cookie: owner.cookie,
        body,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      const field = 'description' in body ? 'description' : 'keyword';
      expect(response.json().fields[field]).toMatch(/characters that cannot be saved/);
    }
    const list = await api(t, 'GET', `/api/business-cards/${cardId}/red-list`, {
      cookie: owner.cookie,
    });
    expect(list.json().map((k: { keyword: string }) => k.keyword)).not.toContain('fine');
  });
});
