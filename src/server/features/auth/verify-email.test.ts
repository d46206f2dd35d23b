import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import {
  ADMIN_EMAIL,
  api,
  createTestApp,
  mailedVerificationToken,
  openVerificationLink,
  sessionCookieFrom,
  signUp,
  uniqueUser,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * A password chosen by someone who does not hold the mailbox never
 * becomes the account's password. Verifying takes the mailed link and a password its holder
 * types; the link alone verifies nothing.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  api(t, 'POST', '/api/auth/login', { body: { username, password } });
const userRow = async (email: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('a pending account overwritten by a stranger', () => {
  it("never takes the stranger's password: the mailbox holder's password is the one in force", async () => {
    const owner = uniqueUser({ organization: 'Owner Co' });
    expect((await api(t, 'POST', '/api/auth/register', { body: owner })).statusCode).toBe(201);
    // The stranger knows the username and address (printed on a card) and overwrites.
    const overwrite = await api(t, 'POST', '/api/auth/register', {
      body: { ...owner, password: 'stranger-password-1', overwrite: true },
    });
    expect(overwrite.statusCode).toBe(200);
    expect(overwrite.json().verificationSent).toBe(true);

    // The owner opens the newest mail and types the password they chose.
    const verified = await openVerificationLink(t, owner.email, owner.password);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user).toMatchObject({ email: owner.email, emailVerified: true });
    expect((await login(owner.username, 'stranger-password-1')).statusCode).toBe(401);
    expect((await login(owner.username, owner.password)).statusCode).toBe(200);
  });

  it('overwritten by username alone: the stranger cannot sign in before or after the owner verifies', async () => {
    const owner = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: owner });
    const overwrite = await api(t, 'POST', '/api/auth/register', {
      body: {
        username: owner.username,
        email: owner.email,
        password: 'stranger-password-2',
        overwrite: true,
      },
    });
    expect(overwrite.statusCode).toBe(200);
    expect((await login(owner.username, 'stranger-password-2')).statusCode).toBe(403);
    expect((await openVerificationLink(t, owner.email, 'owner-chose-a-new-1')).statusCode).toBe(
      200,
    );
    expect((await login(owner.username, 'stranger-password-2')).statusCode).toBe(401);
    expect((await login(owner.email, 'owner-chose-a-new-1')).statusCode).toBe(200);
  });

  it('an address in ADMIN_EMAILS pre-registered by a stranger becomes an admin only with the holder’s password', async () => {
    const stranger = uniqueUser({ email: ADMIN_EMAIL, password: 'stranger-admin-pass-1' });
    expect((await api(t, 'POST', '/api/auth/register', { body: stranger })).statusCode).toBe(201);
    // The stranger's password never works, not even once the admin verifies.
    expect((await login(ADMIN_EMAIL, stranger.password)).statusCode).toBe(403);
    const verified = await openVerificationLink(t, ADMIN_EMAIL, 'the-real-admin-pass-1');
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.role).toBe('admin');
    expect((await login(ADMIN_EMAIL, stranger.password)).statusCode).toBe(401);
    expect((await login(ADMIN_EMAIL, 'the-real-admin-pass-1')).statusCode).toBe(200);
  });
});

describe('the mailed link', () => {
  it('GET only leads to the page that asks for the password; it verifies nothing', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    const token = await mailedVerificationToken(t, user.email);
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/verify-email?token=${encodeURIComponent(token)}`);
    expect((await userRow(user.email))!.emailVerified).toBe(false);
    expect((await login(user.username, user.password)).statusCode).toBe(403);
  });

  it('the page learns what the link is for before asking; bad links are named', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    const token = await mailedVerificationToken(t, user.email);
    const described = await api(t, 'POST', '/api/auth/verification-link', { body: { token } });
    expect(described.statusCode).toBe(200);
    expect(described.json()).toEqual({
      purpose: 'registration',
      username: user.username,
      email: user.email,
    });
    const forged = await api(t, 'POST', '/api/auth/verification-link', {
      body: { token: 'forged' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error).toBe('This verification link is invalid or incomplete.');
  });

  it('signs the holder in and ends every other session of the account', async () => {
    const user = await signUp(t);
    const newAddress = `moved-${user.email}`;
    await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: { username: user.username, email: newAddress },
    });
    const token = await mailedVerificationToken(t, newAddress);
    expect(
      (await api(t, 'POST', '/api/auth/verification-link', { body: { token } })).json().purpose,
    ).toBe('email-change');
    // Holding the new mailbox is not enough for a verified account: its password is needed.
    const wrong = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token, password: 'someone-elses-pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect((await userRow(user.email))!.pendingEmail).toBe(newAddress);

    const right = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token, password: user.password },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user).toMatchObject({ email: newAddress, pendingEmail: null });
    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);
    const me = await api(t, 'GET', '/api/auth/user', { cookie: sessionCookieFrom(right) });
    expect(me.json().user.email).toBe(newAddress);
  });

  it('refuses a password that breaks the password rule, and keeps the link usable', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    const token = await mailedVerificationToken(t, user.email);
    const short = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toMatch(/at least 8/i);
    expect((await userRow(user.email))!.emailVerified).toBe(false);
    const ok = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
  });
});
