import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { connectAgent, type AgentSocket } from '#server/test/agent-socket.ts';
import {
  addDocuments,
  api,
  createTestApp,
  freshAddress,
  newCard,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * One rule for a lead's priority. The bell (the live entries and GET
 * /api/notifications) shows the priority the sales pipeline gives the same lead, urgent
 * included, and follows it when the pipeline scores the lead again or the owner sets it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let agent: AgentSocket;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await addDocuments(t, owner.cookie, cardId, ['hengtai/hengtai-faq.txt']);
  // More than two messages make a lead urgent (the default is five).
  const settings = await api(t, 'PUT', '/api/sales-pipeline/settings', {
    cookie: owner.cookie,
    body: { highPriorityAfterMessages: 2, idleDaysLowerPriority: 7, autoFollowUpEmail: false },
  });
  expect(settings.statusCode).toBe(200);
  agent = await connectAgent(t, owner.cookie);
  agent.send({ type: 'agent_connect' });
  await agent.waitFor((m) => m.type === 'notification_history');
});
afterAll(async () => {
  agent.close();
  await t.close();
});

type Entry = { customerId: number; priority: string; type: string; message?: string | null };

const seen = new Set<number>();

/** A buyer opens the card's chat; answers with their conversation's id (from the owner's bell). */
async function visitor() {
  const address = freshAddress();
  const opened = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?src=qr`,
    remoteAddress: address,
  });
  expect(opened.statusCode).toBe(200);
  const scan = await agent.waitFor(
    (m) => m.type === 'customer_scan_notification' && !seen.has(m.customerId as number),
  );
  const id = scan.customerId as number;
  seen.add(id);
  const cookie = `${VISITOR_COOKIE}=${opened.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  return {
    id,
    async say(message: string) {
      const answer = await t.app.inject({
        method: 'POST',
        url: `/api/chat/${cardId}`,
        remoteAddress: address,
        headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
        payload: JSON.stringify({ message }),
      });
      expect(answer.statusCode).toBe(200);
    },
  };
}

/** The pipeline's priority of every lead (the list scores what it has not scored yet). */
async function pipelinePriorities(): Promise<Map<number, string>> {
  const list = await api(t, 'GET', '/api/sales-pipeline/leads', { cookie: owner.cookie });
  expect(list.statusCode).toBe(200);
  const leads = list.json().leads as Array<{ visitorSessionId: number; priority: string }>;
  return new Map(leads.map((lead) => [lead.visitorSessionId, lead.priority]));
}

async function bellPriorities(): Promise<Map<number, string>> {
  const list = await api(t, 'GET', '/api/notifications', { cookie: owner.cookie });
  expect(list.statusCode).toBe(200);
  const entries = list.json().notifications as Entry[];
  return new Map(entries.map((entry) => [entry.customerId, entry.priority]));
}

/** The newest live entry of a conversation (a notification or an update). */
function latestLive(customerId: number): Entry | undefined {
  return (agent.messages as unknown as Entry[]).findLast(
    (m) =>
      m.customerId === customerId &&
      [
        'customer_scan_notification',
        'customer_message_notification',
        'conversation_updated',
      ].includes(m.type),
  );
}

let leads: {
  silent: { id: number };
  browsing: { id: number };
  keen: { id: number };
  chatty: Awaited<ReturnType<typeof visitor>>;
};

describe('the priority the owner sees in the bell', () => {
  it('is the pipeline’s for the same lead: low, medium, high and urgent', async () => {
    const silent = await visitor();
    const browsing = await visitor();
    await browsing.say('Which colours do you make?');
    const keen = await visitor();
    await keen.say('What is the price and the MOQ, and can you send a sample?');
    const chatty = await visitor();
    await chatty.say('Which colours do you make?');
    await chatty.say('Do you have wood-look tiles?');
    await chatty.say('Are they for outdoor use?');
    leads = { silent, browsing, keen, chatty };

    // Announced before the pipeline scored them: what is stored is the conversation's default.
    expect(latestLive(chatty.id)).toMatchObject({ priority: 'low' });

    const pipeline = await pipelinePriorities();
    expect([silent, browsing, keen, chatty].map((lead) => pipeline.get(lead.id))).toEqual([
      'low',
      'medium',
      'high', // one message, but a buying intent of 50 raises it a step
      'urgent',
    ]);
    // The scoring that changed them reached the open bell at once, without a new alert.
    for (const lead of [browsing, keen, chatty]) {
      const update = await agent.waitFor(
        (m) =>
          m.type === 'conversation_updated' &&
          m.customerId === lead.id &&
          m.priority === pipeline.get(lead.id),
      );
      expect(update.kind).toBe('customer_message_notification');
    }
    for (const lead of [silent, browsing, keen, chatty]) {
      expect(latestLive(lead.id)?.priority).toBe(pipeline.get(lead.id));
    }
    // And the history a reconnecting bell loads says the same.
    const bell = await bellPriorities();
    for (const [id, priority] of pipeline) expect(bell.get(id)).toBe(priority);
  });

  it('carries the stored urgent on the next live notification of that lead', async () => {
    await leads.chatty.say('Can you print our logo on the boxes?');
    const live = await agent.waitFor(
      (m) =>
        m.type === 'customer_message_notification' &&
        m.message === 'Can you print our logo on the boxes?',
    );
    expect(live.priority).toBe('urgent');
    expect((await pipelinePriorities()).get(leads.chatty.id)).toBe('urgent');
    expect(latestLive(leads.chatty.id)?.priority).toBe('urgent');
  });

  it('follows a priority the owner sets by hand', async () => {
    const edit = await api(t, 'PATCH', `/api/sales-pipeline/leads/${leads.browsing.id}`, {
      cookie: owner.cookie,
      body: { priority: 'urgent' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().priority).toBe('urgent');
    await agent.waitFor(
      (m) =>
        m.type === 'conversation_updated' &&
        m.customerId === leads.browsing.id &&
        m.priority === 'urgent',
    );
    const [pipeline, bell] = [await pipelinePriorities(), await bellPriorities()];
    expect(bell.get(leads.browsing.id)).toBe('urgent');
    for (const [id, priority] of pipeline) expect(bell.get(id)).toBe(priority);
  });

  it('shows an idle lead a step lower in both, unless set by hand', async () => {
    t.clock.advance(8 * DAY_MS);
    try {
      const [pipeline, bell] = [await pipelinePriorities(), await bellPriorities()];
      expect(pipeline.get(leads.chatty.id)).toBe('high');
      expect(pipeline.get(leads.keen.id)).toBe('medium');
      expect(pipeline.get(leads.browsing.id)).toBe('urgent');
      for (const [id, priority] of pipeline) expect(bell.get(id)).toBe(priority);
    } finally {
      t.clock.advance(-8 * DAY_MS);
    }
  });
});
