import { eq } from 'drizzle-orm';
import type { Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards } from '#server/db/schema.ts';
import { notFound } from '#server/lib/errors.ts';
import { translateWithProvider } from '#server/lib/translation.ts';
import { buyerLanguage, buyerText } from '#server/lib/buyer-language.ts';
import { storedMessages } from '#server/lib/visitor-sessions.ts';
import { findOwnedVisitorSession } from './service.ts';

/*
 * The staff read a buyer's message in their own language, and write their reply in the buyer's.
 * Both go through the card's language model (lib/translation.ts): none configured is 503
 * PROVIDER_REQUIRED, a failure 502 PROVIDER_FAILED; nothing is stored either way. The staff
 * see the translated reply and send it themselves through POST /api/visitor-sessions/:id/reply.
 */

type Log = { warn(details: object, message: string): void };

async function selectedModelOf(ctx: AppContext, cardId: number): Promise<string | null> {
  const [card] = await ctx.db
    .select({ selectedAiModel: businessCards.selectedAiModel })
    .from(businessCards)
    .where(eq(businessCards.id, cardId))
    .limit(1);
  return card?.selectedAiModel ?? null;
}

/**
 * One of the buyer's messages, by its position in the conversation's messages (as
 * GET /api/visitor-sessions/:id lists them; messages are only ever appended), in `targetLanguage`.
 * 404 for another owner's conversation, a position with no message, a message that is not the
 * buyer's, or one with no text (a photo alone).
 */
export async function translateVisitorMessage(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
  messageId: number,
  targetLanguage: Language,
  log?: Log,
): Promise<{ messageId: number; translatedText: string; targetLanguage: Language }> {
  const session = await findOwnedVisitorSession(ctx, ownerId, sessionId);
  const message = storedMessages(session)[messageId];
  const text = message?.role === 'user' ? buyerText(message.content) : '';
  if (!text) throw notFound();
  const translatedText = await translateWithProvider(
    ctx,
    { text, targetLanguage, selectedModel: await selectedModelOf(ctx, session.businessCardId) },
    log,
  );
  return { messageId, translatedText, targetLanguage };
}

/** The staff's draft reply in the buyer's language, for them to check and send. */
export async function translateReply(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
  text: string,
  log?: Log,
): Promise<{ translatedText: string; targetLanguage: Language }> {
  const session = await findOwnedVisitorSession(ctx, ownerId, sessionId);
  const targetLanguage = buyerLanguage(session);
  const translatedText = await translateWithProvider(
    ctx,
    { text, targetLanguage, selectedModel: await selectedModelOf(ctx, session.businessCardId) },
    log,
  );
  return { translatedText, targetLanguage };
}
