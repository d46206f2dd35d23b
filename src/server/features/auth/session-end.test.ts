import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '#shared/limits.ts';
import { users } from '#server/db/schema.ts';
import { connectAgent, type AgentSocket } from '#server/test/agent-socket.ts';
import {
  api,
  createTestApp,
  sessionCookieFrom,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function connectedAgent(cookie: string): Promise<AgentSocket> {
  const agent = await connectAgent(t, cookie);
  agent.send({ type: 'agent_connect' });
  await agent.waitFor((m) => m.type === 'connected');
  return agent;
}

/** Resolves with the close code, or rejects when the socket stays open longer than `ms`. */
function closedWithin(agent: AgentSocket, ms: number) {
  return Promise.race([
    agent.closed.then((event) => event.code),
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms),
    ),
  ]);
}

async function secondSession(user: { username: string; password: string }) {
  const login = await api(t, 'POST', '/api/auth/login', {
    body: { username: user.username, password: user.password },
  });
  return sessionCookieFrom(login);
}

describe('ending a session closes exactly its agent sockets', () => {
  it('logout closes the socket of that session and leaves the other session open', async () => {
    const user = await signUp(t);
    const phone = await secondSession(user);
    const laptopAgent = await connectedAgent(user.cookie);
    const phoneAgent = await connectedAgent(phone);

    await api(t, 'POST', '/api/auth/logout', { cookie: user.cookie });
    expect(await closedWithin(laptopAgent, 1000)).toBe(4401);

    phoneAgent.send({ type: 'ping' });
    await phoneAgent.waitFor((m) => m.type === 'pong');
    expect((await api(t, 'GET', '/api/auth/user', { cookie: phone })).statusCode).toBe(200);
    phoneAgent.close();
  });

  it('deleting the account closes every socket of the account', async () => {
    const user = await signUp(t);
    const phone = await secondSession(user);
    const agents = [await connectedAgent(user.cookie), await connectedAgent(phone)];
    await api(t, 'DELETE', '/api/auth/account', { cookie: user.cookie });
    for (const agent of agents) expect(await closedWithin(agent, 1000)).toBe(4401);
  });

  it('an expired session closes its socket within a second', async () => {
    const user = await signUp(t);
    const agent = await connectedAgent(user.cookie);
    t.clock.advance(SESSION_TTL_MS + 1000);
    try {
      expect(await closedWithin(agent, 1000)).toBe(4401);
      expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);
    } finally {
      t.clock.advance(-(SESSION_TTL_MS + 1000));
    }
  });
});

describe('a disabled account', () => {
  it('has no valid session and cannot log in, whatever the password', async () => {
    const user = await signUp(t);
    await t.ctx.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));

    expect((await api(t, 'GET', '/api/auth/user', { cookie: user.cookie })).statusCode).toBe(401);
    const agent = await connectAgent(t, user.cookie);
    expect((await agent.closed).code).toBe(4401);

    const login = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({
      error: 'This account has been disabled. Please contact the administrator.',
      code: 'ACCOUNT_DISABLED',
    });
    const wrong = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
  });
});
