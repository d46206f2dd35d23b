import type { ChatImageType } from './limits.ts';

/*
 * Outgoing messages survive a dropped connection: each is queued with an id of its
 * own, kept in sessionStorage so a reload keeps it, sent one at a time in order, retried with
 * backoff, and checked against the server's history before a re-send so that a question the
 * server did receive is never asked twice.
 */

export interface OutgoingMessage {
  /** Made in the browser; the key of the message's bubble too. */
  id: string;
  /** Trimmed, as the server stores it. */
  text: string;
  image?: { data: string; type: ChatImageType };
  createdAt: string;
  /** Failed tries so far. */
  attempts: number;
  /** A try may have reached the server: look in the history before sending again. */
  uncertain?: boolean;
  /** How many sent visitor turns had exactly this text when it was queued. */
  baseline?: number;
}

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 30_000;

/** Wait before try number `attempts + 1`: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attempts: number): number {
  if (attempts <= 0) return 0;
  return Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempts - 1));
}

/** Adds a message at the end; a message already queued (same id) is updated in place. */
export function enqueue(
  queue: readonly OutgoingMessage[],
  message: OutgoingMessage,
): OutgoingMessage[] {
  const index = queue.findIndex((item) => item.id === message.id);
  if (index === -1) return [...queue, message];
  const next = [...queue];
  next[index] = message;
  return next;
}

export function dequeue(queue: readonly OutgoingMessage[], id: string): OutgoingMessage[] {
  return queue.filter((item) => item.id !== id);
}

/** Records a failed try. */
export function markFailedAttempt(
  queue: readonly OutgoingMessage[],
  id: string,
  uncertain: boolean,
): OutgoingMessage[] {
  return queue.map((item) =>
    item.id === id
      ? { ...item, attempts: item.attempts + 1, uncertain: item.uncertain || uncertain }
      : item,
  );
}

export interface HistoryMessage {
  role: 'user' | 'assistant' | 'agent';
  content: string;
  citations?: Array<{ documentName: string; page: number | null; excerpt: string }>;
  createdAt: string;
  messageId?: string;
}

/**
 * Did the server already answer this text? It did when its history holds more visitor turns
 * with exactly this text than there were when the message was queued (`baseline`). Returns
 * the assistant turn that answered the newest of them; `null` when the server has not seen it
 * (send it). Counting, not clocks: the phone's clock and the server's need not agree.
 */
export function findDeliveredAnswer<Message extends HistoryMessage>(
  history: readonly Message[],
  text: string,
  baseline: number,
): Message | null {
  let seen = 0;
  let lastIndex = -1;
  history.forEach((message, index) => {
    if (message.role === 'user' && message.content === text) {
      seen += 1;
      lastIndex = index;
    }
  });
  if (seen <= baseline || lastIndex === -1) return null;
  const answer = history.slice(lastIndex + 1).find((message) => message.role === 'assistant');
  return answer ?? null;
}

/* Persistence: one list per card in sessionStorage (this tab, survives a reload). */

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function storageKey(cardId: number): string {
  return `docucard.chat.pending.${cardId}`;
}

function isOutgoing(value: unknown): value is OutgoingMessage {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.text === 'string' &&
    typeof item.createdAt === 'string' &&
    typeof item.attempts === 'number'
  );
}

export function loadQueue(storage: KeyValueStorage | undefined, cardId: number): OutgoingMessage[] {
  try {
    const raw = storage?.getItem(storageKey(cardId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    // One entry per id, whatever was written.
    return parsed.filter(isOutgoing).reduce<OutgoingMessage[]>(enqueue, []);
  } catch {
    return [];
  }
}

/**
 * Writes the list. When the tab's storage is full (a large photo), the photo-less list is
 * kept instead of nothing; the page still holds every message in memory.
 */
export function saveQueue(
  storage: KeyValueStorage | undefined,
  cardId: number,
  queue: readonly OutgoingMessage[],
): void {
  if (!storage) return;
  const key = storageKey(cardId);
  try {
    if (queue.length === 0) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(queue));
  } catch {
    try {
      storage.setItem(key, JSON.stringify(queue.filter((item) => !item.image)));
    } catch {
      // Storage unavailable: memory only.
    }
  }
}

export function newMessageId(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `m-${random}`;
}
