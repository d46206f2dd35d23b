import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import type {
  TAnalyticsDashboard,
  TTrafficAnalytics,
  TVisitorAnalytics,
} from '#shared/schemas/analytics.ts';
import { businessCards, visitorProfiles, visitorSessions } from '#server/db/schema.ts';
import { api, createTestApp, freshAddress, signUp, type TestApp } from '#server/test/test-app.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let rival: Awaited<ReturnType<typeof signUp>>;
let cardA: number;
let cardB: number;
let rivalCard: number;

async function newCard(cookie: string, companyName: string) {
  const id = (await api(t, 'POST', '/api/business-card-session', { body: {}, cookie })).json()
    .businessCardId as number;
  await t.ctx.db.update(businessCards).set({ companyName }).where(eq(businessCards.id, id));
  const finalized = await api(t, 'POST', `/api/business-cards/${id}/finalize`, {
    body: {},
    cookie,
  });
  expect(finalized.statusCode).toBe(200);
  return id;
}

/** A visitor's phone scans a card, writes `messages` questions and maybe leaves details. */
async function visit(
  cardId: number,
  options: { ua: string; src?: string; tz?: string; messages?: number; lead?: boolean },
) {
  const address = freshAddress();
  const query = new URLSearchParams({ src: options.src ?? 'qr' });
  if (options.tz) query.set('tz', options.tz);
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?${query}`,
    remoteAddress: address,
    headers: { 'user-agent': options.ua, 'x-language': 'en' },
  });
  expect(info.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const post = (url: string, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: address,
      headers: {
        cookie,
        'user-agent': options.ua,
        'content-type': 'application/json',
        'x-language': 'en',
      },
      payload: JSON.stringify(body),
    });
  for (let i = 0; i < (options.messages ?? 0); i++) {
    expect(
      (await post(`/api/chat/${cardId}`, { message: `What is the MOQ, ${i}?` })).statusCode,
    ).toBe(200);
  }
  if (options.lead) {
    const saved = await post(`/api/chat/${cardId}/lead`, {
      name: 'Anna Buyer',
      email: 'anna@example.com',
      consent: true,
    });
    expect(saved.statusCode).toBe(200);
  }
  const [session] = await t.ctx.db
    .select()
    .from(visitorSessions)
    .where(eq(visitorSessions.businessCardId, cardId))
    .orderBy(sql`${visitorSessions.id} desc`)
    .limit(1);
  return session!;
}

const get = async <T>(path: string, cookie = owner.cookie) => {
  const response = await api(t, 'GET', path, { cookie });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
};

/** Moves rows back in time, as if they had happened `days` days ago. */
async function age(sessionIds: number[], days: number) {
  const back = sql.raw(`interval '${days} days'`);
  await t.ctx.db
    .update(visitorSessions)
    .set({
      createdAt: sql`${visitorSessions.createdAt} - ${back}`,
      lastActivity: sql`${visitorSessions.lastActivity} - ${back}`,
      // Each message keeps its own time: move those too.
      messages: sql`coalesce((
        select jsonb_agg(jsonb_set(m, '{createdAt}', to_jsonb(to_char(
          ((m->>'createdAt')::timestamptz - ${back}) at time zone 'UTC',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) order by n)
        from jsonb_array_elements(${visitorSessions.messages}) with ordinality as e(m, n)
      ), '[]'::jsonb)`,
    })
    .where(inArray(visitorSessions.id, sessionIds));
  await t.ctx.db
    .update(visitorProfiles)
    .set({
      createdAt: sql`${visitorProfiles.createdAt} - ${back}`,
      updatedAt: sql`${visitorProfiles.updatedAt} - ${back}`,
    })
    .where(inArray(visitorProfiles.visitorSessionId, sessionIds));
}

/** Lets the five-minute cache run out. */
const expireCache = () => t.clock.advance(5 * 60 * 1000 + 1);

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  rival = await signUp(t);
  cardA = await newCard(owner.cookie, 'Hengtai Valves');
  cardB = await newCard(owner.cookie, 'Hengtai Pumps');
  rivalCard = await newCard(rival.cookie, 'Rival Co');

  // Ten days ago (the 7 days before this week): 2 sessions, 1 lead, 1 engaged.
  const old1 = await visit(cardA, {
    ua: DESKTOP,
    src: 'link',
    tz: 'Europe/Berlin',
    messages: 1,
    lead: true,
  });
  const old2 = await visit(cardA, { ua: DESKTOP, src: 'link', tz: 'Europe/Berlin' });
  await age([old1.id, old2.id], 10);
  // This week: 4 sessions on the owner's cards, 2 leads, 3 engaged.
  await visit(cardA, { ua: IPHONE, src: 'qr', tz: 'Asia/Shanghai', messages: 2, lead: true });
  await visit(cardA, { ua: IPHONE, src: 'qr', tz: 'Asia/Shanghai', messages: 1 });
  await visit(cardB, { ua: IPAD, src: 'poster', tz: 'America/New_York', messages: 1, lead: true });
  await visit(cardB, { ua: DESKTOP, src: 'nonsense' });
  // Another owner's visitors must never show up.
  await visit(rivalCard, { ua: IPHONE, src: 'share', tz: 'Asia/Tokyo', messages: 3, lead: true });
}, 120_000);
afterAll(() => t.close());

describe('visitor sessions remember device and time zone', () => {
  it('stores the device from the user agent and a valid browser time zone', async () => {
    const session = await visit(cardA, { ua: IPAD, tz: 'Asia/Hong_Kong' });
    expect(session.deviceType).toBe('tablet');
    expect(session.timeZone).toBe('Asia/Hong_Kong');
    await t.ctx.db.delete(visitorSessions).where(eq(visitorSessions.id, session.id));
  });

  it('refuses a time zone that is not an IANA name', async () => {
    for (const tz of ['../../etc', 'x'.repeat(65), "Europe/Berlin'; drop"]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/chat/session-info/${cardA}?tz=${encodeURIComponent(tz)}`,
        remoteAddress: freshAddress(),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBeTruthy();
    }
  });
});

describe('GET /api/analytics/dashboard', () => {
  it('answers the owner’s totals, rates and week-on-week growth', async () => {
    expect(await get<TAnalyticsDashboard>('/api/analytics/dashboard')).toEqual({
      days: 7,
      totalBusinessCards: 2,
      totalVisitors: 6,
      totalMessages: 5,
      conversionRate: 50, // 3 leads of 6 sessions
      engagementRate: 66.7, // 4 of 6 wrote something
      visitorGrowth: 100, // 4 this week against 2
      conversionGrowth: 0, // 50 % both weeks
      engagementGrowth: 50, // 75 % against 50 %
    });
  });

  it('widens the comparison with ?days=30 (all sessions fall in the current window)', async () => {
    const wide = await get<TAnalyticsDashboard>('/api/analytics/dashboard?days=30');
    expect(wide.days).toBe(30);
    expect(wide.visitorGrowth).toBeNull(); // nothing the 30 days before: no percentage
  });

  it('is for signed-in owners only and validates days', async () => {
    expect((await api(t, 'GET', '/api/analytics/dashboard')).statusCode).toBe(401);
    for (const path of ['dashboard', 'visitors', 'traffic']) {
      for (const days of ['14', 'abc', '-7', '7.5']) {
        const response = await api(t, 'GET', `/api/analytics/${path}?days=${days}`, {
          cookie: owner.cookie,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    }
  });

  it('shows another owner only their own figures', async () => {
    const theirs = await get<TAnalyticsDashboard>('/api/analytics/dashboard', rival.cookie);
    expect(theirs).toMatchObject({ totalBusinessCards: 1, totalVisitors: 1, totalMessages: 3 });
  });
});

describe('GET /api/analytics/visitors', () => {
  it('counts sessions, devices, recent sessions and ranks the cards', async () => {
    const figures = await get<TVisitorAnalytics>('/api/analytics/visitors');
    expect(figures).toMatchObject({
      days: 30,
      totalSessions: 6,
      activeSessions: 4, // the two from ten days ago are not active
      totalMessages: 5,
      deviceBreakdown: { mobile: 2, tablet: 1, desktop: 3 },
    });
    expect(figures.recentSessions).toHaveLength(6);
    const [latest] = figures.recentSessions;
    expect(latest).toMatchObject({
      businessCardId: cardB,
      cardName: 'Hengtai Pumps',
      source: 'direct',
      deviceType: 'desktop',
      messageCount: 0,
    });
    const shanghai = figures.recentSessions.find((s) => s.country === 'CN');
    expect(shanghai).toMatchObject({
      cardName: 'Hengtai Valves',
      source: 'qr',
      deviceType: 'mobile',
    });
    expect(figures.recentSessions.map((s) => s.businessCardId)).not.toContain(rivalCard);
    expect(figures.businessCardPerformance).toEqual([
      {
        businessCardId: cardA,
        cardName: 'Hengtai Valves',
        sessions: 4,
        messages: 4,
        leads: 2,
        conversionRate: 50,
      },
      {
        businessCardId: cardB,
        cardName: 'Hengtai Pumps',
        sessions: 2,
        messages: 1,
        leads: 1,
        conversionRate: 50,
      },
    ]);
  });

  it('limits to the last 7 days with ?days=7', async () => {
    const week = await get<TVisitorAnalytics>('/api/analytics/visitors?days=7');
    expect(week.totalSessions).toBe(4);
    expect(week.deviceBreakdown).toEqual({ mobile: 2, tablet: 1, desktop: 1 });
  });
});

describe('GET /api/analytics/traffic', () => {
  it('answers sources, countries and every one of the 30 days', async () => {
    const traffic = await get<TTrafficAnalytics>('/api/analytics/traffic');
    expect(traffic.totalSessions).toBe(6);
    expect(traffic.trafficSources).toEqual({ qr: 2, link: 2, share: 0, poster: 1, direct: 1 });
    expect(traffic.locationBreakdown).toEqual([
      { country: 'CN', sessions: 2 },
      { country: 'DE', sessions: 2 },
      { country: 'US', sessions: 1 },
      { country: null, sessions: 1 },
    ]);
    expect(traffic.daily).toHaveLength(30);
    const today = t.clock.now().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(t.clock.now().getTime() - 10 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(traffic.daily.at(-1)).toEqual({ date: today, sessions: 4, messages: 4, leads: 2 });
    expect(traffic.daily.find((d) => d.date === tenDaysAgo)).toMatchObject({
      sessions: 2,
      leads: 1,
    });
    const sum = traffic.daily.reduce((total, day) => total + day.sessions, 0);
    expect(sum).toBe(6);
    expect(traffic.daily.filter((d) => d.sessions === 0)).toHaveLength(28);
  });

  it('answers 7 and 90 days when asked', async () => {
    expect((await get<TTrafficAnalytics>('/api/analytics/traffic?days=7')).daily).toHaveLength(7);
    expect((await get<TTrafficAnalytics>('/api/analytics/traffic?days=90')).daily).toHaveLength(90);
  });
});

describe('the owner cache', () => {
  it('keeps figures five minutes, but a new visitor or a new card shows at once', async () => {
    const before = await get<TAnalyticsDashboard>('/api/analytics/dashboard');
    // Nothing changed: the cached row answers (and holds the same figures).
    const [row] = await t.ctx.db
      .execute(
        sql`select count(*) as n from analytics_cache where cache_key like ${`owner:${owner.id}:%`}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ n: unknown }> }).rows);
    expect(Number(row!.n)).toBeGreaterThan(0);
    expect(await get<TAnalyticsDashboard>('/api/analytics/dashboard')).toEqual(before);

    // Age everything so the next visitor lands in another minute than the last activity.
    const ids = (await t.ctx.db.select({ id: visitorSessions.id }).from(visitorSessions)).map(
      (r) => r.id,
    );
    await age(ids, 0.01);
    expireCache();
    const settled = await get<TAnalyticsDashboard>('/api/analytics/dashboard');

    await visit(cardB, { ua: IPHONE, tz: 'Asia/Taipei', messages: 1 });
    const afterVisit = await get<TAnalyticsDashboard>('/api/analytics/dashboard');
    expect(afterVisit.totalVisitors).toBe(settled.totalVisitors + 1);

    await newCard(owner.cookie, 'Hengtai Seals');
    expect((await get<TAnalyticsDashboard>('/api/analytics/dashboard')).totalBusinessCards).toBe(
      settled.totalBusinessCards + 1,
    );
  });

  it('recomputes after five minutes even when the stamp has not moved', async () => {
    // A change the stamp does not see (an edited card name) appears once the five minutes pass.
    await get<TVisitorAnalytics>('/api/analytics/visitors');
    await t.ctx.db
      .update(businessCards)
      .set({ companyName: 'Hengtai Valves Ltd' })
      .where(eq(businessCards.id, cardA));
    const cached = await get<TVisitorAnalytics>('/api/analytics/visitors');
    expect(cached.businessCardPerformance.map((c) => c.cardName)).toContain('Hengtai Valves');
    expireCache();
    const fresh = await get<TVisitorAnalytics>('/api/analytics/visitors');
    expect(fresh.businessCardPerformance.map((c) => c.cardName)).toContain('Hengtai Valves Ltd');
  });
});
