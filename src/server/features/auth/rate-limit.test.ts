import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/test/mail-outbox.ts';
import { deliverMail, api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * Per-account limits: every request below comes from a different address (api() picks a
 * fresh one), as a botnet would, so only the per-account budget can stop it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  api(t, 'POST', '/api/auth/login', { body: { username, password } });

describe('login attempts per account', () => {
  it('after 5 failures from any addresses, even the right password waits (429, Retry-After)', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    // Username and email spend one budget.
    for (const name of [user.username, user.email, user.username, user.email, user.username]) {
      expect((await login(name, 'wrong-password-1')).statusCode).toBe(401);
    }
    const blocked = await login(user.username, user.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    expect(blocked.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await login(user.email.toUpperCase(), user.password)).statusCode).toBe(429);

    // Another account is not affected.
    expect((await login(other.username, other.password)).statusCode).toBe(200);
  });

  it('does not count successful logins', async () => {
    const user = await signUp(t);
    for (let i = 0; i < 7; i += 1) {
      expect((await login(user.username, user.password)).statusCode).toBe(200);
    }
  });

  it('limits unknown names the same way', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await login('Nobody-Here', 'whatever-123')).statusCode).toBe(401);
    }
    expect((await login('nobody-here', 'whatever-123')).statusCode).toBe(429);
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
