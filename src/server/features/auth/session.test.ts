import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSessions } from '#server/db/schema.ts';
import { SESSION_COOKIE } from '#shared/limits.ts';
import {
  api,
  createTestApp,
  freshAddress,
  openVerificationLink,
  sessionCookieFrom,
  signUp,
  uniqueUser,
  type TestApp,
} from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/login', () => {
  it('refuses an unverified address with a clear message, then accepts it once verified', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    const early = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({
      error:
        'Please verify your email address before logging in. Check your inbox or ask for a new verification email.',
      code: 'EMAIL_NOT_VERIFIED',
    });
    expect(early.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    await openVerificationLink(t, user.email, user.password);
    const later = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(later.statusCode).toBe(200);
    expect(later.json().user).toMatchObject({ username: user.username, emailVerified: true });
  });

  it('accepts the email address (any case) instead of the username', async () => {
    const user = await signUp(t);
    const response = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.email.toUpperCase(), password: user.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().user.username).toBe(user.username);
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const user = await signUp(t);
    const wrong = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: 'not-the-password' },
    });
    const unknown = await api(t, 'POST', '/api/auth/login', {
      body: { username: 'nobody-here', password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error).toBe('Wrong username, email or password.');
  });

  it('requires both fields', async () => {
    const response = await api(t, 'POST', '/api/auth/login', {
      body: { username: '', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: 'This field is required',
      password: 'This field is required',
    });
  });

  it('sets an httpOnly SameSite=Lax cookie holding a token that is stored only hashed', async () => {
    const user = await signUp(t);
    const response = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeUndefined();
    expect(cookie.path).toBe('/');
    expect(cookie.value.length).toBeGreaterThanOrEqual(40);

    const rows = await t.ctx.db.select().from(userSessions).where(eq(userSessions.userId, user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.sessionToken)).not.toContain(cookie.value);
  });
});

describe('GET /api/auth/user', () => {
  it('returns the signed-in user without secrets, and 401 otherwise', async () => {
    const user = await signUp(t);
    const me = await api(t, 'GET', '/api/auth/user', { cookie: user.cookie });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.json().user).toMatchObject({ id: user.id, username: user.username });
    expect(Object.keys(me.json().user)).not.toContain('password');

    for (const cookie of [undefined, `${SESSION_COOKIE}=forged-token`]) {
      const anonymous = await api(t, 'GET', '/api/auth/user', { cookie });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ error: 'Please log in first.', code: 'UNAUTHENTICATED' });
    }
  });

  it('ends the session when it expires after 30 days', async () => {
    const user = await signUp(t);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    try {
      const me = await api(t, 'GET', '/api/auth/user', { cookie: user.cookie });
      expect(me.statusCode).toBe(401);
    } finally {
      t.clock.advance(-31 * 24 * 60 * 60 * 1000);
    }
  });
});

describe('POST /api/logout', () => {
  it('deletes the session and clears the cookie', async () => {
    const user = await signUp(t);
    const response = await api(t, 'POST', '/api/logout', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    const cleared = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);
  });

  it('only ends the session it was called with', async () => {
    const user = await signUp(t);
    const second = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    await api(t, 'POST', '/api/logout', { cookie: user.cookie });
    const other = await api(t, 'GET', '/api/auth/user', { cookie: sessionCookieFrom(second) });
    expect(other.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers 429 with a readable message after 10 login attempts from one address', async () => {
    const address = freshAddress();
    // A different name each time: the per-account limit (rate-limit.test.ts) stays out of it.
    let guess = 0;
    const attempt = () =>
      api(t, 'POST', '/api/auth/login', {
        body: { username: `someone${(guess += 1)}`, password: 'guessing-1' },
        address,
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.json().error).toMatch(
      /^Too many attempts\. Please wait \d+ seconds and try again\.$/,
    );

    const elsewhere = await api(t, 'POST', '/api/auth/login', {
      body: { username: 'someone-else', password: 'guessing-1' },
    });
    expect(elsewhere.statusCode).toBe(401);
    expect((await api(t, 'GET', '/api/health', { address })).statusCode).toBe(200);
  });

  it('limits registration too, without creating the blocked account', async () => {
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      await api(t, 'POST', '/api/auth/register', { body: uniqueUser(), address });
    }
    const user = uniqueUser();
    const blocked = await api(t, 'POST', '/api/auth/register', {
      body: user,
      address,
      language: 'zh-CN',
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatch(/^尝试次数过多，请等待 \d+ 秒后重试。$/);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
  });
});
