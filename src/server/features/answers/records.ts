import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { chatQuestions, ownerAnswers } from '#server/db/schema.ts';

/*
 * What the chat writes and reads of each question: the record of a question and its outcome,
 * and the card's own answers it matches questions against. The owner's side is service.ts.
 */

export type QuestionOutcome = (typeof chatQuestions.$inferInsert)['outcome'];
export type AnswerRow = typeof ownerAnswers.$inferSelect;

/** The id of an assistant message in the visitor's history. */
export function newMessageId(): string {
  return `m${randomBytes(12).toString('base64url')}`;
}

export interface AskedQuestion {
  cardId: number;
  sessionId: number;
  messageId: string;
  question: string;
  language: string;
  outcome: QuestionOutcome;
  ownerAnswerId: number | null;
}

export async function recordQuestion(ctx: AppContext, asked: AskedQuestion): Promise<void> {
  await ctx.db.insert(chatQuestions).values({
    businessCardId: asked.cardId,
    visitorSessionId: asked.sessionId,
    messageId: asked.messageId,
    question: asked.question.slice(0, 2000),
    language: asked.language,
    outcome: asked.outcome,
    ownerAnswerId: asked.ownerAnswerId,
    createdAt: ctx.now(),
  });
}

/** The card's answers as the chat matches questions against them. */
export function cardAnswers(ctx: AppContext, cardId: number): Promise<AnswerRow[]> {
  return ctx.db
    .select()
    .from(ownerAnswers)
    .where(eq(ownerAnswers.businessCardId, cardId))
    .orderBy(desc(ownerAnswers.updatedAt), desc(ownerAnswers.id));
}
