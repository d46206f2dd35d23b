import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ChatHttpError,
  askAboutImage,
  askQuestion,
  eventsUrl,
  fetchHistory,
  fetchSessionInfo,
  isNetworkError,
  parseLiveEvent,
  parseTakeoverEvent,
  refusalText,
  streamAnswer,
  type Citation,
  type SessionInfo,
  type StoredMessage,
  type TakeoverEvent,
} from './api.ts';
import { imageDataUrl } from './image.ts';
import type { ChatImageType } from './limits.ts';
import {
  dequeue,
  enqueue,
  findDeliveredAnswer,
  loadQueue,
  markFailedAttempt,
  newMessageId,
  retryDelay,
  saveQueue,
  type KeyValueStorage,
  type OutgoingMessage,
} from './pending.ts';

/*
 * The visitor chat's state (spec-core 4.7): the session, the messages, and the outgoing
 * queue. Sending adds the visitor's bubble at once; the answer streams into its own bubble.
 * A message that cannot go out stays in the queue (and in sessionStorage), shows as pending
 * and is sent again when the connection returns; one message is on its way at a time.
 */

export type BubbleState = 'sending' | 'pending' | 'failed' | 'streaming';

export interface ChatItem {
  key: string;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  citations?: Citation[];
  createdAt: string;
  /** Absent once sent (visitor) or complete (answer). */
  state?: BubbleState;
  /** A data: URL of the photo the visitor sent. */
  image?: string;
  /** Why a message was refused. */
  error?: string;
}

export type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; info: SessionInfo }
  | { status: 'notFound' }
  | { status: 'error' };

export type ChatProblem =
  { kind: 'sendFailed'; message: string | null } | { kind: 'imageFailed'; message: string | null };

function safeSessionStorage(): KeyValueStorage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function fromHistory(messages: StoredMessage[]): ChatItem[] {
  return messages.map((message, index) => ({
    key: `h${index}-${message.createdAt}`,
    role: message.role,
    content: message.content,
    citations: message.citations,
    createdAt: message.createdAt,
  }));
}

function outgoingBubble(message: OutgoingMessage, state: BubbleState): ChatItem {
  return {
    key: message.id,
    role: 'user',
    content: message.text,
    createdAt: message.createdAt,
    state,
    image: message.image ? imageDataUrl(message.image) : undefined,
  };
}

const answerKey = (id: string) => `${id}:answer`;

/** How many of the visitor's sent messages have exactly this text. */
function sentCount(items: readonly ChatItem[], text: string): number {
  return items.filter((item) => item.role === 'user' && !item.state && item.content === text)
    .length;
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
  const [takeover, setTakeover] = useState<TakeoverEvent>({ active: false, expiresAt: null });

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
  const liveEventRef = useRef(onLiveEvent);
  useEffect(() => {
    liveEventRef.current = onLiveEvent;
  }, [onLiveEvent]);
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
    (key: string, patch: Partial<ChatItem>) =>
      updateItems((list) => list.map((item) => (item.key === key ? { ...item, ...patch } : item))),
    [updateItems],
  );

  /** The visitor's bubble is sent and the answer is in its own bubble, complete. */
  const complete = useCallback(
    (message: OutgoingMessage, answer: { message: string | null; citations: Citation[] }) => {
      const answered = answer.message;
      if (answered === null) {
        // A person answers: the message went to them; their reply arrives live.
        setBubble(message.id, { state: undefined, error: undefined });
        setTakeover((current) => (current.active ? current : { active: true, expiresAt: null }));
        updateQueue(dequeue(queueRef.current, message.id));
        return;
      }
      updateItems((list) => {
        const next = list.map((item) =>
          item.key === message.id ? { ...item, state: undefined, error: undefined } : item,
        );
        const done: ChatItem = {
          key: answerKey(message.id),
          role: 'assistant',
          content: answered,
          citations: answer.citations,
          createdAt: new Date().toISOString(),
        };
        const index = next.findIndex((item) => item.key === done.key);
        if (index === -1) next.push(done);
        else next[index] = done;
        return next;
      });
      updateQueue(dequeue(queueRef.current, message.id));
    },
    [setBubble, updateItems, updateQueue],
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
      if (head.uncertain && !head.image) {
        // It may have arrived last time: take the stored answer rather than ask twice.
        const history = await fetchHistory(cardId, { signal });
        const answer = findDeliveredAnswer(history, head.text, head.baseline ?? 0);
        if (answer) {
          complete(head, { message: answer.content, citations: answer.citations ?? [] });
          return;
        }
      }
      setAnalyzing(true);
      let answer;
      if (head.image) {
        answer = await askAboutImage(
          cardId,
          { message: head.text || undefined, image: head.image.data, imageType: head.image.type },
          { signal },
        );
      } else if (typeof ReadableStream === 'undefined') {
        answer = await askQuestion(cardId, head.text, { signal });
      } else {
        answer = await streamAnswer(
          cardId,
          head.text,
          (delta) => {
            setAnalyzing(false);
            updateItems((list) => {
              const key = answerKey(head.id);
              const index = list.findIndex((item) => item.key === key);
              if (index === -1)
                return [
                  ...list,
                  {
                    key,
                    role: 'assistant',
                    content: delta,
                    createdAt: new Date().toISOString(),
                    state: 'streaming',
                  },
                ];
              const next = [...list];
              const current = next[index]!;
              next[index] = { ...current, content: current.content + delta };
              return next;
            });
          },
          { signal },
        );
      }
      complete(head, answer);
    } catch (error) {
      if (signal.aborted) {
        next = false;
        return;
      }
      // A half-streamed answer goes; the stored or repeated one takes its place.
      updateItems((list) => list.filter((item) => item.key !== answerKey(head.id)));
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

  // Open the session, read the history, restore what was waiting, listen for the company.
  useEffect(() => {
    const controller = new AbortController();
    lifetime.current = controller;
    readyRef.current = false;
    const { signal } = controller;
    setLoad({ status: 'loading' });

    void (async () => {
      let info: SessionInfo;
      try {
        const search = new URLSearchParams(window.location.search);
        info = await fetchSessionInfo(
          cardId,
          { src: search.get('src'), ref: document.referrer },
          { signal },
        );
      } catch (error) {
        if (signal.aborted) return;
        setLoad({
          status: error instanceof ChatHttpError && error.status === 404 ? 'notFound' : 'error',
        });
        return;
      }
      let history: StoredMessage[] = [];
      try {
        history = await fetchHistory(cardId, { signal });
      } catch {
        if (signal.aborted) return;
        // The conversation so far could not be read; new messages still work.
      }
      if (signal.aborted) return;
      // Left from before a reload: what the history already shows was delivered (drop it);
      // the rest may still have reached the server, so it is checked again before a re-send.
      const waiting = loadQueue(storage, cardId)
        .filter(
          (message) =>
            message.image || !findDeliveredAnswer(history, message.text, message.baseline ?? 0),
        )
        .map((message) => ({ ...message, uncertain: true }));
      saveQueue(storage, cardId, waiting);
      itemsRef.current = [
        ...fromHistory(history),
        ...waiting.map((message) => outgoingBubble(message, 'pending')),
      ];
      setItems(itemsRef.current);
      queueRef.current = waiting;
      setQueue(waiting);
      readyRef.current = true;
      setLoad({ status: 'ready', info });
      pumpRef.current();
    })();

    return () => {
      controller.abort();
      readyRef.current = false;
      inFlight.current = false;
      clearTimeout(retryTimer.current);
    };
  }, [cardId, storage, attempt]);

  // The connection is back: open the chat if it could not be opened, send what waits now
  // (without waiting out the backoff). A tab shown again also tries.
  useEffect(() => {
    const onOnline = () => {
      if (loadRef.current === 'error') setAttempt((value) => value + 1);
      else {
        clearTimeout(retryTimer.current);
        pumpRef.current();
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible' && navigator.onLine) pumpRef.current();
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  // Live replies from the company, while online.
  useEffect(() => {
    if (load.status !== 'ready' || !online || typeof EventSource === 'undefined') return;
    const source = new EventSource(eventsUrl(cardId));
    source.addEventListener('message', (event: MessageEvent<string>) => {
      liveEventRef.current?.(event.data);
      const change = parseTakeoverEvent(event.data);
      if (change) {
        setTakeover(change);
        return;
      }
      const message = parseLiveEvent(event.data);
      if (!message) return;
      updateItems((list) => [
        ...list,
        {
          key: `agent-${message.createdAt}-${list.length}`,
          role: 'agent',
          content: message.content,
          createdAt: message.createdAt,
        },
      ]);
    });
    return () => source.close();
  }, [cardId, load.status, online, updateItems]);

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

  // A takeover ends by itself when the staff stays silent; the page follows without asking.
  useEffect(() => {
    if (!takeover.active || !takeover.expiresAt) return;
    const wait = Date.parse(takeover.expiresAt) - Date.now();
    const timer = setTimeout(
      () => setTakeover({ active: false, expiresAt: null }),
      Math.max(0, Math.min(wait, 2 ** 31 - 1)),
    );
    return () => clearTimeout(timer);
  }, [takeover]);

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
  };
}
