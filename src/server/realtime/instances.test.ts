import { afterAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import { api, createTestApp, freshAddress, signUp, type TestApp } from '#server/test/test-app.ts';

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
  });
});
