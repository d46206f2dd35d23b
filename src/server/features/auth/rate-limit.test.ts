import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/test/mail-outbox.ts';
import {
  deliverMail,
  api,
  createTestApp,
  freshAddress,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';
import { ACCOUNT_WIDE_FAILURES_MAX } from './routes.ts';

/*
 * Failed logins count per (account, client address): a stranger who knows the login name (it
 * is printed on the public card) cannot lock the owner out from elsewhere. api() sends each
 * request from a fresh address unless told one.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, address?: string) =>
  api(t, 'POST', '/api/auth/login', {
    body: { username, password },
    ...(address ? { address } : {}),
  });

describe('login attempts per account and address', () => {
  it('5 wrong passwords lock that address for this account (429, Retry-After), not the owner elsewhere', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const stranger = freshAddress();
    // Username and email spend one budget.
    for (const name of [user.username, user.email, user.username, user.email, user.username]) {
      expect((await login(name, 'wrong-password-1', stranger)).statusCode).toBe(401);
    }
    const blocked = await login(user.username, user.password, stranger);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await login(user.email.toUpperCase(), user.password, stranger)).statusCode).toBe(429);

    // The owner, from an address that has not failed, signs in with the right password.
    expect((await login(user.username, user.password)).statusCode).toBe(200);
    // The stranger's address is not locked out of another account.
    expect((await login(other.username, other.password, stranger)).statusCode).toBe(200);
  });

  it('past the account-wide ceiling, attempts from many addresses are slowed, never refused', async () => {
    const user = await signUp(t);
    // A botnet: one wrong password from each of more addresses than the ceiling.
    for (let i = 0; i < ACCOUNT_WIDE_FAILURES_MAX + 2; i += 1) {
      expect((await login(user.username, 'wrong-password-1')).statusCode).toBe(401);
    }
    const owner = await login(user.username, user.password);
    expect(owner.statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const user = await signUp(t);
    const address = freshAddress();
    for (let i = 0; i < 7; i += 1) {
      expect((await login(user.username, user.password, address)).statusCode).toBe(200);
    }
  });

  it('limits unknown names the same way', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await login('Nobody-Here', 'whatever-123', address)).statusCode).toBe(401);
    }
    expect((await login('nobody-here', 'whatever-123', address)).statusCode).toBe(429);
  });
});

describe('forgot-password per address asked about', () => {
  it('mails at most 5 links, then answers 429 alike for known and unknown addresses', async () => {
    const user = await signUp(t);
    const outbox = path.join(t.dataDir, 'mail');
    await deliverMail(t);
    const before = (await readOutbox(outbox)).length;
    for (let i = 0; i < 5; i += 1) {
      const ok = await api(t, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
      expect(ok.statusCode).toBe(200);
      await api(t, 'POST', '/api/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    }
    const known = await api(t, 'POST', '/api/auth/forgot-password', {
      body: { email: user.email },
    });
    const unknown = await api(t, 'POST', '/api/auth/forgot-password', {
      body: { email: 'ghost@example.com' },
    });
    expect(known.statusCode).toBe(429);
    expect(unknown.statusCode).toBe(429);
    expect(known.headers['retry-after']).toBeDefined();
    await deliverMail(t);
    expect((await readOutbox(outbox)).length).toBe(before + 5);
  });
});
