import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LIMITS } from '#server/lib/mail-limits.ts';
import { latestMailTo } from '#server/test/mail-outbox.ts';
import { api, createTestApp, deliverMail, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * A profile email change mails a verification link to the new address: at most
 * MAIL_LIMITS.emailChangeMailsPerHour of them an hour per account (decision 003).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileOf = (user: { username: string }, changes: Record<string, unknown>) => ({
  username: user.username,
  organization: '',
  phone: '',
  logoUrl: '',
  vipPromotionCode: '',
  ...changes,
});

describe('PUT /api/auth/profile email changes', () => {
  it(`answers the ${MAIL_LIMITS.emailChangeMailsPerHour + 1}th email change within an hour with 429 and the time to wait, writing no mail and changing nothing`, async () => {
    const user = await signUp(t);
    const newAddress = (n: number) => `changed${n}.${user.email}`;
    const change = (email: string, changes: Record<string, unknown> = {}) =>
      api(t, 'PUT', '/api/auth/profile', {
        cookie: user.cookie,
        body: profileOf(user, { email, ...changes }),
      });

    for (let n = 1; n <= MAIL_LIMITS.emailChangeMailsPerHour; n++) {
      const response = await change(newAddress(n));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        verificationSent: true,
        user: { pendingEmail: newAddress(n) },
      });
    }
    const refused = await change(newAddress(6), { organization: 'Not saved' });

    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().error).toMatch(
      /^At most 5 verification emails an hour can be sent for an email change\. Please try again in (\d+ min|1 h)\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_000);
    expect(retryAfter).toBeLessThanOrEqual(3_600);

    await deliverMail(t);
    const outbox = path.join(t.dataDir, 'mail');
    expect(await latestMailTo(outbox, newAddress(5))).toBeDefined();
    expect(await latestMailTo(outbox, newAddress(6))).toBeUndefined();
    const me = await api(t, 'GET', '/api/auth/user', { cookie: user.cookie });
    expect(me.json().user).toMatchObject({
      email: user.email,
      pendingEmail: newAddress(5),
      organization: null,
    });

    // Only mails count: a save that mails nobody still goes through.
    const plain = await change(newAddress(5), { organization: 'Saved' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toMatchObject({
      verificationSent: false,
      user: { organization: 'Saved' },
    });
  });
});
