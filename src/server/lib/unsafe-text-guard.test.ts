import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  freshAddress,
  multipart,
  signUp,
  uniqueUser,
  type TestApp,
} from '#server/test/test-app.ts';

/* NUL bytes and lone surrogates, wherever they come from, are a 400 field error, never a 500. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(() => t.close());

const CHARACTERS = /characters that cannot be saved/;

describe('account forms', () => {
  it('refuses them in registration, login and the profile, and stores nothing', async () => {
    const user = uniqueUser();
    const cases: Array<[string, string, Record<string, unknown>, string, string?]> = [
      ['POST', '/api/auth/register', { ...user, username: `${user.username}\u0000` }, 'username'],
      ['POST', '/api/auth/register', { ...user, organization: 'Heng\ud800tai' }, 'organization'],
      ['POST', '/api/auth/register', { ...user, password: 'correct-horse\u0000' }, 'password'],
      ['POST', '/api/auth/login', { username: 'admin\u0000', password: 'whatever1' }, 'username'],
      [
        'PUT',
        '/api/auth/profile',
        { username: owner.username, email: owner.email, phone: '\udfff' },
        'phone',
        owner.cookie,
      ],
    ];
    for (const [method, url, body, field, cookie] of cases) {
      const response = await api(t, method as 'POST', url, { body, ...(cookie ? { cookie } : {}) });
      expect(response.statusCode, `${url} ${field}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().fields[field], `${url} ${field}`).toMatch(CHARACTERS);
    }
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('accepts only http(s) logo addresses at registration', async () => {
    const response = await api(t, 'POST', '/api/auth/register', {
      body: { ...uniqueUser(), logoUrl: 'javascript:alert(1)' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['logoUrl']);
  });
});

describe('the company details form (multipart)', () => {
  it('names the field that holds the character', async () => {
    const response = await multipart(t, '/api/users', {
      cookie: owner.cookie,
      fields: {
        username: owner.username,
        companyName: 'Hengtai\u0000 Tiles',
        phone: '+86 757 1111',
        website: 'hengtai.example',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.companyName).toMatch(CHARACTERS);
  });
});

describe('what no schema names', () => {
  it('refuses them in free-form JSON keys and values, and in query strings', async () => {
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/business-card-session',
      remoteAddress: freshAddress(),
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{"note":{"\\u0000":"x"}}',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(Object.keys(key.json().fields)).toEqual(['note.\uFFFD']);

    const value = await api(t, 'POST', '/api/business-card-session', {
      cookie: owner.cookie,
      body: { list: ['fine', 'half \ud83d'] },
    });
    expect(value.statusCode).toBe(400);
    expect(value.json().fields['list.1']).toMatch(CHARACTERS);

    const query = await api(t, 'GET', '/api/auth/verify-email?token=abc%00def');
    expect(query.statusCode).toBe(400);
    expect(query.json().fields.token).toMatch(CHARACTERS);

    const cards = await api(t, 'GET', '/api/business-cards', { cookie: owner.cookie });
    expect(cards.json()).toEqual([]);
  });
});
