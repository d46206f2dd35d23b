import { z } from 'zod';
import { LANGUAGES } from '../limits.ts';
import { ZIdParam } from './cards.ts';
import { ZChatMessageText } from './chat.ts';

/*
 * The staff's translations in a buyer's conversation (owner only; both need a language model:
 * 503 PROVIDER_REQUIRED without one, 502 PROVIDER_FAILED when it fails):
 *
 * POST /api/visitor-sessions/:id/messages/:messageId/translate { targetLanguage }
 *   one of the buyer's messages in the staff's language. `messageId` is the message's position
 *   in the conversation's `messages` (GET /api/visitor-sessions/:id; they are only appended).
 * POST /api/visitor-sessions/:id/reply-translation { text }
 *   the staff's draft in the buyer's language (decided from the buyer's messages), for the
 *   staff to check and send through POST /api/visitor-sessions/:id/reply.
 */

export const ZMessageTranslationParams = z.object({
  id: ZIdParam.shape.id,
  messageId: z.coerce.number().int().min(0).max(2_147_483_647),
});

export const ZMessageTranslationRequest = z.object({
  targetLanguage: z.enum(LANGUAGES, 'validation.invalid'),
});
export type TMessageTranslationRequest = z.input<typeof ZMessageTranslationRequest>;

export const ZMessageTranslationResponse = z.object({
  messageId: z.number().int(),
  translatedText: z.string(),
  targetLanguage: z.enum(LANGUAGES),
});
export type TMessageTranslationResponse = z.infer<typeof ZMessageTranslationResponse>;

/** The draft is a chat message: the same bounds as the reply it becomes (1..2000). */
export const ZReplyTranslationRequest = z.object({ text: ZChatMessageText });
export type TReplyTranslationRequest = z.input<typeof ZReplyTranslationRequest>;

export const ZReplyTranslationResponse = z.object({
  translatedText: z.string(),
  /** The buyer's language. */
  targetLanguage: z.enum(LANGUAGES),
});
export type TReplyTranslationResponse = z.infer<typeof ZReplyTranslationResponse>;
