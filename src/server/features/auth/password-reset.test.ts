import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLink, latestMailTo, readOutbox } from '#server/test/mail-outbox.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import {
  deliverMail,
  api,
  createTestApp,
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

const outbox = () => path.join(t.dataDir, 'mail');

/** The token of the newest reset link mailed to an address. */
async function mailedResetToken(email: string): Promise<string> {
  await deliverMail(t);
  const mail = await latestMailTo(outbox(), email);
  const link = mail && firstLink(mail);
  if (!link) throw new Error(`no reset mail for ${email}`);
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/reset-password`);
  return url.searchParams.get('token')!;
}

const login = (username: string, password: string) =>
  api(t, 'POST', '/api/auth/login', { body: { username, password } });

describe('forgot and reset password', () => {
  it('answers the same for known and unknown addresses and mails only the known one', async () => {
    const user = await signUp(t);
    await deliverMail(t);
    const before = (await readOutbox(outbox())).length;
    const known = await api(t, 'POST', '/api/auth/forgot-password', {
      body: { email: user.email.toUpperCase() },
    });
    const unknown = await api(t, 'POST', '/api/auth/forgot-password', {
      body: { email: 'nobody-at-all@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await deliverMail(t);
    expect((await readOutbox(outbox())).length).toBe(before + 1);
    const mail = await latestMailTo(outbox(), user.email);
    expect(mail!.subject).toBe('Reset your DocuCard password');
  });

  it('sets the new password once, ends every session and closes their sockets', async () => {
    const user = await signUp(t);
    const second = sessionCookieFrom(await login(user.username, user.password));
    const agent = await connectAgent(t, second);
    agent.send({ type: 'agent_connect' });
    await agent.waitFor((m) => m.type === 'connected');

    await api(t, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await mailedResetToken(user.email);
    const listening = t.hub.agentCount();
    const reset = await api(t, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'brand-new-pass-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ ok: true });
    // Closed by the reset itself, before its answer: not left to the sweep of expired sessions.
    expect(t.hub.agentCount()).toBe(listening - 1);
    expect((await agent.closed).code).toBe(4401);

    for (const cookie of [user.cookie, second]) {
      expect((await api(t, 'GET', '/api/auth/user', { cookie })).statusCode).toBe(401);
    }
    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'brand-new-pass-1')).statusCode).toBe(200);

    const again = await api(t, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'another-pass-22' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error:
        'This password reset link has already been used. Ask for a new one if you still need it.',
      code: 'INVALID_TOKEN',
    });
    expect((await login(user.username, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('refuses a link older than one hour, a forged token and a short password', async () => {
    const user = await signUp(t);
    await api(t, 'POST', '/api/auth/forgot-password', { body: { email: user.email } });
    const token = await mailedResetToken(user.email);

    const short = await api(t, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: 'Password must be at least 8 characters' });

    const forged = await api(t, 'POST', '/api/auth/reset-password', {
      body: { token: `${token}x`, password: 'long-enough-1' },
      language: 'zh-CN',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('该密码重置链接无效或不完整。请重新申请。');

    t.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const late = await api(t, 'POST', '/api/auth/reset-password', {
        body: { token, password: 'long-enough-1' },
      });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toContain('expired');
    } finally {
      t.clock.advance(-(60 * 60 * 1000 + 1000));
    }
    expect((await login(user.username, user.password)).statusCode).toBe(200);
  });

  it('mails nothing for an account that never verified its address', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    await deliverMail(t);
    const before = (await readOutbox(outbox())).length;
    const response = await api(t, 'POST', '/api/auth/forgot-password', {
      body: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    await deliverMail(t);
    expect((await readOutbox(outbox())).length).toBe(before);
  });
});

describe('POST /api/auth/change-password', () => {
  it('checks the current password, keeps this session and ends the others', async () => {
    const user = await signUp(t);
    const other = sessionCookieFrom(await login(user.username, user.password));
    const otherAgent = await connectAgent(t, other);
    const ownAgent = await connectAgent(t, user.cookie);
    ownAgent.send({ type: 'agent_connect' });
    await ownAgent.waitFor((m) => m.type === 'connected');

    const wrong = await api(t, 'POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: 'not-my-password', newPassword: 'next-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields).toEqual({
      currentPassword: 'The current password is not correct.',
    });

    const changed = await api(t, 'POST', '/api/auth/change-password', {
      cookie: user.cookie,
      body: { currentPassword: user.password, newPassword: 'next-password-1' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await otherAgent.closed).code).toBe(4401);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: other })).statusCode).toBe(401);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(200);
    ownAgent.send({ type: 'ping' });
    await ownAgent.waitFor((m) => m.type === 'pong');
    ownAgent.close();

    expect((await login(user.username, user.password)).statusCode).toBe(401);
    expect((await login(user.username, 'next-password-1')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await api(t, 'POST', '/api/auth/change-password', {
      body: { currentPassword: 'whatever-1', newPassword: 'whatever-2' },
    });
    expect(response.statusCode).toBe(401);
  });
});
