import { useEffect, useRef } from 'react';
import {
  eventsUrl,
  parseLiveEvent,
  parseTakeoverEvent,
  type StoredMessage,
  type TakeoverEvent,
} from '#web/lib/chat/api.ts';

/**
 * Listens to the card's live stream while `enabled`: a person's reply from the booth, a
 * takeover starting or ending, and every event raw (e.g. a campaign's announcement).
 */
export function useLiveReplies(
  cardId: number,
  enabled: boolean,
  handlers: {
    onReply: (reply: StoredMessage) => void;
    onTakeover: (change: TakeoverEvent) => void;
    onEvent?: (data: string) => void;
  },
): void {
  const handlersRef = useRef(handlers);
  useEffect(() => {
    handlersRef.current = handlers;
  });

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(eventsUrl(cardId));
    source.addEventListener('message', (event: MessageEvent<string>) => {
      const { onReply, onTakeover, onEvent } = handlersRef.current;
      onEvent?.(event.data);
      const change = parseTakeoverEvent(event.data);
      if (change) {
        onTakeover(change);
        return;
      }
      const reply = parseLiveEvent(event.data);
      if (reply) onReply(reply);
    });
    return () => source.close();
  }, [cardId, enabled]);
}
