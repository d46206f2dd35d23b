import { or, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { businessCards, users } from '#server/db/schema.ts';
import { logoKey, logoUrl } from '#server/lib/storage-keys.ts';

/*
 * A replaced logo's file is deleted once nothing points at it any more. The account's logo and
 * its cards' logos may share one file (a card starts with the account's), so the file goes only
 * when no user row and no card row still names its URL.
 */
export async function releaseLogo(
  ctx: AppContext,
  ownerId: number,
  url: string | null | undefined,
): Promise<void> {
  const prefix = logoUrl(ownerId, '');
  if (!url?.startsWith(prefix)) return;
  const name = url.slice(prefix.length);
  if (!/^[\w.-]+$/u.test(name) || name.startsWith('.')) return;
  const [userUse] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(or(eq(users.companyLogo, url), eq(users.logoUrl, url)));
  const [cardUse] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(businessCards)
    .where(eq(businessCards.logoUrl, url));
  if ((userUse?.n ?? 0) + (cardUse?.n ?? 0) > 0) return;
  await ctx.storage.remove(logoKey(ownerId, name));
}
