import { and, asc, desc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type {
  TAnswerAnalytics,
  TAnswerAnalyticsDaily,
  TOwnerAnswer,
  TUnansweredCounts,
  TUnansweredList,
} from '#shared/schemas/answers.ts';
import type { TStoredChatMessage } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, chatQuestions, ownerAnswers } from '#server/db/schema.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { groupQuestions, openItems, type OpenCandidate } from './grouping.ts';
import { cardAnswers } from './records.ts';

// What the chat asks of this feature (other features reach it through this file only).
export { answerQuestion, recordAsked, streamQuestion, type OwnAnswer } from './chat-answers.ts';
export { newMessageId } from './records.ts';

/*
 * Questions to answer: what the chat records of each question, the visitor's
 * ratings, the owner's answers and list, and the figures. Every owner read and write checks
 * that the card is the owner's (404 otherwise).
 */

type AnswerRow = typeof ownerAnswers.$inferSelect;

/**
 * The visitor's 👍 (true) or 👎 (false) on one of the answers they were given; a new rating
 * replaces the earlier one. Another visitor's message, or none, is a 404.
 */
export async function rateAnswer(
  ctx: AppContext,
  sessionId: number,
  messageId: string,
  helpful: boolean,
): Promise<void> {
  const [row] = await ctx.db
    .update(chatQuestions)
    .set({ helpful, ratedAt: ctx.now() })
    .where(
      and(eq(chatQuestions.messageId, messageId), eq(chatQuestions.visitorSessionId, sessionId)),
    )
    .returning({ id: chatQuestions.id });
  if (!row) throw new AppError('NOT_FOUND', 'questions.errors.messageNotFound');
}

/** The visitor's history with their own ratings on the answers they rated. */
export async function withRatings(
  ctx: AppContext,
  sessionId: number,
  messages: TStoredChatMessage[],
): Promise<TStoredChatMessage[]> {
  if (!messages.some((message) => message.messageId)) return messages;
  const rated = await ctx.db
    .select({ messageId: chatQuestions.messageId, helpful: chatQuestions.helpful })
    .from(chatQuestions)
    .where(and(eq(chatQuestions.visitorSessionId, sessionId), isNotNull(chatQuestions.helpful)));
  if (rated.length === 0) return messages;
  const ratings = new Map(rated.map((row) => [row.messageId, row.helpful!]));
  return messages.map((message) => {
    const helpful = message.messageId ? ratings.get(message.messageId) : undefined;
    return helpful === undefined ? message : { ...message, helpful };
  });
}

// Owner's answers -------------------------------------------------------------------------------

async function answerResponses(ctx: AppContext, rows: AnswerRow[]): Promise<TOwnerAnswer[]> {
  const ids = rows.map((row) => row.id);
  const usage = ids.length
    ? await ctx.db
        .select({
          id: chatQuestions.ownerAnswerId,
          used: sql<number>`count(*)::int`,
          up: sql<number>`count(*) filter (where ${chatQuestions.helpful} = true)::int`,
          down: sql<number>`count(*) filter (where ${chatQuestions.helpful} = false)::int`,
        })
        .from(chatQuestions)
        .where(inArray(chatQuestions.ownerAnswerId, ids))
        .groupBy(chatQuestions.ownerAnswerId)
    : [];
  const byId = new Map(usage.map((row) => [row.id, row]));
  return rows.map((row) => ({
    id: row.id,
    businessCardId: row.businessCardId,
    question: row.question,
    answer: row.answer,
    variants: row.variants,
    timesUsed: byId.get(row.id)?.used ?? 0,
    ratedUp: byId.get(row.id)?.up ?? 0,
    ratedDown: byId.get(row.id)?.down ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

export async function listAnswers(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
): Promise<TOwnerAnswer[]> {
  await findOwnedCard(ctx, ownerId, cardId);
  return answerResponses(ctx, await cardAnswers(ctx, cardId));
}

/** Another wording differs from the question by more than case, spaces and punctuation. */
function otherWordings(question: string, wordings: readonly string[]): string[] {
  const seen = new Set([normalizedWording(question)]);
  const kept: string[] = [];
  for (const text of wordings) {
    const key = normalizedWording(text);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(text);
  }
  return kept;
}

function normalizedWording(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();
}

export async function createAnswer(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  input: { question: string; answer: string; groupId?: string | undefined },
): Promise<TOwnerAnswer> {
  await findOwnedCard(ctx, ownerId, cardId);
  let variants: string[] = [];
  if (input.groupId) {
    const groups = await allGroups(ctx, cardId);
    const group = groups.find((candidate) => candidate.id === input.groupId);
    if (!group) throw new AppError('NOT_FOUND', 'questions.errors.groupGone');
    variants = otherWordings(input.question, group.examples);
  }
  const now = ctx.now();
  const [row] = await ctx.db
    .insert(ownerAnswers)
    .values({
      businessCardId: cardId,
      question: input.question,
      answer: input.answer,
      variants,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return (await answerResponses(ctx, [row!]))[0]!;
}

async function findOwnedAnswer(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  answerId: number,
): Promise<AnswerRow> {
  const [row] = await ctx.db
    .select({ answer: ownerAnswers })
    .from(ownerAnswers)
    .innerJoin(businessCards, eq(businessCards.id, ownerAnswers.businessCardId))
    .where(
      and(
        eq(ownerAnswers.id, answerId),
        eq(ownerAnswers.businessCardId, cardId),
        eq(businessCards.userId, ownerId),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row.answer;
}

export async function updateAnswer(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  answerId: number,
  changes: { question?: string | undefined; answer?: string | undefined },
): Promise<TOwnerAnswer> {
  const current = await findOwnedAnswer(ctx, ownerId, cardId, answerId);
  const question = changes.question ?? current.question;
  const [row] = await ctx.db
    .update(ownerAnswers)
    .set({
      question,
      answer: changes.answer ?? current.answer,
      variants: otherWordings(question, current.variants),
      // An edited answer answers again what buyers rated 👎 before it.
      updatedAt: ctx.now(),
    })
    .where(eq(ownerAnswers.id, answerId))
    .returning();
  return (await answerResponses(ctx, [row!]))[0]!;
}

export async function deleteAnswer(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  answerId: number,
): Promise<void> {
  await findOwnedAnswer(ctx, ownerId, cardId, answerId);
  await ctx.db.delete(ownerAnswers).where(eq(ownerAnswers.id, answerId));
}

// The list --------------------------------------------------------------------------------------

/** Most questions of a card the list looks at: the newest declined or rated 👎. */
const MAX_CANDIDATES = 5000;

async function allGroups(ctx: AppContext, cardId: number) {
  const rows = await ctx.db
    .select({
      id: chatQuestions.id,
      question: chatQuestions.question,
      language: chatQuestions.language,
      conversationId: chatQuestions.visitorSessionId,
      createdAt: chatQuestions.createdAt,
      outcome: chatQuestions.outcome,
      helpful: chatQuestions.helpful,
      ratedAt: chatQuestions.ratedAt,
      ownerAnswerId: chatQuestions.ownerAnswerId,
    })
    .from(chatQuestions)
    .where(
      and(
        eq(chatQuestions.businessCardId, cardId),
        or(eq(chatQuestions.outcome, 'declined'), eq(chatQuestions.helpful, false)),
      ),
    )
    .orderBy(desc(chatQuestions.createdAt), desc(chatQuestions.id))
    .limit(MAX_CANDIDATES);
  const candidates: OpenCandidate[] = rows
    .filter((row) => row.outcome !== 'small_talk')
    .map((row) => ({
      id: row.id,
      question: row.question,
      language: row.language,
      conversationId: row.conversationId,
      createdAt: row.createdAt,
      declined: row.outcome === 'declined',
      ratedDownAt: row.helpful === false ? (row.ratedAt ?? row.createdAt) : null,
      ownerAnswerId: row.ownerAnswerId,
    }));
  const answers = await cardAnswers(ctx, cardId);
  return groupQuestions(cardId, openItems(candidates, answers));
}

export async function unansweredList(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  page: { limit: number; offset: number },
): Promise<TUnansweredList> {
  await findOwnedCard(ctx, ownerId, cardId);
  const groups = await allGroups(ctx, cardId);
  return {
    groups: groups.slice(page.offset, page.offset + page.limit),
    total: groups.length,
    limit: page.limit,
    offset: page.offset,
  };
}

/** The count badge of each of the owner's cards (and their sum). */
export async function unansweredCounts(
  ctx: AppContext,
  ownerId: number,
): Promise<TUnansweredCounts> {
  const cards = await ctx.db
    .select({ id: businessCards.id })
    .from(businessCards)
    .where(eq(businessCards.userId, ownerId))
    .orderBy(asc(businessCards.id));
  const counts = [];
  for (const card of cards) {
    counts.push({ businessCardId: card.id, count: (await allGroups(ctx, card.id)).length });
  }
  return { total: counts.reduce((sum, card) => sum + card.count, 0), cards: counts };
}

// Figures ---------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** The owner's cards the figures cover: one (404 unless the owner's) or all of them. */
async function figureCards(
  ctx: AppContext,
  ownerId: number,
  cardId: number | undefined,
): Promise<number[]> {
  if (cardId !== undefined) return [(await findOwnedCard(ctx, ownerId, cardId)).id];
  const rows = await ctx.db
    .select({ id: businessCards.id })
    .from(businessCards)
    .where(eq(businessCards.userId, ownerId));
  return rows.map((row) => row.id);
}

/** Day boundaries are UTC: the window is today and the `days - 1` days before. */
function windowStart(ctx: AppContext, days: number): Date {
  const today = new Date(ctx.now().toISOString().slice(0, 10));
  return new Date(today.getTime() - (days - 1) * DAY_MS);
}

const figureColumns = {
  asked: sql<number>`count(*) filter (where ${chatQuestions.outcome} <> 'small_talk')::int`,
  answered: sql<number>`count(*) filter (where ${chatQuestions.outcome} in ('answered', 'from_answers'))::int`,
  declined: sql<number>`count(*) filter (where ${chatQuestions.outcome} = 'declined')::int`,
  ratedUp: sql<number>`count(*) filter (where ${chatQuestions.helpful} = true and ${chatQuestions.outcome} <> 'small_talk')::int`,
  ratedDown: sql<number>`count(*) filter (where ${chatQuestions.helpful} = false and ${chatQuestions.outcome} <> 'small_talk')::int`,
  fromAnswers: sql<number>`count(*) filter (where ${chatQuestions.outcome} = 'from_answers')::int`,
};

const ZERO: TAnswerAnalytics = {
  asked: 0,
  answered: 0,
  declined: 0,
  ratedUp: 0,
  ratedDown: 0,
  fromAnswers: 0,
};

export async function answerAnalytics(
  ctx: AppContext,
  ownerId: number,
  query: { businessCardId?: number | undefined; days: number },
): Promise<TAnswerAnalytics> {
  const cards = await figureCards(ctx, ownerId, query.businessCardId);
  if (cards.length === 0) return ZERO;
  const [row] = await ctx.db
    .select(figureColumns)
    .from(chatQuestions)
    .where(
      and(
        inArray(chatQuestions.businessCardId, cards),
        gte(chatQuestions.createdAt, windowStart(ctx, query.days)),
      ),
    );
  return { ...ZERO, ...row };
}

export async function answerAnalyticsDaily(
  ctx: AppContext,
  ownerId: number,
  query: { businessCardId?: number | undefined; days: number },
): Promise<TAnswerAnalyticsDaily> {
  const cards = await figureCards(ctx, ownerId, query.businessCardId);
  const start = windowStart(ctx, query.days);
  const rows = cards.length
    ? await ctx.db
        .select({
          date: sql<string>`to_char(${chatQuestions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
          ...figureColumns,
        })
        .from(chatQuestions)
        .where(
          and(inArray(chatQuestions.businessCardId, cards), gte(chatQuestions.createdAt, start)),
        )
        .groupBy(sql`1`)
    : [];
  const byDate = new Map(rows.map(({ date, ...figures }) => [date, figures]));
  const daily = Array.from({ length: query.days }, (_, index) => {
    const date = new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10);
    return { date, ...ZERO, ...byDate.get(date) };
  });
  return { days: query.days, daily };
}
