import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ChatHttpError,
  isNetworkError,
  rateAnswer,
  refusalText,
  type ChatAnswer,
  type SessionInfo,
} from '#web/lib/chat/api.ts';
import {
  outgoingBubble,
  patchItem,
  sentCount,
  withAgentReply,
  withAnswerDelta,
  withCompleteAnswer,
  withoutAnswer,
  type ChatItem,
} from '#web/lib/chat/chat-items.ts';
import { deliverMessage } from '#web/lib/chat/deliver-message.ts';
import type { ChatImageType } from '#web/lib/chat/limits.ts';
import { openChat } from '#web/lib/chat/open-chat.ts';
import {
  dequeue,
  enqueue,
  markFailedAttempt,
  newMessageId,
  retryDelay,
  saveQueue,
  type KeyValueStorage,
  type OutgoingMessage,
} from '#web/lib/chat/pending.ts';
import { useLiveReplies } from '#web/lib/chat/use-live-replies.ts';
import { useReconnect } from '#web/lib/chat/use-reconnect.ts';
import { useTakeover } from '#web/lib/chat/use-takeover.ts';

/*
 * The visitor chat's state: the session, the messages, and the outgoing
 * queue. Sending adds the visitor's bubble at once; the answer streams into its own bubble.
 * A message that cannot go out stays in the queue (and in sessionStorage), shows as pending
 * and is sent again when the connection returns; one message is on its way at a time.
 */

export type { BubbleState, ChatItem } from '#web/lib/chat/chat-items.ts';

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; info: SessionInfo }
  | { status: 'notFound' }
  | { status: 'error' };

export type ChatProblem =
  | { kind: 'sendFailed'; message: string | null }
  | { kind: 'imageFailed'; message: string | null }
  | { kind: 'rateFailed'; message: string | null };

function safeSessionStorage(): KeyValueStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export interface VisitorChat {
  load: LoadState;
  items: ChatItem[];
  /** Waiting for the first word of an answer ("Analyzing documents..."). */
  analyzing: boolean;
  /** A message is on its way or waiting for the connection. */
  busy: boolean;
  online: boolean;
  /** A person from the booth answers instead of the assistant (takeover). */
  humanAnswering: boolean;
  send: (text: string, image?: { data: string; type: ChatImageType }) => void;
  retry: (key: string) => void;
  reload: () => void;
  /** The visitor's 👍 (true) or 👎 (false) on an answer (its bubble's key). */
  rate: (key: string, helpful: boolean) => void;
}

export function useVisitorChat(
  cardId: number,
  options: {
    online: boolean;
    onProblem: (problem: ChatProblem) => void;
    /** Every event of the live stream (e.g. a campaign's announcement), raw. */
    onLiveEvent?: (data: string) => void;
  },
): VisitorChat {
  const { online, onProblem, onLiveEvent } = options;
  const storage = useMemo(safeSessionStorage, []);
  const [load, setLoad] = useState<LoadState>({ status: 'loading' });
  const [items, setItems] = useState<ChatItem[]>([]);
  const [queue, setQueue] = useState<OutgoingMessage[]>([]);
  const [analyzing, setAnalyzing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [takeover, setTakeover] = useTakeover();

  // The async sender reads the latest values through these.
  const itemsRef = useRef<ChatItem[]>([]);
  const queueRef = useRef<OutgoingMessage[]>([]);
  const readyRef = useRef(false);
  const inFlight = useRef(false);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refused = useRef(new Map<string, OutgoingMessage>());
  const lifetime = useRef<AbortController | null>(null);
  const problemRef = useRef(onProblem);
  const pumpRef = useRef<() => void>(() => {});
  const loadRef = useRef<LoadState['status']>('loading');

  useEffect(() => {
    problemRef.current = onProblem;
  }, [onProblem]);
  useEffect(() => {
    loadRef.current = load.status;
  }, [load.status]);

  const updateItems = useCallback((change: (items: ChatItem[]) => ChatItem[]) => {
    itemsRef.current = change(itemsRef.current);
    setItems(itemsRef.current);
  }, []);

  const updateQueue = useCallback(
    (next: OutgoingMessage[]) => {
      queueRef.current = next;
      saveQueue(storage, cardId, next);
      setQueue(next);
    },
    [storage, cardId],
  );

  const setBubble = useCallback(
    (key: string, patch: Partial<ChatItem>) => updateItems((list) => patchItem(list, key, patch)),
    [updateItems],
  );

  /** The visitor's bubble is sent and the answer is in its own bubble, complete. */
  const complete = useCallback(
    (
      message: OutgoingMessage,
      answer: Pick<ChatAnswer, 'message' | 'citations' | 'images' | 'messageId'>,
    ) => {
      const answered = answer.message;
      if (answered === null) {
        // A person answers: the message went to them; their reply arrives live.
        setBubble(message.id, { state: undefined, error: undefined });
        setTakeover((current) => (current.active ? current : { active: true, expiresAt: null }));
      } else {
        updateItems((list) =>
          withCompleteAnswer(list, message.id, {
            message: answered,
            citations: answer.citations,
            images: answer.images,
            messageId: answer.messageId,
          }),
        );
      }
      updateQueue(dequeue(queueRef.current, message.id));
    },
    [setBubble, setTakeover, updateItems, updateQueue],
  );

  const scheduleRetry = useCallback((attempts: number) => {
    clearTimeout(retryTimer.current);
    // Offline: the online event starts the next try.
    if (!navigator.onLine) return;
    retryTimer.current = setTimeout(() => pumpRef.current(), retryDelay(attempts));
  }, []);

  const pump = useCallback(async () => {
    const signal = lifetime.current?.signal;
    if (!signal || signal.aborted || inFlight.current || !readyRef.current) return;
    const head = queueRef.current[0];
    if (!head) return;
    if (!navigator.onLine) {
      setBubble(head.id, { state: 'pending' });
      return;
    }
    inFlight.current = true;
    clearTimeout(retryTimer.current);
    setBubble(head.id, { state: 'sending' });
    let next = true;
    try {
      const answer = await deliverMessage(cardId, head, {
        signal,
        onAsking: () => setAnalyzing(true),
        onDelta: (delta) => {
          setAnalyzing(false);
          updateItems((list) => withAnswerDelta(list, head.id, delta));
        },
      });
      complete(head, answer);
    } catch (error) {
      if (signal.aborted) {
        next = false;
        return;
      }
      // A half-streamed answer goes; the stored or repeated one takes its place.
      updateItems((list) => withoutAnswer(list, head.id));
      if (isNetworkError(error) || (error instanceof ChatHttpError && error.retriable)) {
        const uncertain = isNetworkError(error) ? error.uncertain : true;
        updateQueue(markFailedAttempt(queueRef.current, head.id, uncertain));
        setBubble(head.id, { state: 'pending' });
        scheduleRetry(head.attempts + 1);
        next = false;
      } else {
        // Refused (too long, too many messages, …): the server's words, and a retry button.
        const message = refusalText(error);
        refused.current.set(head.id, head);
        updateQueue(dequeue(queueRef.current, head.id));
        setBubble(head.id, { state: 'failed', error: message ?? undefined });
        problemRef.current({ kind: head.image ? 'imageFailed' : 'sendFailed', message });
      }
    } finally {
      setAnalyzing(false);
      inFlight.current = false;
      if (next && queueRef.current.length > 0) pumpRef.current();
    }
  }, [cardId, complete, scheduleRetry, setBubble, updateItems, updateQueue]);

  useEffect(() => {
    pumpRef.current = () => void pump();
  }, [pump]);

  // Open the session, read the history, restore what was waiting, then send it.
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    readyRef.current = false;
    setLoad({ status: 'loading' });

    void openChat(cardId, storage, controller.signal).then((opened) => {
      if (!opened) return;
      if (opened.status !== 'ready') {
        setLoad(opened);
        return;
      }
      itemsRef.current = opened.items;
      setItems(opened.items);
      queueRef.current = opened.waiting;
      setQueue(opened.waiting);
      readyRef.current = true;
      setLoad({ status: 'ready', info: opened.info });
      pumpRef.current();
    });

    return () => {
      controller.abort();
      readyRef.current = false;
      inFlight.current = false;
      clearTimeout(retryTimer.current);
    };
  }, [cardId, storage, attempt]);

  // The connection is back: open the chat if it could not be opened, send what waits now
  // (without waiting out the backoff). A tab shown again also tries.
  useReconnect(
    () => {
      if (loadRef.current === 'error') setAttempt((value) => value + 1);
      else {
        clearTimeout(retryTimer.current);
        pumpRef.current();
      }
    },
    () => pumpRef.current(),
  );

  // Live replies from the company, while online.
  useLiveReplies(cardId, load.status === 'ready' && online, {
    onReply: (reply) => updateItems((list) => withAgentReply(list, reply)),
    onTakeover: setTakeover,
    onEvent: onLiveEvent,
  });

  const send = useCallback(
    (text: string, image?: { data: string; type: ChatImageType }) => {
      const trimmed = text.trim();
      if (!trimmed && !image) return;
      const message: OutgoingMessage = {
        id: newMessageId(),
        text: trimmed,
        image,
        createdAt: new Date().toISOString(),
        attempts: 0,
        baseline: sentCount(itemsRef.current, trimmed),
      };
      updateItems((list) => [
        ...list,
        outgoingBubble(message, navigator.onLine ? 'sending' : 'pending'),
      ]);
      updateQueue(enqueue(queueRef.current, message));
      pumpRef.current();
    },
    [updateItems, updateQueue],
  );

  const retry = useCallback(
    (key: string) => {
      const message = refused.current.get(key);
      if (!message) return;
      refused.current.delete(key);
      setBubble(key, { state: navigator.onLine ? 'sending' : 'pending', error: undefined });
      updateQueue(enqueue(queueRef.current, { ...message, attempts: 0, uncertain: false }));
      pumpRef.current();
    },
    [setBubble, updateQueue],
  );

  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const rate = useCallback(
    (key: string, helpful: boolean) => {
      const item = itemsRef.current.find((candidate) => candidate.key === key);
      if (!item?.messageId) return;
      const before = item.helpful;
      // Shown at once; put back if the server did not take it.
      setBubble(key, { helpful });
      rateAnswer(cardId, item.messageId, helpful, { signal: lifetime.current?.signal }).catch(
        (error: unknown) => {
          if (lifetime.current?.signal.aborted) return;
          setBubble(key, { helpful: before });
          problemRef.current({ kind: 'rateFailed', message: refusalText(error) });
        },
      );
    },
    [cardId, setBubble],
  );

  return {
    load,
    items,
    analyzing,
    busy: queue.length > 0,
    online,
    humanAnswering: takeover.active,
    send,
    retry,
    reload,
    rate,
  };
}
