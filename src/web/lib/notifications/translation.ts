import type { Language } from '#shared/limits.ts';
import type {
  TMessageTranslationResponse,
  TReplyTranslationResponse,
} from '#shared/schemas/conversation-translation.ts';
import { apiRequest, isApiError } from '../api.ts';
import { conversationPath } from './conversation.ts';

/*
 * The staff's translations in a visitor conversation (both need a language model on the
 * server: 503 PROVIDER_REQUIRED without one). `messageId` is the message's position in the
 * conversation's messages.
 */

export function translateVisitorMessage(
  customerId: number,
  messageId: number,
  targetLanguage: Language,
): Promise<TMessageTranslationResponse> {
  return apiRequest('POST', `${conversationPath(customerId)}/messages/${messageId}/translate`, {
    targetLanguage,
  });
}

/** The staff's draft in the buyer's language, to check and then send. */
export function translateReply(
  customerId: number,
  text: string,
): Promise<TReplyTranslationResponse> {
  return apiRequest('POST', `${conversationPath(customerId)}/reply-translation`, { text });
}

/** The server has no language model to translate with (not a passing failure). */
export function providerRequired(error: unknown): boolean {
  return isApiError(error) && error.code === 'PROVIDER_REQUIRED';
}
