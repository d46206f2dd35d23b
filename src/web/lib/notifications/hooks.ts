import { useEffect, useRef, useSyncExternalStore } from 'react';
import { notificationClient, type NotificationEvent } from './client.ts';
import { unreadCount, type NotificationState } from './store.ts';

/** The list and the connection status, re-rendering on change. */
export function useNotificationState(): NotificationState & { unread: number } {
  const state = useSyncExternalStore(
    notificationClient.subscribe,
    notificationClient.getState,
    notificationClient.getState,
  );
  return { ...state, unread: unreadCount(state) };
}

/**
 * Keeps the live line open while mounted, for the signed-in user `userKey` (null: signed out,
 * no line). A new user means a new line.
 */
export function useNotificationLine(userKey: string | null): void {
  useEffect(() => {
    if (userKey === null) return;
    const release = notificationClient.acquire(userKey);
    const onOnline = () => notificationClient.reconnectNow();
    // Refused for want of a session: one new try when the owner comes back (maybe signed in
    // again in another tab), never a loop.
    const onFocus = () => {
      if (notificationClient.getState().connection === 'unauthenticated') {
        notificationClient.reconnectNow();
      }
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('focus', onFocus);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('focus', onFocus);
      release();
    };
  }, [userKey]);
}

/** Calls `listener` for each live event; the latest listener is always the one used. */
export function useNotificationEvents(listener: (event: NotificationEvent) => void): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => notificationClient.onEvent((event) => latest.current(event)), []);
}
