import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminStats } from '#shared/admin.ts';
import { documents, jobs, users } from '#server/db/schema.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import {
  ADMIN_EMAIL,
  api,
  createTestApp,
  sessionCookieFrom,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';
import { storedFilesDir } from '#server/test/stored-files.ts';

let t: TestApp;
let boss: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await signUp(t, { email: ADMIN_EMAIL, username: 'boss' });
});
afterAll(() => t.close());

const patchUser = (cookie: string, id: number | string, body: unknown) =>
  api(t, 'PATCH', `/api/admin/users/${id}`, { cookie, body });

describe('admin guard', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/users'],
    ['PATCH', '/api/admin/users/1', { disabled: true }],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/trade-fairs'],
    ['PUT', '/api/admin/trade-fairs', { fairs: [] }],
    ['GET', '/api/admin/audit'],
  ];

  it('answers 401 signed out and 403 to a normal user, on every route', async () => {
    const user = await signUp(t);
    for (const [method, url, body] of routes) {
      const signedOut = await api(t, method as 'GET', url, { body });
      expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      const normal = await api(t, method as 'GET', url, { body, cookie: user.cookie });
      expect(normal.statusCode, `${method} ${url}`).toBe(403);
      expect(normal.json().code).toBe('FORBIDDEN');
    }
    // Even a malformed body tells a non-admin nothing but 403.
    const bad = await api(t, 'PUT', '/api/admin/trade-fairs', {
      body: { fairs: 'x' },
      cookie: user.cookie,
    });
    expect(bad.statusCode).toBe(403);
  });
});

describe('GET /api/admin/users', () => {
  it('searches and pages, newest first', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    await t.ctx.db.insert(users).values(
      Array.from({ length: 23 }, (_, i) => ({
        username: `${tag}_${i}`,
        email: `${tag}_${i}@example.com`,
        password: 'not-a-real-hash',
        emailVerified: true,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    );
    const first = await api(t, 'GET', `/api/admin/users?query=${tag}&page=1`, {
      cookie: boss.cookie,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(23);
    expect(body.pageSize).toBe(20);
    expect(body.users).toHaveLength(20);
    expect(body.users[0].username).toBe(`${tag}_22`);
    expect(body.users[0]).toMatchObject({ disabled: false, role: 'user', adminByConfig: false });
    expect(body.users[0].password).toBeUndefined();
    const second = await api(t, 'GET', `/api/admin/users?query=${tag}&page=2`, {
      cookie: boss.cookie,
    });
    expect(second.json().users.map((u: { username: string }) => u.username)).toEqual([
      `${tag}_2`,
      `${tag}_1`,
      `${tag}_0`,
    ]);
    // Search by email too; % is literal, not a wildcard.
    const byEmail = await api(t, 'GET', `/api/admin/users?query=${ADMIN_EMAIL}`, {
      cookie: boss.cookie,
    });
    expect(byEmail.json().users.map((u: { username: string }) => u.username)).toEqual(['boss']);
    const wildcard = await api(t, 'GET', '/api/admin/users?query=%25', { cookie: boss.cookie });
    expect(wildcard.json().total).toBe(0);
  });

  it('refuses bad paging and unsafe text with a 400', async () => {
    for (const url of [
      '/api/admin/users?page=0',
      '/api/admin/users?page=abc',
      `/api/admin/users?query=${'x'.repeat(101)}`,
      '/api/admin/users?query=%00',
    ]) {
      const response = await api(t, 'GET', url, { cookie: boss.cookie });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('PATCH /api/admin/users/:id', () => {
  it('refuses an empty body, unknown fields and an unknown id', async () => {
    const user = await signUp(t);
    const empty = await patchUser(boss.cookie, user.id, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/nothing to change/i);
    expect((await patchUser(boss.cookie, user.id, { disabled: 'yes' })).statusCode).toBe(400);
    expect((await patchUser(boss.cookie, user.id, { banned: true })).statusCode).toBe(400);
    const unknown = await patchUser(boss.cookie, 99_999_999, { disabled: true });
    expect(unknown.statusCode).toBe(404);
    expect((await patchUser(boss.cookie, 'abc', { disabled: true })).statusCode).toBe(400);
  });

  it('disabling ends every session and socket at once; the user cannot log in; enabling restores', async () => {
    const user = await signUp(t);
    const agent = await connectAgent(t, user.cookie);
    agent.send({ type: 'agent_connect' });
    await agent.waitFor((m) => m.type === 'connected');

    const response = await patchUser(boss.cookie, user.id, { disabled: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: user.id, disabled: true });
    expect((await agent.closed).code).toBe(4401);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);

    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('ACCOUNT_DISABLED');
    expect(login.json().error).toMatch(/disabled/);

    expect((await patchUser(boss.cookie, user.id, { disabled: false })).statusCode).toBe(200);
    const again = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('promotes, verifies, and keeps at least one active admin', async () => {
    const helper = await signUp(t);
    const promoted = await patchUser(boss.cookie, helper.id, { role: 'admin' });
    expect(promoted.json().user.role).toBe('admin');
    // The new admin sees the panel at once.
    expect((await api(t, 'GET', '/api/admin/stats', { cookie: helper.cookie })).statusCode).toBe(
      200,
    );

    // An admin cannot disable themself; the configured admin cannot be demoted here.
    const self = await patchUser(helper.cookie, helper.id, { disabled: true });
    expect(self.statusCode).toBe(409);
    const config = await patchUser(helper.cookie, boss.id, { role: 'user' });
    expect(config.statusCode).toBe(409);
    expect(config.json().error).toMatch(/ADMIN_EMAILS/);

    // With two admins, one may be disabled; then the other is the last and is protected.
    expect((await patchUser(helper.cookie, boss.id, { disabled: true })).statusCode).toBe(200);
    const lastDemote = await patchUser(helper.cookie, helper.id, { role: 'user' });
    expect(lastDemote.statusCode).toBe(409);
    expect(lastDemote.json()).toMatchObject({ code: 'CONFLICT' });
    expect(lastDemote.json().error).toMatch(/last active admin/i);
    const lastUnverify = await patchUser(helper.cookie, boss.id, { emailVerified: false });
    expect(lastUnverify.statusCode).toBe(200); // boss is disabled: not an active admin
    expect((await patchUser(helper.cookie, boss.id, { emailVerified: true })).statusCode).toBe(200);
    expect((await patchUser(helper.cookie, boss.id, { disabled: false })).statusCode).toBe(200);
    // Re-login for boss (their sessions ended when disabled).
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: boss.username, password: boss.password },
    });
    expect(login.statusCode).toBe(200);
    boss.cookie = sessionCookieFrom(login);
    expect((await patchUser(boss.cookie, helper.id, { role: 'user' })).statusCode).toBe(200);
    expect((await api(t, 'GET', '/api/admin/stats', { cookie: helper.cookie })).statusCode).toBe(
      403,
    );
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every admin change, newest first, with who, what and target', async () => {
    const user = await signUp(t);
    await patchUser(boss.cookie, user.id, { emailVerified: false });
    await patchUser(boss.cookie, user.id, { disabled: true, role: 'admin' });
    await patchUser(boss.cookie, user.id, { disabled: true }); // no change: no row
    const response = await api(t, 'GET', '/api/admin/audit', { cookie: boss.cookie });
    expect(response.statusCode).toBe(200);
    const { entries, total, page } = response.json();
    expect(page).toBe(1);
    expect(total).toBeGreaterThanOrEqual(3);
    const mine = entries.filter((e: { target: string }) => e.target === `user:${user.id}`);
    expect(mine.map((e: { action: string }) => e.action)).toEqual([
      expect.stringMatching(/^user\.(disable|role)$/),
      expect.stringMatching(/^user\.(disable|role)$/),
      'user.unverify',
    ]);
    expect(mine[0]).toMatchObject({ actorName: 'boss', actorId: boss.id });
    expect(mine[0].details.username).toBe(user.username);
    expect(Date.parse(mine[0].createdAt)).not.toBeNaN();
    const later = await api(t, 'GET', '/api/admin/audit?page=999', { cookie: boss.cookie });
    expect(later.json().entries).toEqual([]);
  });
});

describe('GET /api/admin/stats', () => {
  it('counts users, cards, documents, stored bytes, visitors today, waiting and failed work', async () => {
    const stats = async () => {
      const response = await api(t, 'GET', '/api/admin/stats', { cookie: boss.cookie });
      expect(response.statusCode).toBe(200);
      return response.json() as TAdminStats;
    };
    const before = await stats();
    expect(before.providerConfigured).toBe(false);

    const owner = await signUp(t);
    const cardId = (
      await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
    ).json().businessCardId as number;
    await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
      body: {},
      cookie: owner.cookie,
    });
    const scan = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${cardId}?src=qr`,
    });
    expect(scan.statusCode).toBe(200);
    await t.ctx.db.insert(documents).values([
      { userId: owner.id, fileName: 'a.txt', fileType: 'txt', fileSize: 10, status: 'failed' },
      { userId: owner.id, fileName: 'b.txt', fileType: 'txt', fileSize: 10, status: 'pending' },
    ]);
    await t.ctx.db.insert(jobs).values([
      { type: 'test-noop', status: 'failed', runAt: new Date(Date.now() + 86_400_000) },
      { type: 'test-noop', status: 'pending', runAt: new Date(Date.now() + 86_400_000) },
    ]);
    await fs.mkdir(storedFilesDir(t, owner.id, 'logos'), { recursive: true });
    await fs.writeFile(
      path.join(storedFilesDir(t, owner.id, 'logos'), 'logo.png'),
      Buffer.alloc(4096),
    );

    const after = await stats();
    expect(after.users - before.users).toBe(1);
    expect(after.cards - before.cards).toBe(1);
    expect(after.finishedCards - before.finishedCards).toBe(1);
    expect(after.documents - before.documents).toBe(2);
    expect(after.documentsFailed - before.documentsFailed).toBe(1);
    expect(after.documentsWaiting - before.documentsWaiting).toBe(1);
    expect(after.jobsFailed - before.jobsFailed).toBe(1);
    expect(after.jobsWaiting - before.jobsWaiting).toBe(1);
    // The queue per type: the rows above, and the verification mails sent through it.
    expect(after.jobQueue).toContainEqual({
      type: 'test-noop',
      queued: 1,
      retrying: 0,
      running: 0,
      failed: 1,
      done: 0,
      attempts: 0,
    });
    const mails = after.jobQueue.find((row) => row.type === 'mail.send');
    expect(mails).toMatchObject({ queued: 0, failed: 0 });
    expect(mails!.done).toBeGreaterThanOrEqual(2);
    expect(mails!.attempts).toBe(mails!.done);
    expect(after.visitorSessionsToday - before.visitorSessionsToday).toBe(1);
    expect(after.storedBytes - before.storedBytes).toBe(4096);
  });

  it('says when an AI provider is configured', async () => {
    const withKey = await createTestApp({
      env: { OPENAI_API_KEY: 'sk-test' },
      shareDatabaseWith: t,
    });
    try {
      const response = await withKey.app.inject({
        method: 'GET',
        url: '/api/admin/stats',
        headers: { cookie: boss.cookie },
      });
      expect(response.json().providerConfigured).toBe(true);
    } finally {
      await withKey.close();
    }
  });
});
