import { and, eq, gt, like } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { analyticsCache } from '#server/db/schema.ts';

/*
 * The number of leads a filtered list has, kept in analytics_cache so a page of the list does
 * not count the owner's whole history on every request (count(*) over 100,000 conversations
 * costs more than the page itself). Whatever changes a lead's stage or priority, or adds one,
 * forgets the owner's counts; the short lifetime covers what nobody tells us about (a deleted
 * card, a lead's priority dropping as it ages).
 */

export const LEAD_COUNT_TTL_MS = 60_000;

function prefix(ownerId: number): string {
  return `pipeline-count:${ownerId}:`;
}

export interface LeadCountFilter {
  stage?: string | undefined;
  priority?: string | undefined;
}

function keyOf(ownerId: number, filter: LeadCountFilter): string {
  return `${prefix(ownerId)}${filter.stage ?? '*'}:${filter.priority ?? '*'}`;
}

/** The cached count of the owner's leads matching the filter, else computed and stored. */
export async function cachedLeadCount(
  ctx: AppContext,
  ownerId: number,
  filter: LeadCountFilter,
  compute: () => Promise<number>,
): Promise<number> {
  const cacheKey = keyOf(ownerId, filter);
  const now = ctx.now();
  const [cached] = await ctx.db
    .select({ data: analyticsCache.data })
    .from(analyticsCache)
    .where(and(eq(analyticsCache.cacheKey, cacheKey), gt(analyticsCache.expiresAt, now)))
    .limit(1);
  const data = cached?.data as { count?: unknown } | undefined;
  if (typeof data?.count === 'number') return data.count;
  const count = await compute();
  const expiresAt = new Date(now.getTime() + LEAD_COUNT_TTL_MS);
  await ctx.db
    .insert(analyticsCache)
    .values({ cacheKey, data: { count }, expiresAt })
    .onConflictDoUpdate({
      target: analyticsCache.cacheKey,
      set: { data: { count }, expiresAt, updatedAt: now },
    });
  return count;
}

/** Forget the owner's counts: a lead was added, rescored or edited. */
export async function forgetLeadCounts(ctx: AppContext, ownerId: number): Promise<void> {
  await ctx.db.delete(analyticsCache).where(like(analyticsCache.cacheKey, `${prefix(ownerId)}%`));
}
