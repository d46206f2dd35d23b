import type { AnswerImage, Citation, StoredMessage } from '#web/lib/chat/api.ts';
import { imageDataUrl } from '#web/lib/chat/image-url.ts';
import type { OutgoingMessage } from '#web/lib/chat/pending.ts';

/*
 * The bubbles of the visitor chat, and the pure changes the chat makes to their list.
 * Each visitor message has the key of its queue entry; its answer has that key + ':answer'.
 */

export type BubbleState = 'sending' | 'pending' | 'failed' | 'streaming';

export interface ChatItem {
  key: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  citations?: Citation[];
  /** Pictures beside the cited passages (a catalogue's product photo), shown above the text. */
  images?: AnswerImage[];
  createdAt: string;
  /** Absent once sent (visitor) or complete (answer). */
  state?: BubbleState;
  /** A data: URL of the photo the visitor sent. */
  image?: string;
  /** Why a message was refused. */
  error?: string;
  /** An answer's id: the visitor rates it 👍 / 👎 with it. */
  messageId?: string;
  /** The visitor's rating of the answer. */
  helpful?: boolean;
}

export function fromHistory(messages: StoredMessage[]): ChatItem[] {
  return messages.map((message, index) => ({
    key: `h${index}-${message.createdAt}`,
    role: message.role,
    content: message.content,
    citations: message.citations,
    ...(message.images?.length ? { images: message.images } : {}),
    createdAt: message.createdAt,
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.helpful !== undefined ? { helpful: message.helpful } : {}),
  }));
}

export function outgoingBubble(message: OutgoingMessage, state: BubbleState): ChatItem {
  return {
    key: message.id,
    role: 'user',
    content: message.text,
    createdAt: message.createdAt,
    state,
    image: message.image ? imageDataUrl(message.image) : undefined,
  };
}

export const answerKey = (id: string) => `${id}:answer`;

/** How many of the visitor's sent messages have exactly this text. */
export function sentCount(items: readonly ChatItem[], text: string): number {
  return items.filter((item) => item.role === 'user' && !item.state && item.content === text)
    .length;
}

export function patchItem(items: ChatItem[], key: string, patch: Partial<ChatItem>): ChatItem[] {
  return items.map((item) => (item.key === key ? { ...item, ...patch } : item));
}

/** The visitor's message is sent and its answer complete (replacing a streamed one). */
export function withCompleteAnswer(
  items: ChatItem[],
  messageId: string,
  answer: {
    message: string;
    citations: Citation[];
    images?: AnswerImage[] | undefined;
    messageId?: string | undefined;
  },
): ChatItem[] {
  const next = patchItem(items, messageId, { state: undefined, error: undefined });
  const done: ChatItem = {
    key: answerKey(messageId),
    role: 'assistant',
    content: answer.message,
    citations: answer.citations,
    ...(answer.images?.length ? { images: answer.images } : {}),
    createdAt: new Date().toISOString(),
    ...(answer.messageId ? { messageId: answer.messageId } : {}),
  };
  const index = next.findIndex((item) => item.key === done.key);
  if (index === -1) next.push(done);
  else next[index] = done;
  return next;
}

/** A piece of a streaming answer: the answer's bubble opens with it or grows by it. */
export function withAnswerDelta(items: ChatItem[], messageId: string, delta: string): ChatItem[] {
  const key = answerKey(messageId);
  const index = items.findIndex((item) => item.key === key);
  if (index === -1)
    return [
      ...items,
      {
        key,
        role: 'assistant',
        content: delta,
        createdAt: new Date().toISOString(),
        state: 'streaming',
      },
    ];
  const next = [...items];
  const current = next[index]!;
  next[index] = { ...current, content: current.content + delta };
  return next;
}

export function withoutAnswer(items: ChatItem[], messageId: string): ChatItem[] {
  return items.filter((item) => item.key !== answerKey(messageId));
}

/** A reply from a person at the booth, arrived live. */
export function withAgentReply(items: ChatItem[], reply: StoredMessage): ChatItem[] {
  return [
    ...items,
    {
      key: `agent-${reply.createdAt}-${items.length}`,
      role: 'agent',
      content: reply.content,
      createdAt: reply.createdAt,
    },
  ];
}
