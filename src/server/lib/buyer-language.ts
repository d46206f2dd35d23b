import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/limits.ts';
import { answerLanguage, scriptFamily } from '#server/text/language.ts';
import { storedMessages, type VisitorSession } from './visitor-sessions.ts';

/*
 * The language a buyer writes in, for everything written to them after the chat (the staff's
 * translated reply, the follow-up mail): one rule, the assistant's (answerLanguage).
 */

/** A photo's marker in the stored text (chat/routes.ts): not part of what the buyer wrote. */
const PHOTO_MARKER = /^📷\s?/u;

/** What the buyer wrote in a stored message, without the photo marker. */
export const buyerText = (content: string) => content.replace(PHOTO_MARKER, '').trim();

/**
 * Their latest message whose script is clear decides; with none, the language of their chat
 * page.
 */
export function buyerLanguage(session: Pick<VisitorSession, 'language' | 'messages'>): Language {
  const interfaceLanguage = isLanguage(session.language) ? session.language : DEFAULT_LANGUAGE;
  const messages = storedMessages(session);
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role !== 'user') continue;
    const text = buyerText(message.content);
    if (scriptFamily(text)) return answerLanguage(text, interfaceLanguage);
  }
  return interfaceLanguage;
}
