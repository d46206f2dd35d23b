import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPublicOrigin } from '#shared/schemas/public-origin.ts';
import { adoptListeningPort } from '#server/config.ts';
import { firstLink, latestMailTo } from '#server/test/mail-outbox.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * With PUBLIC_URL unset the QR codes, links and mails lead to the port
 * the server really listens on, and GET /api/public-origin tells the owner whether a phone can
 * get there and which of the machine's addresses it could use instead.
 */

const LAN_ORIGIN = /^http:\/\/\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}:5611$/;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  // An empty PUBLIC_URL counts as unset; the server runs on 5611 as in the README's example.
  t = await createTestApp({ env: { PUBLIC_URL: '', PORT: '5611' } });
  owner = await signUp(t);
});
afterAll(() => t.close());

describe('GET /api/public-origin', () => {
  it('answers 401 to a visitor who is not signed in', async () => {
    const response = await api(t, 'GET', '/api/public-origin');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('says that phones cannot reach http://localhost:<PORT> and names the LAN addresses', async () => {
    const response = await api(t, 'GET', '/api/public-origin', { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('no-store');
    const body = ZPublicOrigin.strict().parse(response.json());
    expect(body.origin).toBe('http://localhost:5611');
    expect(body.phonesCanReach).toBe(false);
    for (const origin of body.lanOrigins) expect(origin).toMatch(LAN_ORIGIN);
    expect(new Set(body.lanOrigins).size).toBe(body.lanOrigins.length);
  });

  it.each([
    ['a LAN address', 'http://192.168.1.20:5000', 'http://192.168.1.20:5000'],
    ['an https address', 'https://fair.example.com/', 'https://fair.example.com'],
  ])('says that phones can reach %s', async (_name, publicUrl, origin) => {
    const other = await createTestApp({ env: { PUBLIC_URL: publicUrl, PORT: '5611' } });
    try {
      const someone = await signUp(other);
      const response = await api(other, 'GET', '/api/public-origin', { cookie: someone.cookie });
      expect(response.statusCode).toBe(200);
      const body = ZPublicOrigin.strict().parse(response.json());
      expect(body).toMatchObject({ origin, phonesCanReach: true });
      for (const lan of body.lanOrigins) expect(lan).toMatch(LAN_ORIGIN);
    } finally {
      await other.close();
    }
  });
});

describe('with PUBLIC_URL unset, everything leads to the port the server uses', () => {
  it('puts http://localhost:5611 in the verification mail, the card and its QR code', async () => {
    const mail = await latestMailTo(path.join(t.dataDir, 'mail'), owner.email);
    expect(firstLink(mail!)).toMatch(/^http:\/\/localhost:5611\/verify-email\?token=/);

    const created = await api(t, 'POST', '/api/business-card-session', {
      body: {},
      cookie: owner.cookie,
    });
    const cardId = created.json().businessCardId as number;
    const finished = await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
      body: {},
      cookie: owner.cookie,
    });
    expect(finished.statusCode).toBe(200);
    expect(finished.json().chatUrl).toBe(`http://localhost:5611/chat/card/${cardId}`);

    const qr = await t.app.inject({
      url: `/api/business-cards/${cardId}/qr.png?size=256`,
      headers: { cookie: owner.cookie },
    });
    expect(qr.statusCode).toBe(200);
    const png = PNG.sync.read(qr.rawPayload);
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(`http://localhost:5611/chat/card/${cardId}?src=qr`);
  });

  it('follows the port the system chose (PORT=0), origin check included', async () => {
    const chosen = await createTestApp({ env: { PUBLIC_URL: '', PORT: '0' } });
    try {
      adoptListeningPort(chosen.config, 43_210);
      const someone = await signUp(chosen);
      const reach = await api(chosen, 'GET', '/api/public-origin', { cookie: someone.cookie });
      expect(reach.json()).toMatchObject({ origin: 'http://localhost:43210' });
      for (const lan of reach.json().lanOrigins as string[]) expect(lan).toMatch(/:43210$/);

      // A page on http://localhost:43210 (the public origin now) may change things; one on the
      // port asked for at start (nothing listens there) may not.
      const logout = (origin: string) =>
        chosen.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { origin, cookie: someone.cookie, host: '127.0.0.1:43210' },
        });
      expect((await logout('http://localhost:5000')).statusCode).toBe(403);
      expect((await logout('http://localhost:43210')).statusCode).toBe(200);
    } finally {
      await chosen.close();
    }
  });
});
