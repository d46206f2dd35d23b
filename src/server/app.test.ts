import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '#server/test/mail-outbox.ts';
import {
  deliverMail,
  ADMIN_EMAIL,
  api,
  createTestApp,
  freshAddress,
  signUp,
  uniqueUser,
  type TestApp,
} from '#server/test/test-app.ts';

let t: TestApp;
let webRoot: string;
beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'docucard-web-'));
  await fs.mkdir(path.join(webRoot, 'assets'));
  await fs.writeFile(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(webRoot, 'chat.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

describe('GET /api/health', () => {
  it('reports the database and the AI providers that can answer', async () => {
    const response = await api(t, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      ai: ['local'],
    });
  });
});

describe('serving the front end', () => {
  it('answers pages with the app and unknown API paths with JSON 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/my-cards' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');

    const missing = await api(t, 'GET', '/api/does-not-exist');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'There is no such API endpoint.', code: 'NOT_FOUND' });

    const wrongMethod = await api(t, 'POST', '/api/health', { body: {} });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('caches hashed assets for a year', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers the home page itself with the app (a full load of /)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<div id="root">');
  });

  it('sends security headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing request from a foreign origin and changes nothing', async () => {
    const user = uniqueUser();
    await deliverMail(t);
    const before = (await readOutbox(path.join(t.dataDir, 'mail'))).length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/json',
        'x-language': 'en',
      },
      payload: JSON.stringify(user),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: 'This request came from another website and was blocked.',
      code: 'FOREIGN_ORIGIN',
    });
    await deliverMail(t);
    expect((await readOutbox(path.join(t.dataDir, 'mail'))).length).toBe(before);
    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('refuses a foreign-origin account deletion even with a valid session', async () => {
    const user = await signUp(t);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/account',
      headers: { origin: 'https://evil.example', cookie: user.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(200);
  });

  it('accepts our public origin and the host the browser used', async () => {
    for (const origin of ['http://localhost:5000', 'http://192.168.1.20:5000']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { origin, host: '192.168.1.20:5000', 'content-type': 'application/json' },
        payload: JSON.stringify(uniqueUser()),
      });
      expect(response.statusCode).toBe(201);
    }
  });
});

describe('admin routes', () => {
  it('lets only accounts whose verified email is in ADMIN_EMAILS list users', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL });
    const user = await signUp(t);

    const me = await api(t, 'GET', '/api/auth/user', { cookie: admin.cookie });
    expect(me.json().user.role).toBe('admin');

    const list = await api(t, 'GET', '/api/admin/users', { cookie: admin.cookie });
    expect(list.statusCode).toBe(200);
    const names = list.json().users.map((u: { username: string }) => u.username);
    expect(names).toContain(user.username);
    expect(JSON.stringify(list.json())).not.toContain('scrypt$');

    const forbidden = await api(t, 'GET', '/api/admin/users', { cookie: user.cookie });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await api(t, 'GET', '/api/admin/users')).statusCode).toBe(401);
  });
});

describe('bad input never yields a 500', () => {
  const routes: Array<['POST' | 'PUT' | 'DELETE' | 'GET', string]> = [
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/resend-verification'],
    ['PUT', '/api/auth/profile'],
    ['POST', '/api/logout'],
    ['DELETE', '/api/auth/account'],
    ['GET', '/api/auth/verify-email?token[]=a&token[]=b'],
  ];
  const payloads = [
    'null',
    '[]',
    '"text"',
    '123',
    '{}',
    '{"username":{"$gt":""}}',
    '{"a":'.repeat(500),
  ];

  it('answers every route and payload with a 4xx or success, and keeps serving', async () => {
    const user = await signUp(t);
    for (const [method, url] of routes) {
      for (const payload of payloads) {
        for (const cookie of [undefined, user.cookie]) {
          const response = await t.app.inject({
            method,
            url,
            remoteAddress: freshAddress(),
            headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            ...(method === 'GET' ? {} : { payload }),
          });
          expect(response.statusCode, `${method} ${url} ${payload.slice(0, 20)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(response.json()).toHaveProperty('code');
        }
      }
    }
    expect((await api(t, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('answers an oversized body with 413 and a wrong content type with 415', async () => {
    const big = await t.app.inject({
      method: 'POST',
      remoteAddress: freshAddress(),
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' });

    const text = await t.app.inject({
      method: 'POST',
      remoteAddress: freshAddress(),
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml', 'x-language': 'en' },
      payload: '<login/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('files that appear after start-up', () => {
  it('serves an asset built after the server started, and 404s a missing one', async () => {
    await fs.writeFile(path.join(webRoot, 'assets', 'late-5678.js'), 'console.log(2)');
    const late = await t.app.inject({ method: 'GET', url: '/assets/late-5678.js' });
    expect(late.statusCode).toBe(200);
    expect(late.body).toBe('console.log(2)');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-0000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });
});

describe('compressed assets', () => {
  it('serves the pre-compressed copy to browsers that accept it', async () => {
    const zlib = await import('node:zlib');
    const source = 'console.log("a fairly long bundle");'.repeat(100);
    await fs.writeFile(path.join(webRoot, 'assets', 'big-9999.js'), source);
    await fs.writeFile(
      path.join(webRoot, 'assets', 'big-9999.js.br'),
      zlib.brotliCompressSync(source),
    );
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/assets/big-9999.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(source);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-9999.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(source);
  });
});
