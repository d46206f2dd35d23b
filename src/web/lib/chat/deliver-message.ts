import {
  askAboutImage,
  askQuestion,
  fetchHistory,
  streamAnswer,
  type ChatAnswer,
} from '#web/lib/chat/api.ts';
import { findDeliveredAnswer, type OutgoingMessage } from '#web/lib/chat/pending.ts';

/**
 * Sends one queued message and resolves with its answer: a photo to the image call, text
 * streamed where the browser can read a stream. A message that may have arrived on an earlier
 * try is looked up in the history first, so the question is never asked twice.
 */
export async function deliverMessage(
  cardId: number,
  message: OutgoingMessage,
  {
    signal,
    onAsking,
    onDelta,
  }: {
    signal: AbortSignal;
    /** The question is on its way (no stored answer was found). */
    onAsking: () => void;
    /** A piece of the streamed answer. */
    onDelta: (delta: string) => void;
  },
): Promise<Pick<ChatAnswer, 'message' | 'citations' | 'images' | 'messageId'>> {
  if (message.uncertain && !message.image) {
    const history = await fetchHistory(cardId, { signal });
    const answer = findDeliveredAnswer(history, message.text, message.baseline ?? 0);
    if (answer)
      return {
        message: answer.content,
        citations: answer.citations ?? [],
        images: answer.images,
        messageId: answer.messageId,
      };
  }
  onAsking();
  if (message.image) {
    return askAboutImage(
      cardId,
      {
        message: message.text || undefined,
        image: message.image.data,
        imageType: message.image.type,
      },
      { signal },
    );
  }
  if (typeof ReadableStream === 'undefined') return askQuestion(cardId, message.text, { signal });
  return streamAnswer(cardId, message.text, onDelta, { signal });
}
