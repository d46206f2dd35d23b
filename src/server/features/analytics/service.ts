import { count, eq, isNotNull, sql } from 'drizzle-orm';
import {
  PUBLIC_ANALYTICS_CACHE_MS,
  ZPublicAnalytics,
  type TPublicAnalytics,
} from '#shared/schemas/public.ts';
import { isLead } from './owner-sql.ts';
import type { AppContext } from '#server/context.ts';
import {
  analyticsCache,
  businessCards,
  visitorProfiles,
  visitorSessions,
} from '#server/db/schema.ts';

const PUBLIC_KEY = 'public-landing';

/** The four landing figures, straight from the database. */
export async function computePublicAnalytics(ctx: AppContext): Promise<TPublicAnalytics> {
  const [cards] = await ctx.db
    .select({ value: count() })
    .from(businessCards)
    .where(isNotNull(businessCards.finalizedAt));
  const [sessions] = await ctx.db
    .select({
      visitors: count(),
      // Only what visitors wrote; the assistant's and agents' answers are not "messages".
      messages: sql<string>`coalesce(sum((
        select count(*) from jsonb_array_elements(${visitorSessions.messages}) as m
        where m->>'role' = 'user'
      )), 0)`,
    })
    .from(visitorSessions);
  const [leads] = await ctx.db
    .select({ value: sql<string>`count(distinct ${visitorProfiles.visitorSessionId})` })
    .from(visitorProfiles)
    .innerJoin(visitorSessions, eq(visitorSessions.id, visitorProfiles.visitorSessionId))
    // A profile row exists for every scored conversation; a lead is one who left contact details.
    .where(isLead('visitor_profiles'));
  const visitors = sessions?.visitors ?? 0;
  const converted = Number(leads?.value ?? 0);
  return {
    totalBusinessCards: cards?.value ?? 0,
    totalVisitors: visitors,
    totalMessages: Number(sessions?.messages ?? 0),
    conversionRate: visitors === 0 ? 0 : Math.round((converted / visitors) * 1000) / 10,
  };
}

/**
 * The figures, cached five minutes in the analytics_cache table (shared by every server
 * instance on the database; the clock is the app's, so tests can move it).
 */
export async function getPublicAnalytics(ctx: AppContext): Promise<TPublicAnalytics> {
  const now = ctx.now();
  const [cached] = await ctx.db
    .select()
    .from(analyticsCache)
    .where(eq(analyticsCache.cacheKey, PUBLIC_KEY))
    .limit(1);
  if (cached && cached.expiresAt > now) {
    const parsed = ZPublicAnalytics.safeParse(cached.data);
    if (parsed.success) return parsed.data;
  }
  const fresh = await computePublicAnalytics(ctx);
  const expiresAt = new Date(now.getTime() + PUBLIC_ANALYTICS_CACHE_MS);
  await ctx.db
    .insert(analyticsCache)
    .values({ cacheKey: PUBLIC_KEY, data: fresh, expiresAt })
    .onConflictDoUpdate({
      target: analyticsCache.cacheKey,
      set: { data: fresh, expiresAt, updatedAt: now },
    });
  return fresh;
}
