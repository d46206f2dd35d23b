import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema.ts';
import { firstLink, latestMailTo, readOutbox } from '#server/test/mail-outbox.ts';
import {
  deliverMail,
  api,
  createTestApp,
  openVerificationLink,
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
const userRow = async (username: string) =>
  (await t.ctx.db.select().from(users).where(eq(users.username, username)))[0];

describe('POST /api/auth/register', () => {
  it('creates the account, never returns secrets, and mails a verification link', async () => {
    const user = uniqueUser({ organization: 'Hengtai Machinery', phone: '+86 20 1234 5678' });
    const response = await api(t, 'POST', '/api/auth/register', { body: user });

    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      username: user.username,
      email: user.email,
      organization: 'Hengtai Machinery',
      emailVerified: false,
      role: 'user',
    });
    expect(JSON.stringify(body)).not.toContain(user.password);
    expect(body.user).not.toHaveProperty('password');

    const stored = await userRow(user.username);
    expect(stored!.password).toMatch(/^scrypt\$/);

    await deliverMail(t);
    const mail = await latestMailTo(outbox(), user.email);
    expect(mail?.subject).toBe('Verify your DocuCard email address');
    expect(firstLink(mail!)).toMatch(/^http:\/\/localhost:5000\/verify-email\?token=[\w-]+$/);
  });

  it('writes the mail in the language the user chose', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user, language: 'zh-TW' });
    await deliverMail(t);
    const mail = await latestMailTo(outbox(), user.email);
    expect(mail?.subject).toBe('驗證您的 DocuCard 電子郵件地址');
    expect(mail?.text).toContain('24小時');
  });

  it('names every invalid field in the request language and stores nothing', async () => {
    await deliverMail(t);
    const before = (await readOutbox(outbox())).length;
    const response = await api(t, 'POST', '/api/auth/register', {
      body: { username: 'ab', email: 'not-an-email', password: 'short', logoUrl: 'nope' },
      language: 'zh-CN',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: '请检查标出的字段。',
      code: 'VALIDATION_ERROR',
      fields: {
        username: '用户名需为3到50个字符',
        email: '请输入有效邮箱',
        password: '密码至少需要8个字符',
        logoUrl: '必须是有效的URL地址',
      },
    });
    expect(await userRow('ab')).toBeUndefined();
    await deliverMail(t);
    expect((await readOutbox(outbox())).length).toBe(before);
  });

  it('rejects a username longer than 50 characters and wrong types', async () => {
    const long = await api(t, 'POST', '/api/auth/register', {
      body: uniqueUser({ username: 'x'.repeat(51) }),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.username).toBe('Username must be 3 to 50 characters');

    const wrongType = await api(t, 'POST', '/api/auth/register', {
      body: { ...uniqueUser(), username: 12345 },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields.username).toBe('This value is not valid');
  });

  it('answers malformed JSON with a readable 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json', 'x-language': 'en' },
      payload: '{"username": "broken',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'The request body is not valid JSON.',
      code: 'MALFORMED_JSON',
    });
  });

  it('answers 409 "User already exists" for a taken username or email and changes nothing', async () => {
    const user = uniqueUser({ organization: 'First Co' });
    await api(t, 'POST', '/api/auth/register', { body: user });

    for (const clash of [
      { ...uniqueUser(), username: user.username },
      { ...uniqueUser(), email: user.email },
    ]) {
      const response = await api(t, 'POST', '/api/auth/register', {
        body: { ...clash, organization: 'Intruder' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: 'User already exists', code: 'USER_EXISTS' });
    }
    expect((await userRow(user.username))!.organization).toBe('First Co');
  });
});

describe('overwrite retry', () => {
  it('updates a never-verified account and mails a new link; the holder sets the password', async () => {
    const user = uniqueUser({ organization: 'Old Name' });
    await api(t, 'POST', '/api/auth/register', { body: user });
    const retry = await api(t, 'POST', '/api/auth/register', {
      body: { ...user, password: 'a-new-password', organization: 'New Name', overwrite: true },
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      updated: true,
      verificationSent: true,
      user: { organization: 'New Name' },
    });

    expect((await openVerificationLink(t, user.email, 'a-new-password')).statusCode).toBe(200);
    const oldPassword = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: 'a-new-password' },
    });
    expect(newPassword.statusCode).toBe(200);
  });

  it('refuses a stranger on a verified account and leaves it untouched', async () => {
    const owner = await signUp(t, { organization: 'Owner Co' });
    const attack = await api(t, 'POST', '/api/auth/register', {
      body: {
        username: owner.username,
        email: owner.email,
        password: 'attacker-password',
        organization: 'Hijacked',
        overwrite: true,
      },
    });
    expect(attack.statusCode).toBe(409);
    expect(attack.json()).toEqual({
      error:
        'This account is already verified and cannot be replaced. Log in to change it, or use “Forgot password?” on the login page.',
      code: 'USER_EXISTS',
    });
    const stored = await userRow(owner.username);
    expect(stored!.organization).toBe('Owner Co');
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: owner.username, password: owner.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('never replaces an account that was ever verified, not even with its password', async () => {
    const owner = await signUp(t, { organization: 'Before' });
    const retry = await api(t, 'POST', '/api/auth/register', {
      body: {
        username: owner.username,
        email: owner.email,
        password: owner.password,
        organization: 'After',
        overwrite: true,
      },
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('USER_EXISTS');
    expect((await userRow(owner.username))!.organization).toBe('Before');
    expect((await userRow(owner.username))!.emailVerified).toBe(true);
  });

  it('voids every verification link mailed before the overwrite', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    await deliverMail(t);
    const stale = firstLink((await latestMailTo(outbox(), user.email))!)!;
    await api(t, 'POST', '/api/auth/register', {
      body: { ...user, password: 'the-real-owner-1', overwrite: true },
    });
    const response = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token: new URL(stale).searchParams.get('token'), password: 'the-real-owner-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('This verification link is invalid or incomplete.');
    expect((await userRow(user.username))!.emailVerified).toBe(false);
    const fresh = await openVerificationLink(t, user.email, 'the-real-owner-1');
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses when the username and the email belong to two different accounts', async () => {
    const first = uniqueUser();
    const second = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: first });
    await api(t, 'POST', '/api/auth/register', { body: second });
    const response = await api(t, 'POST', '/api/auth/register', {
      body: {
        username: first.username,
        email: second.email,
        password: 'whatever-1',
        overwrite: true,
      },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });
});

describe('POST /api/auth/verify-email', () => {
  it('verifies once, then says the link was used', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    const first = await openVerificationLink(t, user.email, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().user).toMatchObject({ username: user.username, emailVerified: true });
    expect((await userRow(user.username))!.emailVerified).toBe(true);

    const again = await openVerificationLink(t, user.email, user.password);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This verification link has already been used.');
  });

  it('refuses a link older than 24 hours', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    t.clock.advance(24 * 60 * 60 * 1000 + 1000);
    try {
      const response = await openVerificationLink(t, user.email, user.password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toContain('This verification link has expired');
      expect((await userRow(user.username))!.emailVerified).toBe(false);
    } finally {
      t.clock.advance(-(24 * 60 * 60 * 1000 + 1000));
    }
  });

  it('refuses a modified token in the request language', async () => {
    const response = await api(t, 'POST', '/api/auth/verify-email', {
      body: { token: 'forged', password: 'whatever-123' },
      language: 'zh-CN',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('验证链接无效或不完整。');
  });
});

describe('resend verification', () => {
  it('mails a fresh link to an unverified address and answers the same for unknown ones', async () => {
    const user = uniqueUser();
    await api(t, 'POST', '/api/auth/register', { body: user });
    await deliverMail(t);
    const before = (await readOutbox(outbox())).length;

    const known = await api(t, 'POST', '/api/auth/resend-verification', {
      body: { email: user.email },
    });
    const unknown = await api(t, 'POST', '/api/auth/resend-verification', {
      body: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await deliverMail(t);
    expect((await readOutbox(outbox())).length).toBe(before + 1);

    const response = await openVerificationLink(t, user.email, user.password);
    expect(response.statusCode).toBe(200);
  });
});

describe('look-alike usernames', () => {
  it('stores the NFKC form: a full-width name is the plain one', async () => {
    const tag = uniqueUser().username.slice(4);
    const wide = [...`wide${tag}`]
      .map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0))
      .join('');
    const user = uniqueUser({ username: wide });
    const response = await api(t, 'POST', '/api/auth/register', { body: user });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.username).toBe(`wide${tag}`);
  });

  it('refuses zero-width and bidirectional control characters', async () => {
    for (const sneaky of ['ad\u200Bmin', 'admin\u202Egnp', '\u2066root\u2069', 'a\uFEFFb-c']) {
      const response = await api(t, 'POST', '/api/auth/register', {
        body: uniqueUser({ username: sneaky }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.username).toBe(
        'Username must not contain invisible or text-direction characters',
      );
    }
  });

  it('refuses a name whose confusable skeleton equals an existing one, at registration and in the profile', async () => {
    const owner = await signUp(t);
    // Greek υ in place of Latin u, Cyrillic е in place of Latin e.
    const lookalike = owner.username.replace('u', 'υ').replace('e', 'е');
    expect(lookalike).not.toBe(owner.username);
    const response = await api(t, 'POST', '/api/auth/register', {
      body: uniqueUser({ username: lookalike }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'This username looks the same as an existing one. Please choose another.',
    );

    const other = await signUp(t);
    const rename = await api(t, 'PUT', '/api/auth/profile', {
      cookie: other.cookie,
      body: { username: lookalike, email: other.email },
    });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().error).toMatch(/looks the same/);
    // Saving one's own name again is no clash.
    const same = await api(t, 'PUT', '/api/auth/profile', {
      cookie: owner.cookie,
      body: { username: owner.username, email: owner.email },
    });
    expect(same.statusCode).toBe(200);
  });
});
