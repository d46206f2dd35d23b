import { and, asc, eq, sql } from 'drizzle-orm';
import type { TRedListKeyword } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, redListKeywords } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { cardChanged } from '#server/lib/public-card-cache.ts';

type KeywordRow = typeof redListKeywords.$inferSelect;

export function toKeywordResponse(row: KeywordRow): TRedListKeyword {
  return {
    id: row.id,
    businessCardId: row.businessCardId,
    keyword: row.keyword,
    description: row.description,
    category: row.category,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listKeywords(ctx: AppContext, ownerId: number, cardId: number) {
  await findOwnedCard(ctx, ownerId, cardId);
  return ctx.db
    .select()
    .from(redListKeywords)
    .where(eq(redListKeywords.businessCardId, cardId))
    .orderBy(asc(redListKeywords.keyword));
}

async function assertUnique(ctx: AppContext, cardId: number, keyword: string, exceptId?: number) {
  const [clash] = await ctx.db
    .select({ id: redListKeywords.id })
    .from(redListKeywords)
    .where(
      and(
        eq(redListKeywords.businessCardId, cardId),
        sql`lower(${redListKeywords.keyword}) = lower(${keyword})`,
      ),
    )
    .limit(1);
  if (clash && clash.id !== exceptId) throw new AppError('CONFLICT', 'errors.keywordExists');
}

export async function addKeyword(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  input: { keyword: string; description?: string | undefined; category: string; isActive: boolean },
) {
  await findOwnedCard(ctx, ownerId, cardId);
  await assertUnique(ctx, cardId, input.keyword);
  const [row] = await ctx.db
    .insert(redListKeywords)
    .values({ businessCardId: cardId, ...input, description: input.description || null })
    .returning();
  // The chat's suggested questions avoid the card's red-list topics (public-card-cache.ts).
  await cardChanged(ctx, cardId);
  return row!;
}

/** The keyword when its card belongs to the owner; otherwise a 404. */
async function findOwnedKeyword(
  ctx: AppContext,
  ownerId: number,
  keywordId: number,
): Promise<KeywordRow> {
  const [row] = await ctx.db
    .select({ keyword: redListKeywords })
    .from(redListKeywords)
    .innerJoin(businessCards, eq(businessCards.id, redListKeywords.businessCardId))
    .where(and(eq(redListKeywords.id, keywordId), eq(businessCards.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.keyword;
}

export async function updateKeyword(
  ctx: AppContext,
  ownerId: number,
  keywordId: number,
  changes: Partial<{ keyword: string; description: string; category: string; isActive: boolean }>,
) {
  const current = await findOwnedKeyword(ctx, ownerId, keywordId);
  const set: Partial<typeof redListKeywords.$inferInsert> = {};
  if (changes.keyword !== undefined) set.keyword = changes.keyword;
  if (changes.description !== undefined) set.description = changes.description || null;
  if (changes.category !== undefined) set.category = changes.category;
  if (changes.isActive !== undefined) set.isActive = changes.isActive;
  // An empty edit changes nothing and answers the keyword as it is.
  if (Object.keys(set).length === 0) return current;
  if (set.keyword) await assertUnique(ctx, current.businessCardId, set.keyword, keywordId);
  const [row] = await ctx.db
    .update(redListKeywords)
    .set(set)
    .where(eq(redListKeywords.id, keywordId))
    .returning();
  await cardChanged(ctx, current.businessCardId);
  return row!;
}

export async function deleteKeyword(ctx: AppContext, ownerId: number, keywordId: number) {
  const current = await findOwnedKeyword(ctx, ownerId, keywordId);
  await ctx.db.delete(redListKeywords).where(eq(redListKeywords.id, keywordId));
  await cardChanged(ctx, current.businessCardId);
}
