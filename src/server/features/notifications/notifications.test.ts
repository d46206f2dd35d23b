import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import {
  api,
  createTestApp,
  freshAddress,
  signUp,
  type TestApp,
  newCard,
  addDocuments,
} from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let otherCardId: number;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  // Only finished cards are open to visitors.
  cardId = await newCard(t, owner.cookie);
  otherCardId = await newCard(t, other.cookie);
  await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
});
afterAll(() => t.close());

/** A phone at the booth: its own visitor cookie. */
async function visitor(card: number, acceptLanguage = 'en-GB,en;q=0.8') {
  const address = freshAddress();
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${card}?src=qr`,
    remoteAddress: address,
    headers: { 'accept-language': acceptLanguage },
  });
  const token = opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value;
  const cookie = `${VISITOR_COOKIE}=${token}`;
  return {
    cookie,
    reload: () =>
      t.app.inject({
        method: 'GET',
        url: `/api/chat/session-info/${card}`,
        remoteAddress: address,
        headers: { cookie, 'accept-language': acceptLanguage },
      }),
    say: (message: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/chat/${card}`,
        remoteAddress: address,
        headers: {
          cookie,
          'content-type': 'application/json',
          'x-language': 'en',
          'accept-language': acceptLanguage,
        },
        payload: JSON.stringify({ message }),
      }),
    history: () =>
      t.app.inject({ method: 'GET', url: `/api/chat/history/${card}`, headers: { cookie } }),
  };
}

describe('the agent socket', () => {
  it('closes a socket without a valid session', async () => {
    const anonymous = await connectAgent(t);
    expect((await anonymous.closed).code).toBe(4401);
    const forged = await connectAgent(t, 'docucard.sid=forged');
    expect((await forged.closed).code).toBe(4401);
  });

  it('tells an agent about scans and messages on its own cards only, whatever it claims', async () => {
    const agent = await connectAgent(t, owner.cookie);
    const stranger = await connectAgent(t, other.cookie);
    // A client may claim any identity in its message; the server ignores it.
    stranger.send({ type: 'agent_connect', userId: owner.id, businessCardIds: [cardId] });
    agent.send({ type: 'agent_connect', userId: 1, businessCardIds: [19, 20, 21] });
    await agent.waitFor((m) => m.type === 'notification_history');

    const buyer = await visitor(cardId);
    const scan = await agent.waitFor((m) => m.type === 'customer_scan_notification');
    expect(scan).toMatchObject({
      businessCardId: cardId,
      customerName: null,
      customerLocation: 'United Kingdom',
      priority: 'low',
      status: 'new',
    });
    expect(typeof scan.customerId).toBe('number');
    expect(JSON.stringify(scan)).not.toContain(buyer.cookie.split('=')[1]!);

    const answer = await buyer.say('Can we mix designs in one container?');
    expect(answer.statusCode).toBe(200);
    const message = await agent.waitFor((m) => m.type === 'customer_message_notification');
    expect(message).toMatchObject({
      businessCardId: cardId,
      customerId: scan.customerId,
      message: 'Can we mix designs in one container?',
      // The lead's priority as the pipeline stored it: not scored yet (priority.test.ts).
      priority: 'low',
      customerInfo: { company: null, phone: null },
    });

    await visitor(otherCardId);
    await stranger.waitFor((m) => m.type === 'customer_scan_notification');
    expect(stranger.messages.filter((m) => m.businessCardId === cardId)).toEqual([]);
    expect(agent.messages.filter((m) => m.businessCardId === otherCardId)).toEqual([]);
    agent.close();
    stranger.close();
  });

  it('counts a reload within 30 minutes as the same visit', async () => {
    const agent = await connectAgent(t, owner.cookie);
    const buyer = await visitor(cardId);
    await agent.waitFor((m) => m.type === 'customer_scan_notification');
    await buyer.reload();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(agent.messages.filter((m) => m.type === 'customer_scan_notification')).toHaveLength(1);

    t.clock.advance(31 * 60 * 1000);
    try {
      await buyer.reload();
      await agent.waitFor(
        (m) => m.type === 'customer_scan_notification' && agent.messages.indexOf(m) > 0,
      );
      expect(agent.messages.filter((m) => m.type === 'customer_scan_notification')).toHaveLength(2);
    } finally {
      t.clock.advance(-31 * 60 * 1000);
    }
    agent.close();
  });

  it('replays what a late agent missed, newest first, with acknowledgements kept', async () => {
    const buyer = await visitor(cardId);
    await buyer.say('Do you offer installation?');
    const late = await connectAgent(t, owner.cookie);
    late.send({ type: 'agent_connect' });
    const history = (await late.waitFor((m) => m.type === 'notification_history'))
      .notifications as Array<Record<string, unknown>>;
    expect(history.length).toBeGreaterThan(0);
    expect(history.length).toBeLessThanOrEqual(20);
    expect(history[0]).toMatchObject({
      type: 'customer_message_notification',
      message: 'Do you offer installation?',
    });
    const times = history.map((n) => String(n.createdAt));
    expect([...times].sort().reverse()).toEqual(times);

    late.send({ type: 'acknowledge', id: history[0]!.id });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const listed = await api(t, 'GET', '/api/notifications', { cookie: owner.cookie });
    expect(
      listed.json().notifications.find((n: { id: number }) => n.id === history[0]!.id).status,
    ).toBe('acknowledged');
    late.close();
  });
});

describe('taking over a conversation', () => {
  it('sends the reply to the visitor history and tells the agents the customer was handled', async () => {
    const buyer = await visitor(cardId);
    await buyer.say('What is the minimum order?');
    const agent = await connectAgent(t, owner.cookie);
    const customerId = (await api(t, 'GET', '/api/notifications', { cookie: owner.cookie })).json()
      .notifications[0].customerId;

    const conversation = await api(t, 'GET', `/api/visitor-sessions/${customerId}`, {
      cookie: owner.cookie,
    });
    expect(conversation.json().messages.map((m: { role: string }) => m.role)).toEqual([
      'user',
      'assistant',
    ]);

    const denied = await api(t, 'POST', `/api/visitor-sessions/${customerId}/reply`, {
      cookie: other.cookie,
      body: { message: 'Hijack' },
    });
    expect(denied.statusCode).toBe(404);
    expect(
      (await api(t, 'GET', `/api/visitor-sessions/${customerId}`, { cookie: other.cookie }))
        .statusCode,
    ).toBe(404);

    const reply = await api(t, 'POST', `/api/visitor-sessions/${customerId}/reply`, {
      cookie: owner.cookie,
      body: { message: 'One 20-foot container, about 1,400 m². I am at booth B12 now.' },
    });
    expect(reply.statusCode).toBe(200);
    await agent.waitFor((m) => m.type === 'customer_handled' && m.customerId === customerId);

    const history = (await buyer.history()).json().messages;
    expect(history.at(-1)).toMatchObject({
      role: 'agent',
      content: expect.stringContaining('booth B12'),
    });
    const listed = await api(t, 'GET', '/api/notifications', { cookie: owner.cookie });
    expect(
      listed
        .json()
        .notifications.filter((n: { customerId: number }) => n.customerId === customerId)
        .every((n: { status: string }) => n.status === 'responded'),
    ).toBe(true);
    agent.close();
  });

  it('delivers the reply live to the visitor’s open chat', async () => {
    const buyer = await visitor(cardId);
    await buyer.say('Hello?');
    const customerId = (await api(t, 'GET', '/api/notifications', { cookie: owner.cookie })).json()
      .notifications[0].customerId;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const controller = new AbortController();
    const events = await fetch(`http://127.0.0.1:${port}/api/chat/events/${cardId}`, {
      headers: { cookie: buyer.cookie },
      signal: controller.signal,
    });
    expect(events.headers.get('content-type')).toContain('text/event-stream');
    const reader = events.body!.getReader();
    await reader.read(); // ": connected"
    await api(t, 'POST', `/api/visitor-sessions/${customerId}/reply`, {
      cookie: owner.cookie,
      body: { message: 'Welcome to our booth!' },
    });
    let text = '';
    while (!text.includes('Welcome to our booth!')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text).toContain('event: message');
    expect(text).toContain('"type":"agent_reply"');
    controller.abort();
  });
});
