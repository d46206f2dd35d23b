import { afterAll, describe, expect, it } from 'vitest';
import { connectAgent } from '#server/test/agent-socket.ts';
import { api, createTestApp, freshAddress, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * Two instances on one database and one Redis (runs where TEST_REDIS_URL is set): they share
 * the login budget of an (account, address), and a logout on one closes the agent socket on
 * the other.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps.reverse()) await t.close();
});

describe.runIf(redisUrl)('two instances sharing Redis', () => {
  it('spend one login budget per account and end sessions on both', async () => {
    const a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    apps.push(a);
    const b = await createTestApp({ env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    apps.push(b);
    const user = await signUp(a);

    const agentOnB = await connectAgent(b, user.cookie);
    agentOnB.send({ type: 'agent_connect' });
    await agentOnB.waitFor((m) => m.type === 'connected');
    await api(a, 'POST', '/api/auth/logout', { cookie: user.cookie });
    const closed = await Promise.race([
      agentOnB.closed,
      new Promise<never>((_r, reject) => setTimeout(() => reject(new Error('still open')), 1000)),
    ]);
    expect(closed.code).toBe(4401);

    const stranger = freshAddress();
    for (const t of [a, b, a, b, a]) {
      const failed = await api(t, 'POST', '/api/auth/login', {
        body: { username: user.username, password: 'wrong-password-1' },
        address: stranger,
      });
      expect(failed.statusCode).toBe(401);
    }
    for (const t of [a, b]) {
      const blocked = await api(t, 'POST', '/api/auth/login', {
        body: { username: user.username, password: user.password },
        address: stranger,
      });
      expect(blocked.statusCode).toBe(429);
    }
    // The owner, from an address that has not failed, signs in on either instance.
    const owner = await api(b, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(owner.statusCode).toBe(200);
  });
});
