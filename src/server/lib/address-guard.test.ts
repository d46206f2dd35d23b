import dns from 'node:dns';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { jobs } from '#server/db/schema.ts';
import {
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * IPv6 spellings of private IPv4 addresses (issue item 7): the CRM webhook and a visitor's push
 * endpoint refuse them when saved, and a host name that resolves to one is refused when a
 * delivery goes out. WEBHOOK_ALLOW_PRIVATE is off here (the default).
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
const logs: string[] = [];

/** IPv6 forms whose embedded IPv4 address is loopback, private or link-local. */
const PRIVATE_FORMS = [
  '[::127.0.0.1]', // IPv4-compatible
  '[::ffff:0:127.0.0.1]', // IPv4-translated
  '[::ffff:127.0.0.1]', // IPv4-mapped
  '[::ffff:a9fe:a9fe]', // IPv4-mapped 169.254.169.254, in hex
  '[64:ff9b::10.0.0.1]', // NAT64 well-known prefix
  '[64:ff9b:1::a00:1]', // NAT64 local-use prefix
  '[2002:7f00:1::]', // 6to4 of 127.0.0.1
  '[2002:c0a8:101::1]', // 6to4 of 192.168.1.1
  '[2001:0:4136:e378:8000:63bf:80ff:fffe]', // Teredo, client 127.0.0.1
  '[2001:0:a00:1:8000:63bf:f7f7:f7f7]', // Teredo, server 10.0.0.1 (client 8.8.8.8)
];

/** The same forms around public IPv4 addresses: nothing private about them. */
const PUBLIC_FORMS = [
  '[2002:808:808::1]', // 6to4 of 8.8.8.8
  '[64:ff9b::8.8.8.8]', // NAT64 of 8.8.8.8
  '[2001:0:4136:e378:8000:63bf:f7f7:f7f7]', // Teredo, server 65.54.227.120, client 8.8.8.8
];

const PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** Answers DNS for one test host name with the given address; other names resolve as usual. */
function resolveTestHost(host: string, address: string) {
  const real = dns.promises.lookup.bind(dns.promises);
  return vi
    .spyOn(dns.promises, 'lookup')
    .mockImplementation(((name: string, options: unknown) =>
      name === host
        ? Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }])
        : real(name, options as dns.LookupAllOptions)) as typeof dns.promises.lookup);
}

beforeAll(async () => {
  t = await createTestApp({
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk: Buffer, _encoding, done) {
          logs.push(chunk.toString());
          done();
        },
      }),
    },
  });
  owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function visitor() {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: address,
  });
  expect(info.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const headers = { cookie, 'content-type': 'application/json', 'x-language': 'en' };
  return {
    subscribe: (endpoint: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/${cardId}/push-subscription`,
        remoteAddress: address,
        headers,
        payload: JSON.stringify({ endpoint, keys: PUSH_KEYS }),
      }),
    unsubscribe: () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/chat/${cardId}/push-subscription`,
        remoteAddress: address,
        headers: { cookie, 'x-language': 'en' },
      }),
  };
}

const saveWebhook = (url: string) =>
  api(t, 'PUT', '/api/integrations/webhook', {
    cookie: owner.cookie,
    body: { url, secret: 'a-very-long-secret-1234' },
  });

describe('IPv6 forms of private IPv4 addresses', () => {
  it('refuses them as the CRM webhook, with a message that says why', async () => {
    for (const host of PRIVATE_FORMS) {
      const response = await saveWebhook(`http://${host}/hook`);
      expect(response.statusCode, host).toBe(422);
      expect(response.json(), host).toMatchObject({
        code: 'UNPROCESSABLE',
        error: expect.stringContaining('private network'),
        fields: { url: expect.stringContaining('private network') },
      });
    }
    for (const host of PUBLIC_FORMS) {
      const response = await saveWebhook(`http://${host}/hook`);
      expect(response.statusCode, `${host}: ${response.body}`).toBe(200);
    }
    await api(t, 'DELETE', '/api/integrations/webhook', { cookie: owner.cookie });
  });

  it('refuses them as a visitor’s push endpoint (400 naming the endpoint)', async () => {
    const { subscribe, unsubscribe } = await visitor();
    for (const host of PRIVATE_FORMS) {
      const response = await subscribe(`https://${host}/push/1`);
      expect(response.statusCode, host).toBe(400);
      expect(response.json(), host).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: { endpoint: expect.stringContaining('private network') },
      });
    }
    const allowed = await subscribe(`https://${PUBLIC_FORMS[0]}/push/1`);
    expect(allowed.statusCode, allowed.body).toBe(200);
    // Nothing should try to reach that address later in this file.
    expect((await unsubscribe()).statusCode).toBe(200);
  });

  it('refuses a webhook delivery when the host name now resolves to one (DNS at delivery time)', async () => {
    const host = 'crm.docucard-test.example';
    resolveTestHost(host, '93.184.216.34');
    expect((await saveWebhook(`http://${host}/hook`)).statusCode).toBe(200);

    // Later the name answers with loopback spelled as an IPv4-translated IPv6 address.
    vi.restoreAllMocks();
    resolveTestHost(host, '::ffff:0:7f00:1');
    const lead = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}/lead`,
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify({ name: 'Ana Silva', email: 'ana@example.pt', consent: true }),
    });
    expect(lead.statusCode, lead.body).toBe(200);
    await t.app.jobs.runDue(['pipeline.webhook']);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.type, 'pipeline.webhook'));
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job!.lastError).toContain('::ffff:0:7f00:1, a private address');
    await api(t, 'DELETE', '/api/integrations/webhook', { cookie: owner.cookie });
  });

  it('refuses a push delivery when the endpoint’s host now resolves to one (DNS at delivery time)', async () => {
    const host = 'push.docucard-test.example';
    resolveTestHost(host, '93.184.216.34');
    const { subscribe } = await visitor();
    const saved = await subscribe(`https://${host}/push/2`);
    expect(saved.statusCode, saved.body).toBe(200);

    vi.restoreAllMocks();
    resolveTestHost(host, '2002:a9fe:a9fe::1'); // 6to4 of 169.254.169.254
    const campaign = await api(t, 'POST', '/api/push/campaigns', {
      cookie: owner.cookie,
      body: {
        name: 'Day 2',
        title: 'Live demo at 14:00',
        message: 'Hall 3, booth B12.',
        businessCardId: cardId,
      },
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const sent = await api(t, 'POST', `/api/push/campaigns/${campaign.json().id}/send`, {
      cookie: owner.cookie,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const failures = logs.filter((line) => line.includes('web push failed'));
    expect(failures.join('\n')).toContain('2002:a9fe:a9fe::1, a private address');
  });
});
