import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessCards,
  documentChunks,
  documents,
  userSessions,
  users,
  visitorSessions,
} from '#server/db/schema.ts';
import { firstLink, latestMailTo, readOutbox } from '#server/test/mail-outbox.ts';
import {
  deliverMail,
  ADMIN_EMAIL,
  api,
  createTestApp,
  openVerificationLink,
  sessionCookieFrom,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';
import { storedFilesDir } from '#server/test/stored-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const profileOf = (
  user: { username: string; email: string },
  changes: Record<string, unknown>,
) => ({
  username: user.username,
  email: user.email,
  organization: '',
  phone: '',
  logoUrl: '',
  vipPromotionCode: '',
  ...changes,
});

describe('PUT /api/auth/profile', () => {
  it('saves the profile of the signed-in user', async () => {
    const user = await signUp(t);
    const response = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, {
        organization: 'Guangzhou Hengtai',
        phone: '+86 20 8888 0000',
        logoUrl: 'https://example.com/logo.png',
        vipPromotionCode: 'CANTON2026',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verificationSent: false,
      user: { organization: 'Guangzhou Hengtai', vipPromotionCode: 'CANTON2026' },
    });
    const me = await api(t, 'GET', '/api/auth/user', { cookie: user.cookie });
    expect(me.json().user).toMatchObject({
      phone: '+86 20 8888 0000',
      logoUrl: 'https://example.com/logo.png',
    });
  });

  it('clears optional fields sent empty', async () => {
    const user = await signUp(t, { organization: 'Something' });
    const response = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, { organization: '' }),
    });
    expect(response.json().user.organization).toBeNull();
  });

  it('validates like registration and changes nothing on error', async () => {
    const user = await signUp(t, { organization: 'Kept' });
    const response = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, { username: 'no', logoUrl: 'not a url', organization: 'Changed' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: 'Username must be 3 to 50 characters',
      logoUrl: 'Must be a valid URL address',
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.organization).toBe('Kept');
  });

  it('refuses a username or email that belongs to someone else', async () => {
    const first = await signUp(t);
    const second = await signUp(t);
    const name = await api(t, 'PUT', '/api/auth/profile', {
      cookie: second.cookie,
      body: profileOf(second, { username: first.username }),
    });
    expect(name.statusCode).toBe(409);
    expect(name.json()).toEqual({ error: 'This username is already taken.', code: 'CONFLICT' });
    const email = await api(t, 'PUT', '/api/auth/profile', {
      cookie: second.cookie,
      body: profileOf(second, { email: first.email }),
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().error).toBe('This email address is already used by another account.');
  });

  it('keeps the verified address in force until the new one is confirmed', async () => {
    const user = await signUp(t);
    const response = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, { email: ADMIN_EMAIL }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      verificationSent: true,
      user: { email: user.email, emailVerified: true, pendingEmail: ADMIN_EMAIL, role: 'user' },
    });
    const admin = await api(t, 'GET', '/api/admin/users', { cookie: user.cookie });
    expect(admin.statusCode).toBe(403);
    await deliverMail(t);
    expect(await latestMailTo(path.join(t.dataDir, 'mail'), ADMIN_EMAIL)).toBeDefined();

    // Login keeps working with the old address while the change is pending.
    const byOldEmail = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.email, password: user.password },
    });
    expect(byOldEmail.statusCode).toBe(200);

    // Saving the profile again with the pending address sends no second mail.
    const again = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, { email: ADMIN_EMAIL, phone: '123' }),
    });
    expect(again.json()).toMatchObject({
      verificationSent: false,
      user: { pendingEmail: ADMIN_EMAIL },
    });

    // The new address's holder confirms with the account's password; other sessions end.
    const wrong = await openVerificationLink(t, ADMIN_EMAIL, 'not-the-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toMatch(/not this account's password/);
    const confirmed = await openVerificationLink(t, ADMIN_EMAIL, user.password);
    expect(confirmed.statusCode).toBe(200);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);
    const me = await api(t, 'GET', '/api/auth/user', { cookie: sessionCookieFrom(confirmed) });
    expect(me.json().user).toMatchObject({
      email: ADMIN_EMAIL,
      pendingEmail: null,
      emailVerified: true,
      role: 'admin',
    });
    const byNewEmail = await api(t, 'POST', '/api/auth/login', {
      body: { username: ADMIN_EMAIL, password: user.password },
    });
    expect(byNewEmail.statusCode).toBe(200);
  });

  it('leaves no window for a takeover while an email change is pending', async () => {
    const owner = await signUp(t, { organization: 'Owner Co' });
    await api(t, 'PUT', '/api/auth/profile', {
      cookie: owner.cookie,
      body: profileOf(owner, { email: `new-${owner.email}` }),
    });
    const attack = await api(t, 'POST', '/api/auth/register', {
      body: {
        username: owner.username,
        email: 'stranger@example.com',
        password: 'attacker-pass-1',
        overwrite: true,
      },
    });
    expect(attack.statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, owner.id));
    expect(row).toMatchObject({
      email: owner.email,
      username: owner.username,
      emailVerified: true,
    });
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: owner.username, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('cancels a pending change when the current address is sent again', async () => {
    const user = await signUp(t);
    await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, { email: `other-${user.email}` }),
    });
    const back = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, {}),
    });
    expect(back.json()).toMatchObject({ verificationSent: false, user: { pendingEmail: null } });
    const link = await openVerificationLink(t, `other-${user.email}`, user.password);
    expect(link.statusCode).toBe(400);
    expect(link.json().code).toBe('INVALID_TOKEN');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('does not swap to an address another account took in the meantime', async () => {
    const user = await signUp(t);
    const wanted = `wanted-${user.email}`;
    await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: profileOf(user, { email: wanted }),
    });
    await signUp(t, { email: wanted });
    // The other account's verification mail is now the newest to that address: use ours.
    await deliverMail(t);
    const mails = (await readOutbox(path.join(t.dataDir, 'mail'))).filter((m) =>
      m.to.includes(wanted),
    );
    const ours = new URL(firstLink(mails[0]!)!).searchParams.get('token');
    const response = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token: ours, password: user.password },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'This email address is now used by another account, so your address was not changed.',
    );
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(user.email);
  });

  it('answers 401 without a session', async () => {
    const response = await api(t, 'PUT', '/api/auth/profile', {
      body: profileOf({ username: 'someone', email: 'someone@example.com' }, {}),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/account', () => {
  it('deletes the account and everything it owns, files on disk included', async () => {
    const user = await signUp(t);
    const other = await signUp(t);
    const [card] = await t.ctx.db
      .insert(businessCards)
      .values({ userId: user.id, companyName: 'Hengtai' })
      .returning();
    const [otherCard] = await t.ctx.db
      .insert(businessCards)
      .values({ userId: other.id, companyName: 'Someone else' })
      .returning();
    const [document] = await t.ctx.db
      .insert(documents)
      .values({
        userId: user.id,
        businessCardId: card!.id,
        fileName: 'a.txt',
        fileType: 'txt',
        fileSize: 3,
      })
      .returning();
    await t.ctx.db
      .insert(documentChunks)
      .values({ documentId: document!.id, businessCardId: card!.id, position: 0, text: 'abc' });
    await t.ctx.db
      .insert(visitorSessions)
      .values({ sessionToken: `v-${user.id}`, businessCardId: card!.id });
    const userDir = storedFilesDir(t, user.id);
    await fs.mkdir(userDir, { recursive: true });
    await fs.writeFile(path.join(userDir, 'catalogue.pdf'), 'bytes');

    const response = await api(t, 'DELETE', '/api/auth/account', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    expect(await t.ctx.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(
      await t.ctx.db.select().from(businessCards).where(eq(businessCards.userId, user.id)),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(documents).where(eq(documents.userId, user.id))).toEqual(
      [],
    );
    expect(
      await t.ctx.db
        .select()
        .from(documentChunks)
        .where(eq(documentChunks.businessCardId, card!.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(visitorSessions)
        .where(eq(visitorSessions.businessCardId, card!.id)),
    ).toEqual([]);
    expect(
      await t.ctx.db.select().from(userSessions).where(eq(userSessions.userId, user.id)),
    ).toEqual([]);
    await expect(fs.access(userDir)).rejects.toThrow();

    // The other owner keeps everything.
    expect(
      await t.ctx.db.select().from(businessCards).where(eq(businessCards.id, otherCard!.id)),
    ).toHaveLength(1);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: other.cookie })).statusCode).toBe(200);

    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('answers 401 without a session and deletes nothing', async () => {
    const response = await api(t, 'DELETE', '/api/auth/account');
    expect(response.statusCode).toBe(401);
  });
});
