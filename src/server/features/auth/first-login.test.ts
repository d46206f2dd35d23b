import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_EMAIL,
  api,
  createTestApp,
  openVerificationLink,
  sessionCookieFrom,
  signUp,
  uniqueUser,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * The login toast greets a first login with "Welcome", not "Welcome back".
 * "First" is decided from stored data: the account never had a session (verifying the address
 * signs in, so that counts) and never logged out.
 */

let t: TestApp;
let boss: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await signUp(t, { email: ADMIN_EMAIL, username: 'boss' });
});
afterAll(() => t.close());

const login = (user: { username: string; password: string }) =>
  api(t, 'POST', '/api/auth/login', {
    body: { username: user.username, password: user.password },
  });

describe('firstLogin in the login answer', () => {
  it('is true for an account that never signed in, then false', async () => {
    // Verified by an admin: the account has never had a session.
    const user = uniqueUser();
    const registered = await api(t, 'POST', '/api/auth/register', { body: user });
    expect(registered.statusCode).toBe(201);
    const verified = await api(t, 'PATCH', `/api/admin/users/${registered.json().user.id}`, {
      cookie: boss.cookie,
      body: { emailVerified: true },
    });
    expect(verified.statusCode).toBe(200);

    const first = await login(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ firstLogin: true, user: { username: user.username } });

    // Another login while the first session is open: welcome back.
    const second = await login(user);
    expect(second.json().firstLogin).toBe(false);

    // After logging out everywhere (no session row left): still welcome back.
    for (const cookie of [sessionCookieFrom(first), sessionCookieFrom(second)]) {
      const loggedOut = await api(t, 'POST', '/api/auth/logout', { cookie, body: {} });
      expect(loggedOut.statusCode).toBe(200);
    }
    expect((await login(user)).json().firstLogin).toBe(false);
  });

  it('is false after the address was verified through the link (that signed in)', async () => {
    const user = uniqueUser();
    expect((await api(t, 'POST', '/api/auth/register', { body: user })).statusCode).toBe(201);
    const verified = await openVerificationLink(t, user.email, user.password);
    expect(verified.statusCode).toBe(200);
    const cookie = sessionCookieFrom(verified);
    expect((await api(t, 'POST', '/api/auth/logout', { cookie, body: {} })).statusCode).toBe(200);

    expect((await login(user)).json().firstLogin).toBe(false);
  });

  it('is not given on a refused login', async () => {
    const response = await login({ username: boss.username, password: 'wrong-password-1' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('firstLogin');
  });
});
