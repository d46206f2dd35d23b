import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_EVENT_STREAMS_PER_ADDRESS, CHAT_EVENT_STREAMS_PER_VISITOR } from '#shared/limits.ts';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import {
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Bounded live streams: GET /api/chat/events/:id holds at most 5 streams per visitor and 200
 * per client address (the production values) on real sockets; one more is answered 429 with
 * a readable message and its connection closed at once, and closing a stream frees its slot.
 */

let t: TestApp;
let cardId: number;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

interface Stream {
  status: number;
  headers: http.IncomingHttpHeaders;
  response: http.IncomingMessage;
  /** Resolves once the connection is closed (by either side). */
  closed: Promise<void>;
  body(): Promise<string>;
  close(): void;
}

/** Opens GET /api/chat/events/:cardId on its own connection (no keep-alive pool). */
function openStream(cookie?: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: `/api/chat/events/${cardId}`,
        agent: false,
        headers: { 'x-language': 'en', ...(cookie ? { cookie } : {}) },
      },
      (response) => {
        const socket = response.socket;
        const closed = new Promise<void>((done) => {
          if (socket.destroyed) done();
          else socket.once('close', () => done());
        });
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        const ended = new Promise<void>((done) => response.once('end', () => done()));
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          response,
          closed,
          body: async () => {
            await ended;
            return text;
          },
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

async function visitorCookie(): Promise<string> {
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: freshAddress(),
  });
  expect(opened.statusCode).toBe(200);
  return `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
}

function openConnections(): Promise<number> {
  return new Promise((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );
}

/** Retries until `check` holds (slots come back when the server sees the close). */
async function eventually<T>(attempt: () => Promise<T>, check: (value: T) => boolean) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const value = await attempt();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function closeAll(streams: Stream[]): Promise<void> {
  for (const stream of streams) stream.close();
  await Promise.all(streams.map((stream) => stream.closed));
  await eventually(openConnections, (count) => count === 0);
}

describe('live event streams', () => {
  it('answers a visitor’s 6th open event stream with 429 and closes it; closing a stream frees its slot', async () => {
    const cookie = await visitorCookie();
    const open: Stream[] = [];
    for (let i = 0; i < CHAT_EVENT_STREAMS_PER_VISITOR; i++) {
      const stream = await openStream(cookie);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toContain('text/event-stream');
      open.push(stream);
    }

    const sixth = await openStream(cookie);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.connection).toBe('close');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    const refusal = JSON.parse(await sixth.body()) as { error: string; code: string };
    expect(refusal.code).toBe('RATE_LIMITED');
    expect(refusal.error).toContain(
      `Too many live connections are open (${CHAT_EVENT_STREAMS_PER_VISITOR} at most)`,
    );
    await sixth.closed; // answered and closed by the server, not held

    // Another visitor is not affected.
    const other = await openStream(await visitorCookie());
    expect(other.status).toBe(200);
    open.push(other);

    // One stream closes: its slot is free again.
    open.shift()!.close();
    const again = await eventually(
      () => openStream(cookie),
      (stream) => {
        if (stream.status !== 200) stream.close();
        return stream.status === 200;
      },
    );
    expect(again.status).toBe(200);
    open.push(again);
    await closeAll(open);
  });

  it('answers the 201st open stream from one client address with 429, and holds no socket for refused ones', async () => {
    const visitors = await Promise.all(
      Array.from({ length: CHAT_EVENT_STREAMS_PER_ADDRESS / CHAT_EVENT_STREAMS_PER_VISITOR }, () =>
        visitorCookie(),
      ),
    );
    const open: Stream[] = [];
    for (const cookie of visitors) {
      const streams = await Promise.all(
        Array.from({ length: CHAT_EVENT_STREAMS_PER_VISITOR }, () => openStream(cookie)),
      );
      open.push(...streams);
    }
    expect(open.map((stream) => stream.status)).toEqual(
      Array(CHAT_EVENT_STREAMS_PER_ADDRESS).fill(200),
    );

    // The 201st — a new visitor, or none at all — is refused by the address limit.
    const withVisitor = await openStream(await visitorCookie());
    expect(withVisitor.status).toBe(429);
    expect(JSON.parse(await withVisitor.body()).error).toContain(
      `(${CHAT_EVENT_STREAMS_PER_ADDRESS} at most)`,
    );
    const refused = await Promise.all(Array.from({ length: 50 }, () => openStream()));
    expect(refused.every((stream) => stream.status === 429)).toBe(true);
    await Promise.all([withVisitor, ...refused].map((stream) => stream.closed));
    // Only the 200 accepted streams hold a socket on the server.
    expect(
      await eventually(openConnections, (count) => count <= CHAT_EVENT_STREAMS_PER_ADDRESS),
    ).toBe(CHAT_EVENT_STREAMS_PER_ADDRESS);

    // Closing one frees one slot for the address.
    open.shift()!.close();
    const next = await eventually(
      () => openStream(visitors[0]!),
      (stream) => {
        if (stream.status !== 200) stream.close();
        return stream.status === 200;
      },
    );
    expect(next.status).toBe(200);
    open.push(next);
    await closeAll(open);
  }, 60_000);
});
