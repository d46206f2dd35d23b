import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { connectAgent } from '#server/test/agent-socket.ts';
import {
  addDocuments,
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/* One notification per visitor conversation, not one per message. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
});
afterAll(() => t.close());

async function visitor() {
  const address = freshAddress();
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?src=qr`,
    remoteAddress: address,
    headers: { 'accept-language': 'de-DE,de;q=0.9' },
  });
  const cookie = `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const post = (url: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify(payload),
    });
  return {
    say: (message: string) => post(`/api/chat/${cardId}`, { message }),
    lead: (lead: Record<string, unknown>) => post(`/api/chat/${cardId}/lead`, lead),
  };
}

type Entry = {
  id: number;
  type: string;
  customerId: number;
  customerName: string | null;
  customerLocation: string | null;
  status: string;
  unreadCount: number;
  messageCount: number;
  message: string | null;
  customerInfo: { company: string | null; phone: string | null };
};

const list = async (cookie = owner.cookie): Promise<Entry[]> =>
  (await api(t, 'GET', '/api/notifications', { cookie })).json().notifications;

describe('one notification per conversation', () => {
  it('groups a visitor’s scan and messages into one entry with the unread count and the last message', async () => {
    const buyer = await visitor();
    await buyer.say('What is the minimum order?');
    await buyer.say('Do you ship to Hamburg?');
    await buyer.say('And the lead time?');

    const entries = await list();
    const mine = entries.filter((e) => e.customerId === entries[0]!.customerId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      type: 'customer_message_notification',
      status: 'new',
      unreadCount: 4, // the scan and three messages
      messageCount: 3,
      message: 'And the lead time?',
      customerLocation: 'Germany',
      customerName: null,
      customerInfo: { company: null },
    });
    // Another owner sees nothing of it.
    expect(await list(other.cookie)).toEqual([]);
  });

  it('shows the lead’s name and company once they leave them, on every entry of theirs', async () => {
    const buyer = await visitor();
    await buyer.say('Hello');
    const agent = await connectAgent(t, owner.cookie);
    const saved = await buyer.lead({
      name: 'Anna Becker',
      company: 'Becker Bau GmbH',
      email: 'anna@becker.example',
      consent: true,
    });
    expect(saved.statusCode).toBe(200);
    const update = await agent.waitFor((m) => m.type === 'conversation_updated');
    expect(update).toMatchObject({
      customerName: 'Anna Becker',
      customerInfo: { company: 'Becker Bau GmbH' },
    });
    const [entry] = await list();
    expect(entry).toMatchObject({
      customerName: 'Anna Becker',
      customerInfo: { company: 'Becker Bau GmbH' },
      message: 'Hello',
    });
    agent.close();
  });

  it('pushes the whole conversation’s entry live, its count growing', async () => {
    const agent = await connectAgent(t, owner.cookie);
    const buyer = await visitor();
    const scan = await agent.waitFor((m) => m.type === 'customer_scan_notification');
    expect(scan).toMatchObject({ unreadCount: 1, messageCount: 0, message: null });
    await buyer.say('First question');
    await buyer.say('Second question');
    const second = await agent.waitFor((m) => m.message === 'Second question');
    expect(second).toMatchObject({
      customerId: scan.customerId,
      unreadCount: 3,
      messageCount: 2,
    });
    agent.close();
  });

  it('marks a whole conversation read, over the socket or HTTP, and a later message makes it unread again', async () => {
    const buyer = await visitor();
    await buyer.say('One');
    await buyer.say('Two');
    let [entry] = await list();
    expect(entry!.unreadCount).toBe(3);

    const agent = await connectAgent(t, owner.cookie);
    agent.send({ type: 'acknowledge', id: entry!.id });
    await agent.send({ type: 'ping' });
    await agent.waitFor((m) => m.type === 'pong');
    [entry] = await list();
    expect(entry).toMatchObject({ status: 'acknowledged', unreadCount: 0 });

    await buyer.say('Three');
    [entry] = await list();
    expect(entry).toMatchObject({ status: 'new', unreadCount: 1, message: 'Three' });

    const denied = await api(t, 'POST', `/api/visitor-sessions/${entry!.customerId}/read`, {
      cookie: other.cookie,
    });
    expect(denied.statusCode).toBe(404);
    const read = await api(t, 'POST', `/api/visitor-sessions/${entry!.customerId}/read`, {
      cookie: owner.cookie,
    });
    expect(read.statusCode).toBe(200);
    [entry] = await list();
    expect(entry).toMatchObject({ status: 'acknowledged', unreadCount: 0 });
    agent.close();
  });

  it('keeps at most 20 conversations, most recently active first', async () => {
    for (let i = 0; i < 3; i += 1) await (await visitor()).say(`Visitor ${i}`);
    const entries = await list();
    expect(entries.length).toBeLessThanOrEqual(20);
    expect(new Set(entries.map((e) => e.customerId)).size).toBe(entries.length);
    expect(entries.slice(0, 3).map((e) => e.message)).toEqual([
      'Visitor 2',
      'Visitor 1',
      'Visitor 0',
    ]);
  });
});
