import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import { startS3Server, type TestS3Server } from '#server/test/s3-server.ts';
import {
  FIXTURES,
  api,
  createTestApp,
  freshAddress,
  multipart,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Several server instances behind one address: a visitor served by one instance reaches the
 * agent connected to another through Redis. Runs where TEST_REDIS_URL is set (.ci/run sets it
 * with the machine's Redis and PostgreSQL).
 */
const redisUrl = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
});

async function scan(t: TestApp, cardId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: freshAddress(),
  });
  expect(response.cookies.some((c) => c.name === VISITOR_COOKIE)).toBe(true);
}

describe.runIf(redisUrl)('two instances sharing the database and Redis', () => {
  it('delivers a scan on instance A to the agent on instance B', async () => {
    const a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    apps.push(a);
    const b = await createTestApp({ env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    apps.push(b);
    expect(a.hub).toBeDefined();

    const owner = await signUp(a);
    const cardId = (
      await api(a, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
    ).json().businessCardId;
    await api(a, 'POST', `/api/business-cards/${cardId}/finalize`, {
      body: {},
      cookie: owner.cookie,
    });
    const agentOnB = await connectAgent(b, owner.cookie);
    agentOnB.send({ type: 'agent_connect' });
    await agentOnB.waitFor((m) => m.type === 'notification_history');

    await scan(a, cardId);
    const notification = await agentOnB.waitFor((m) => m.type === 'customer_scan_notification');
    expect(notification.businessCardId).toBe(cardId);
    agentOnB.close();
  });
});

describe.runIf(redisUrl)('two instances sharing the database, Redis and an S3 bucket', () => {
  // Files live in the bucket; the shared data folder holds only the test mail outbox.
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  /** A visitor of a card on one instance, from one address. */
  async function visitorOn(t: TestApp, cardId: number, address: string) {
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${cardId}`,
      remoteAddress: address,
    });
    expect(info.statusCode).toBe(200);
    const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
    return {
      ask: (on: TestApp, message: string) =>
        on.app.inject({
          method: 'POST',
          url: `/api/chat/${cardId}`,
          remoteAddress: address,
          headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
          payload: JSON.stringify({ message }),
        }),
    };
  }

  async function pair() {
    const env = { REDIS_URL: redisUrl!, ...s3.env };
    const a = await createTestApp({ env });
    apps.push(a);
    const b = await createTestApp({
      env,
      shareDatabaseWith: a,
      shareDataDirWith: a,
    });
    apps.push(b);
    return { a, b };
  }

  it('processes a document uploaded through A on B, and both answer from it', async () => {
    const { a, b } = await pair();
    // A takes requests but runs no jobs: its mails and documents can only be done by B.
    await a.app.jobs.stop();
    const owner = await signUp(a);
    const cardId = await newCard(a, owner.cookie);

    const upload = await multipart(a, '/api/documents', {
      cookie: owner.cookie,
      fields: { businessCardId: String(cardId) },
      files: [
        {
          field: 'documents',
          path: path.join(FIXTURES, 'hengtai/hengtai-faq.txt'),
          name: 'hengtai-faq.txt',
        },
      ],
    });
    expect(upload.statusCode).toBe(201);
    expect(upload.json().documents[0]).toMatchObject({ status: 'pending' });
    await a.documents.whenIdle();
    // B read it from the bucket: nothing of it is on either instance's disk.
    expect(await s3.keys(`users/${owner.id}/documents/`)).toHaveLength(1);
    const onDisk = await fs
      .readdir(path.join(a.dataDir, 'files'), { recursive: true })
      .catch(() => [] as string[]);
    expect(onDisk.filter((name) => name.includes('hengtai-faq'))).toEqual([]);

    for (const t of [a, b]) {
      const listed = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, {
        cookie: owner.cookie,
      });
      expect(listed.json()).toEqual([
        expect.objectContaining({ fileName: 'hengtai-faq.txt', status: 'ready' }),
      ]);
    }
    const visitor = await visitorOn(a, cardId, freshAddress());
    for (const t of [a, b]) {
      const answer = await visitor.ask(t, 'Can we mix designs in one container?');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toContain('5 designs');
      expect(answer.json().citations[0]).toMatchObject({ documentName: 'hengtai-faq.txt' });
    }
  });

  it('spends one budget per address on both instances', async () => {
    const { a, b } = await pair();
    const owner = await signUp(a);
    const cardId = await newCard(a, owner.cookie);
    // Random, so a run a minute ago has not spent this address's budget in Redis.
    const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const suggestions = (t: TestApp, from: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/chat/suggested-questions/${cardId}`,
        remoteAddress: from,
      });
    // The visitor routes allow 300 requests a minute per address, counted wherever they land.
    for (let i = 0; i < 300; i++) {
      expect((await suggestions(i % 2 === 0 ? a : b, address)).statusCode).toBe(200);
    }
    for (const t of [a, b]) {
      const blocked = await suggestions(t, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
    }
    expect((await suggestions(b, freshAddress())).statusCode).toBe(200);
  });

  it('spends one message budget per visitor on both instances', async () => {
    const { a, b } = await pair();
    const owner = await signUp(a);
    const cardId = await newCard(a, owner.cookie);
    const visitor = await visitorOn(a, cardId, freshAddress());
    // 20 messages a minute per visitor, counted wherever they land.
    for (let i = 0; i < 20; i++) {
      expect((await visitor.ask(i % 2 === 0 ? a : b, `Hello ${i}`)).statusCode).toBe(200);
    }
    for (const t of [a, b]) {
      const blocked = await visitor.ask(t, 'One more');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
    }
    const other = await visitorOn(b, cardId, freshAddress());
    expect((await other.ask(a, 'Hello')).statusCode).toBe(200);
  });
});

describe('when Redis is unreachable', () => {
  it('keeps serving and delivers on the local instance', async () => {
    const t = await createTestApp({ env: { REDIS_URL: 'redis://127.0.0.1:1' } });
    apps.push(t);
    const owner = await signUp(t);
    const cardId = (
      await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
    ).json().businessCardId;
    await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
      body: {},
      cookie: owner.cookie,
    });
    const agent = await connectAgent(t, owner.cookie);
    await scan(t, cardId);
    const notification = await agent.waitFor((m) => m.type === 'customer_scan_notification');
    expect(notification.businessCardId).toBe(cardId);
    expect((await api(t, 'GET', '/api/health')).statusCode).toBe(200);
    agent.close();
    // Every rate-limit check first waits for the unreachable Redis to fail (then serves), and
    // sign-up, login and the scan make a dozen of them: slow by design, so a longer timeout.
  }, 90_000);
});
