import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * A visitor's location from a CDN's country header (cf-ipcountry and the like) is believed only
 * when the request's direct peer is a proxy TRUST_PROXY names — the rule Fastify applies to
 * X-Forwarded-For. Anyone else can type the header.
 */

let direct: TestApp;
/** The same server behind a reverse proxy on this machine (TRUST_PROXY=loopback). */
let proxied: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  direct = await createTestApp();
  proxied = await createTestApp({ shareDatabaseWith: direct, env: { TRUST_PROXY: 'loopback' } });
  owner = await signUp(direct);
});
afterAll(async () => {
  await proxied.close();
  await direct.close();
});

/** A scan of a new card of the owner's; answers the location the owner is told of. */
async function scanLocation(
  t: TestApp,
  peer: string,
  headers: Record<string, string>,
): Promise<string | null> {
  const cardId = await newCard(direct, owner.cookie);
  const scan = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?src=qr`,
    remoteAddress: peer,
    headers: { 'accept-language': 'en', ...headers },
  });
  expect(scan.statusCode, scan.body).toBe(200);
  const list = await api(direct, 'GET', '/api/notifications', { cookie: owner.cookie });
  const entry = (
    list.json().notifications as Array<{ businessCardId: number; customerLocation: string | null }>
  ).find((n) => n.businessCardId === cardId);
  expect(entry, 'the scan is in the owner’s notifications').toBeDefined();
  return entry!.customerLocation;
}

describe('visitor location from proxy headers', () => {
  it('ignores cf-ipcountry and its kin from a peer that is not a trusted proxy', async () => {
    expect(await scanLocation(direct, freshAddress(), { 'cf-ipcountry': 'US' })).toBeNull();
    // Without TRUST_PROXY not even loopback is a proxy.
    expect(await scanLocation(direct, '127.0.0.1', { 'cf-ipcountry': 'US' })).toBeNull();
    expect(await scanLocation(direct, freshAddress(), { 'x-country-code': 'US' })).toBeNull();
    expect(
      await scanLocation(direct, freshAddress(), { 'cloudfront-viewer-country': 'US' }),
    ).toBeNull();
    // Behind TRUST_PROXY=loopback, a peer elsewhere is still just a client.
    expect(await scanLocation(proxied, freshAddress(), { 'cf-ipcountry': 'US' })).toBeNull();
    expect(await scanLocation(proxied, '203.0.113.9', { 'x-vercel-ip-country': 'US' })).toBeNull();
    // The browser's own region still counts; the typed header does not override it.
    expect(
      await scanLocation(direct, freshAddress(), {
        'cf-ipcountry': 'US',
        'accept-language': 'en-GB,en;q=0.8',
      }),
    ).toBe('United Kingdom');
  });

  it('records the country a trusted proxy (TRUST_PROXY covers the peer) names', async () => {
    expect(await scanLocation(proxied, '127.0.0.1', { 'cf-ipcountry': 'US' })).toBe(
      'United States',
    );
    expect(await scanLocation(proxied, '::1', { 'x-vercel-ip-country': 'de' })).toBe('Germany');
    expect(await scanLocation(proxied, '127.0.0.1', { 'cloudfront-viewer-country': 'JP' })).toBe(
      'Japan',
    );
    // The proxy's header wins over the browser's region; its "unknown" says nothing.
    expect(
      await scanLocation(proxied, '127.0.0.1', {
        'cf-ipcountry': 'FR',
        'accept-language': 'en-GB',
      }),
    ).toBe('France');
    expect(await scanLocation(proxied, '127.0.0.1', { 'cf-ipcountry': 'XX' })).toBeNull();
  });
});
