import type { CustomerNotification } from './types.ts';

/* The notification list as a pure reducer, kept apart from the socket. */

/** The panel keeps at most 20 notifications, newest first. */
export const MAX_NOTIFICATIONS = 20;
/** Above this the badge says "9+". */
export const BADGE_MAX = 9;

/**
 * idle: not started (signed out). connecting: the first attempt. connected: the server said
 * `connected`. reconnecting: the socket closed; the next attempt follows in 5 s.
 * unauthenticated: the server refused the session (close code 4401); no retries.
 */
export type ConnectionStatus =
  'idle' | 'connecting' | 'connected' | 'reconnecting' | 'unauthenticated';

export interface NotificationState {
  notifications: CustomerNotification[];
  connection: ConnectionStatus;
}

export const initialNotificationState: NotificationState = {
  notifications: [],
  connection: 'idle',
};

export type NotificationAction =
  | { type: 'connection'; status: ConnectionStatus }
  | { type: 'history'; notifications: CustomerNotification[] }
  | { type: 'received'; notification: CustomerNotification }
  | { type: 'acknowledge'; id: number }
  | { type: 'acknowledgeAll' }
  | { type: 'handled'; businessCardId: number; customerId: number | null }
  | { type: 'reset' };

function newestFirst(a: CustomerNotification, b: CustomerNotification): number {
  const byTime = Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return byTime !== 0 ? byTime : b.id - a.id;
}

/**
 * One entry per conversation (the newer event wins; for the same event, the later copy),
 * newest first, at most 20.
 */
export function normalize(list: CustomerNotification[]): CustomerNotification[] {
  const byCustomer = new Map<number, CustomerNotification>();
  for (const notification of list) {
    const known = byCustomer.get(notification.customerId);
    if (!known || notification.id >= known.id)
      byCustomer.set(notification.customerId, notification);
  }
  return [...byCustomer.values()].sort(newestFirst).slice(0, MAX_NOTIFICATIONS);
}

const read = (n: CustomerNotification): CustomerNotification => ({
  ...n,
  status: 'acknowledged',
  unreadCount: 0,
});

export function notificationReducer(
  state: NotificationState,
  action: NotificationAction,
): NotificationState {
  switch (action.type) {
    case 'connection':
      return state.connection === action.status ? state : { ...state, connection: action.status };
    case 'history':
      // The server's stored list is the truth after every (re)connect.
      return { ...state, notifications: normalize(action.notifications) };
    case 'received':
      return { ...state, notifications: normalize([...state.notifications, action.notification]) };
    case 'acknowledge':
      return {
        ...state,
        notifications: state.notifications.map((n) =>
          n.id === action.id && n.status === 'new' ? read(n) : n,
        ),
      };
    case 'acknowledgeAll':
      return {
        ...state,
        notifications: state.notifications.map((n) => (n.status === 'new' ? read(n) : n)),
      };
    case 'handled':
      return {
        ...state,
        notifications: state.notifications.map((n) =>
          n.businessCardId === action.businessCardId &&
          (action.customerId === null || n.customerId === action.customerId) &&
          n.status !== 'closed'
            ? { ...n, status: 'responded', unreadCount: 0 }
            : n,
        ),
      };
    case 'reset':
      return initialNotificationState;
  }
}

/** Unread events over all conversations (a conversation with status new counts at least 1). */
export function unreadCount(state: Pick<NotificationState, 'notifications'>): number {
  return state.notifications.reduce(
    (sum, n) => sum + (n.status === 'new' ? Math.max(1, n.unreadCount) : 0),
    0,
  );
}

/** What the badge shows: nothing at 0, the number up to 9, then "9+". */
export function badgeLabel(count: number): string {
  if (count <= 0) return '';
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}
