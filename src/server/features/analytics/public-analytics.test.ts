import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCards, users, visitorProfiles, visitorSessions } from '#server/db/schema.ts';
import { api, createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let ownerId: number;
let cardId: number;
let sessionCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  const [owner] = await t.ctx.db
    .insert(users)
    .values({ username: 'figures', password: 'x', email: 'figures@example.com' })
    .returning();
  ownerId = owner!.id;
});
afterAll(() => t.close());

const message = (role: 'user' | 'assistant' | 'agent', content: string) => ({
  role,
  content,
  createdAt: new Date().toISOString(),
});

async function addCard(finalized: boolean) {
  const [card] = await t.ctx.db
    .insert(businessCards)
    .values({ userId: ownerId, companyName: 'Hengtai', finalizedAt: finalized ? new Date() : null })
    .returning();
  return card!.id;
}

async function addVisitor(userMessages: number, { lead = false } = {}) {
  sessionCounter += 1;
  const messages = [];
  for (let i = 0; i < userMessages; i++) {
    messages.push(message('user', `question ${i}`), message('assistant', `answer ${i}`));
  }
  messages.push(message('agent', 'hello from the booth'));
  const [session] = await t.ctx.db
    .insert(visitorSessions)
    .values({ sessionToken: `token-${sessionCounter}`, businessCardId: cardId, messages })
    .returning();
  if (lead) {
    await t.ctx.db
      .insert(visitorProfiles)
      .values({ visitorSessionId: session!.id, businessCardId: cardId, name: 'Buyer' });
  }
}

const figures = async () => {
  const response = await api(t, 'GET', '/api/analytics/public');
  expect(response.statusCode).toBe(200);
  return response.json() as Record<string, number>;
};

describe('GET /api/analytics/public', () => {
  it('answers zeros on an empty database, signed out', async () => {
    expect(await figures()).toEqual({
      totalBusinessCards: 0,
      totalVisitors: 0,
      totalMessages: 0,
      conversionRate: 0,
    });
  });

  it('counts finished cards, visitors, their own messages and the share that left details', async () => {
    t.clock.advance(5 * 60 * 1000 + 1);
    cardId = await addCard(true);
    await addCard(true);
    await addCard(false); // a wizard still running is not a card yet
    await addVisitor(3, { lead: true });
    await addVisitor(2);
    await addVisitor(0);
    expect(await figures()).toEqual({
      totalBusinessCards: 2,
      totalVisitors: 3,
      // 3 + 2 + 0 visitor messages; assistant and agent answers are not counted.
      totalMessages: 5,
      // 1 lead of 3 sessions: 33.333… → 33.3
      conversionRate: 33.3,
    });
  });

  it('keeps the figures five minutes, then recomputes them', async () => {
    const before = await figures();
    await addCard(true);
    await addVisitor(4, { lead: true });
    t.clock.advance(4 * 60 * 1000);
    expect(await figures()).toEqual(before);

    t.clock.advance(60 * 1000 + 1);
    expect(await figures()).toEqual({
      totalBusinessCards: 3,
      totalVisitors: 4,
      totalMessages: 9,
      conversionRate: 50,
    });
  });
});
