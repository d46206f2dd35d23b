import {
  ChatHttpError,
  fetchHistory,
  fetchSessionInfo,
  type SessionInfo,
  type StoredMessage,
} from '#web/lib/chat/api.ts';
import { fromHistory, outgoingBubble, type ChatItem } from '#web/lib/chat/chat-items.ts';
import {
  findDeliveredAnswer,
  loadQueue,
  saveQueue,
  type KeyValueStorage,
  type OutgoingMessage,
} from '#web/lib/chat/pending.ts';

export type OpenedChat =
  | { status: 'ready'; info: SessionInfo; items: ChatItem[]; waiting: OutgoingMessage[] }
  | { status: 'notFound' }
  | { status: 'error' };

/**
 * Opens the visitor session, reads the conversation so far and restores the messages that
 * were waiting before a reload. Null when aborted.
 */
export async function openChat(
  cardId: number,
  storage: KeyValueStorage | undefined,
  signal: AbortSignal,
): Promise<OpenedChat | null> {
  let info: SessionInfo;
  try {
    const search = new URLSearchParams(window.location.search);
    info = await fetchSessionInfo(
      cardId,
      { src: search.get('src'), ref: document.referrer },
      { signal },
    );
  } catch (error) {
    if (signal.aborted) return null;
    return {
      status: error instanceof ChatHttpError && error.status === 404 ? 'notFound' : 'error',
    };
  }
  let history: StoredMessage[] = [];
  try {
    history = await fetchHistory(cardId, { signal });
  } catch {
    if (signal.aborted) return null;
    // The conversation so far could not be read; new messages still work.
  }
  if (signal.aborted) return null;
  // Left from before a reload: what the history already shows was delivered (drop it);
  // the rest may still have reached the server, so it is checked again before a re-send.
  const waiting = loadQueue(storage, cardId)
    .filter(
      (message) =>
        message.image || !findDeliveredAnswer(history, message.text, message.baseline ?? 0),
    )
    .map((message) => ({ ...message, uncertain: true }));
  saveQueue(storage, cardId, waiting);
  return {
    status: 'ready',
    info,
    items: [
      ...fromHistory(history),
      ...waiting.map((message) => outgoingBubble(message, 'pending')),
    ],
    waiting,
  };
}
