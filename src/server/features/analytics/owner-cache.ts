import { eq, sql } from 'drizzle-orm';
import { OWNER_ANALYTICS_CACHE_MS } from '#shared/schemas/analytics.ts';
import type { AppContext } from '#server/context.ts';
import { analyticsCache } from '#server/db/schema.ts';
import { rows } from '#server/db/rows.ts';

/**
 * A cheap fingerprint of the owner's data: their cards (count, newest id, finished ones), the
 * latest visitor activity and the latest lead change, both to the minute. A new card, a deleted
 * card, a new visitor or a new lead changes it and so retires the cached figures; a busy booth
 * recomputes at most once a minute rather than on every message. Three index lookups.
 */
export async function ownerDataStamp(ctx: AppContext, ownerId: number): Promise<string> {
  const [row] = await rows<{ cards: string; activity: string | null; leads: string | null }>(
    ctx,
    sql`
      select
        (select count(*) || ':' || coalesce(max(id), 0) || ':' || count(finalized_at)
           from business_cards where user_id = ${ownerId}) as cards,
        (select date_trunc('minute', max(last.at))::text
           from business_cards c,
           lateral (select max(s.last_activity) as at from visitor_sessions s
                    where s.business_card_id = c.id) last
           where c.user_id = ${ownerId}) as activity,
        (select date_trunc('minute', max(p.updated_at))::text
           from business_cards c
           join visitor_profiles p on p.business_card_id = c.id
           where c.user_id = ${ownerId}) as leads
    `,
  );
  return `${row?.cards ?? ''}|${row?.activity ?? '-'}|${row?.leads ?? '-'}`;
}

interface CachedEntry {
  stamp: string;
  value: unknown;
}

/**
 * The owner's figures from analytics_cache when they are younger than five minutes and the
 * owner's data has not changed since; otherwise computed, stored and answered. `parse` checks
 * what the cache held (an older version of the shape is simply recomputed).
 */
export async function cachedForOwner<T>(
  ctx: AppContext,
  ownerId: number,
  key: string,
  parse: (value: unknown) => T | null,
  compute: () => Promise<T>,
): Promise<T> {
  const cacheKey = `owner:${ownerId}:${key}`;
  const now = ctx.now();
  const stamp = await ownerDataStamp(ctx, ownerId);
  const [cached] = await ctx.db
    .select({ data: analyticsCache.data, expiresAt: analyticsCache.expiresAt })
    .from(analyticsCache)
    .where(eq(analyticsCache.cacheKey, cacheKey))
    .limit(1);
  const entry = cached?.data as CachedEntry | undefined;
  if (cached && cached.expiresAt > now && entry?.stamp === stamp) {
    const parsed = parse(entry.value);
    if (parsed !== null) return parsed;
  }
  const value = await compute();
  const data: CachedEntry = { stamp, value };
  const expiresAt = new Date(now.getTime() + OWNER_ANALYTICS_CACHE_MS);
  await ctx.db
    .insert(analyticsCache)
    .values({ cacheKey, data, expiresAt })
    .onConflictDoUpdate({
      target: analyticsCache.cacheKey,
      set: { data, expiresAt, updatedAt: now },
    });
  return value;
}
