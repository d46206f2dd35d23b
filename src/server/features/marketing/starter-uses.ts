import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { starterUses } from '#server/db/schema.ts';

/*
 * A conversation starter's only figure is measured here: how often its owner used (copied) that
 * text. Starters are generated afresh, so a use is counted against the text itself (its hash):
 * the same opener generated again shows its count again.
 */

export function starterHash(content: string): string {
  return createHash('sha256').update(content.trim()).digest('hex');
}

/** How often the owner used each of these texts (0 for one never used). */
export async function countStarterUses(
  ctx: AppContext,
  ownerId: number,
  contents: readonly string[],
): Promise<number[]> {
  const hashes = contents.map(starterHash);
  if (hashes.length === 0) return [];
  const rows = await ctx.db
    .select({ hash: starterUses.contentHash, uses: starterUses.uses })
    .from(starterUses)
    .where(and(eq(starterUses.userId, ownerId), inArray(starterUses.contentHash, hashes)));
  const byHash = new Map(rows.map((row) => [row.hash, row.uses]));
  return hashes.map((hash) => byHash.get(hash) ?? 0);
}

/** Counts one use of this text by its owner; answers the new count. */
export async function recordStarterUse(
  ctx: AppContext,
  ownerId: number,
  content: string,
): Promise<number> {
  const [row] = await ctx.db
    .insert(starterUses)
    .values({ userId: ownerId, contentHash: starterHash(content), uses: 1, lastUsedAt: ctx.now() })
    .onConflictDoUpdate({
      target: [starterUses.userId, starterUses.contentHash],
      set: { uses: sql`${starterUses.uses} + 1`, lastUsedAt: ctx.now() },
    })
    .returning({ uses: starterUses.uses });
  return row!.uses;
}
