import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AGENT_SOCKETS_PER_ACCOUNT, SESSION_COOKIE } from '#shared/limits.ts';
import { createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * The agent WebSocket (/ws/customer-service) over real sockets: it needs a signed-in owner,
 * and each account holds a bounded number of sockets (AGENT_SOCKETS_PER_ACCOUNT, 10,000 in
 * production so the notify benchmark runs; 3 here), counted per account, never per address,
 * and given back when a socket closes, cleanly or not.
 */

const PER_ACCOUNT = 3;

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ limits: { agentSocketsPerAccount: PER_ACCOUNT } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/ws/customer-service`;
});
afterAll(() => t.close());

type Outcome =
  | { kind: 'open'; socket: WebSocket; closed: Promise<{ code: number; reason: string }> }
  | { kind: 'refused'; status: number; body: string }
  | { kind: 'closed'; code: number; reason: string };

/** Connects as a browser tab would; tells an open socket from one refused or closed at once. */
function connect(cookie?: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {
      headers: { 'x-language': 'en', ...(cookie ? { cookie } : {}) },
    });
    const closed = new Promise<{ code: number; reason: string }>((done) =>
      socket.once('close', (code, reason) => done({ code, reason: String(reason) })),
    );
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ kind: 'refused', status: response.statusCode ?? 0, body }),
      );
    });
    socket.once('error', (error) => {
      if (!String(error.message).includes('Unexpected server response')) reject(error);
    });
    socket.once('open', () => {
      // A socket the server closes at once (no session) is told apart from one that stays.
      const settle = setTimeout(() => resolve({ kind: 'open', socket, closed }), 100);
      void closed.then(({ code, reason }) => {
        clearTimeout(settle);
        resolve({ kind: 'closed', code, reason });
      });
    });
  });
}

async function openSocket(cookie: string): Promise<WebSocket> {
  const outcome = await connect(cookie);
  if (outcome.kind !== 'open') throw new Error(`not open: ${JSON.stringify(outcome)}`);
  return outcome.socket;
}

/** Connects until `check` holds (a slot comes back once the server has seen the close). */
async function eventually(attempt: () => Promise<Outcome>, check: (outcome: Outcome) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const outcome = await attempt();
    if (check(outcome) || Date.now() > deadline) return outcome;
    if (outcome.kind === 'open') outcome.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the agent WebSocket', () => {
  it('refuses a WebSocket without a session (closed with 4401), as with an unknown session cookie', async () => {
    const anonymous = await connect();
    expect(anonymous).toMatchObject({ kind: 'closed', code: 4401, reason: 'login required' });
    const forged = await connect(`${SESSION_COOKIE}=not-a-session`);
    expect(forged).toMatchObject({ kind: 'closed', code: 4401 });
  });

  it('holds at most the account’s limit of sockets (429 beyond, before the upgrade), counts per account not per address, and frees a slot when a socket closes or drops', async () => {
    expect(AGENT_SOCKETS_PER_ACCOUNT).toBeGreaterThanOrEqual(10_000);
    const owner = await signUp(t);
    const colleague = await signUp(t);
    const sockets = [];
    for (let i = 0; i < PER_ACCOUNT; i++) sockets.push(await openSocket(owner.cookie));

    const beyond = await connect(owner.cookie);
    expect(beyond).toMatchObject({ kind: 'refused', status: 429 });
    if (beyond.kind === 'refused') {
      expect(JSON.parse(beyond.body).error).toContain(
        `Too many live connections are open (${PER_ACCOUNT} at most)`,
      );
    }

    // Another account behind the same address is not affected.
    const other = await openSocket(colleague.cookie);

    // A clean close frees a slot...
    sockets.shift()!.close();
    const afterClose = await eventually(
      () => connect(owner.cookie),
      (outcome) => outcome.kind === 'open',
    );
    expect(afterClose.kind).toBe('open');
    if (afterClose.kind === 'open') sockets.push(afterClose.socket);

    // ...and so does a dropped connection (no closing handshake).
    sockets.shift()!.terminate();
    const afterDrop = await eventually(
      () => connect(owner.cookie),
      (outcome) => outcome.kind === 'open',
    );
    expect(afterDrop.kind).toBe('open');
    if (afterDrop.kind === 'open') sockets.push(afterDrop.socket);

    // Still bounded: no slot leaked either way.
    expect(await connect(owner.cookie)).toMatchObject({ kind: 'refused', status: 429 });
    for (const socket of [...sockets, other]) socket.close();
  });

  it('keeps the account’s limit when many sockets of one account connect at once', async () => {
    const owner = await signUp(t);
    const outcomes = await Promise.all(
      Array.from({ length: PER_ACCOUNT + 4 }, () => connect(owner.cookie)),
    );
    const open = outcomes.filter((outcome) => outcome.kind === 'open');
    expect(open).toHaveLength(PER_ACCOUNT);
    for (const outcome of outcomes.filter((o) => o.kind !== 'open')) {
      // Refused before the upgrade, or closed at once when upgraded side by side.
      expect(
        outcome.kind === 'refused' ? outcome.status : (outcome as { code: number }).code,
      ).toBeOneOf([429, 4429]);
    }
    for (const outcome of open) if (outcome.kind === 'open') outcome.socket.close();
  });
});
