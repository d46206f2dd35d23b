import { describe, expect, it } from 'vitest';
import {
  MAX_NOTIFICATIONS,
  badgeLabel,
  initialNotificationState,
  notificationReducer,
  unreadCount,
  type NotificationAction,
  type NotificationState,
} from './store.ts';
import type { CustomerNotification } from './types.ts';

function note(id: number, overrides: Partial<CustomerNotification> = {}): CustomerNotification {
  return {
    id,
    kind: 'message',
    customerId: 100 + id,
    customerName: null,
    customerLocation: null,
    businessCardId: 7,
    priority: 'medium',
    status: 'new',
    // One second apart: a higher id is newer.
    createdAt: new Date(Date.UTC(2026, 3, 15, 9, 0, id)).toISOString(),
    message: `question ${id}`,
    customerInfo: { company: null, phone: null },
    unreadCount: overrides.status && overrides.status !== 'new' ? 0 : 1,
    messageCount: 1,
    ...overrides,
  };
}

function run(...actions: NotificationAction[]): NotificationState {
  return actions.reduce(notificationReducer, initialNotificationState);
}

const ids = (state: NotificationState) => state.notifications.map((n) => n.id);

describe('notification reducer', () => {
  it('takes the history as the list, newest first', () => {
    const state = run({ type: 'history', notifications: [note(1), note(3), note(2)] });
    expect(ids(state)).toEqual([3, 2, 1]);
    expect(unreadCount(state)).toBe(3);
  });

  it('puts a new notification on top and counts it as unread', () => {
    const state = run(
      { type: 'history', notifications: [note(1, { status: 'acknowledged' })] },
      { type: 'received', notification: note(2) },
    );
    expect(ids(state)).toEqual([2, 1]);
    expect(unreadCount(state)).toBe(1);
  });

  it('keeps one entry per id when a notification arrives twice', () => {
    const state = run(
      { type: 'received', notification: note(1) },
      { type: 'received', notification: note(1, { status: 'acknowledged' }) },
    );
    expect(ids(state)).toEqual([1]);
    expect(state.notifications[0]?.status).toBe('acknowledged');
  });

  it('keeps at most 20, dropping the oldest', () => {
    const history = Array.from({ length: MAX_NOTIFICATIONS }, (_, i) => note(i + 1));
    const state = run(
      { type: 'history', notifications: history },
      { type: 'received', notification: note(21) },
      { type: 'received', notification: note(22) },
    );
    expect(state.notifications).toHaveLength(20);
    expect(ids(state)[0]).toBe(22);
    expect(ids(state).at(-1)).toBe(3);
    // A history longer than 20 is cut as well.
    const long = run({
      type: 'history',
      notifications: Array.from({ length: 25 }, (_, i) => note(i + 1)),
    });
    expect(ids(long)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
  });

  it('acknowledges one notification: new -> acknowledged, unread down by one', () => {
    const before = run({ type: 'history', notifications: [note(1), note(2)] });
    const after = notificationReducer(before, { type: 'acknowledge', id: 1 });
    expect(after.notifications.find((n) => n.id === 1)?.status).toBe('acknowledged');
    expect(after.notifications.find((n) => n.id === 2)?.status).toBe('new');
    expect(unreadCount(after)).toBe(1);
  });

  it('does not move a responded notification back to acknowledged', () => {
    const state = run(
      { type: 'history', notifications: [note(1, { status: 'responded' })] },
      { type: 'acknowledge', id: 1 },
      { type: 'acknowledgeAll' },
    );
    expect(state.notifications[0]?.status).toBe('responded');
  });

  it('marks all read: every new one acknowledged, unread 0', () => {
    const state = run(
      { type: 'history', notifications: [note(1), note(2), note(3, { status: 'responded' })] },
      { type: 'acknowledgeAll' },
    );
    expect(state.notifications.map((n) => n.status)).toEqual([
      'responded',
      'acknowledged',
      'acknowledged',
    ]);
    expect(unreadCount(state)).toBe(0);
  });

  it("marks that customer's notifications responded when the server says handled", () => {
    const state = run(
      {
        type: 'history',
        notifications: [
          note(2, { customerId: 5, unreadCount: 3 }),
          note(3, { customerId: 6 }),
          note(4, { customerId: 9, businessCardId: 8 }),
        ],
      },
      { type: 'handled', businessCardId: 7, customerId: 5 },
    );
    const status = Object.fromEntries(state.notifications.map((n) => [n.id, n.status]));
    expect(status).toEqual({ 2: 'responded', 3: 'new', 4: 'new' });
    expect(unreadCount(state)).toBe(2);
  });

  it('without a customer id, handled covers the whole card (but never reopens closed)', () => {
    const state = run(
      {
        type: 'history',
        notifications: [note(1), note(2, { status: 'closed' }), note(3, { businessCardId: 9 })],
      },
      { type: 'handled', businessCardId: 7, customerId: null },
    );
    expect(state.notifications.map((n) => [n.id, n.status])).toEqual([
      [3, 'new'],
      [2, 'closed'],
      [1, 'responded'],
    ]);
  });

  it('tracks the connection and forgets everything on reset', () => {
    let state = run({ type: 'connection', status: 'connected' });
    expect(state.connection).toBe('connected');
    expect(notificationReducer(state, { type: 'connection', status: 'connected' })).toBe(state);
    state = notificationReducer(state, { type: 'received', notification: note(1) });
    expect(notificationReducer(state, { type: 'reset' })).toEqual(initialNotificationState);
  });
});

describe('one entry per conversation', () => {
  it('replaces a conversation’s entry with its newer event and sums the unread events', () => {
    const state = run(
      { type: 'history', notifications: [note(1, { customerId: 5, unreadCount: 2 }), note(2)] },
      {
        type: 'received',
        notification: note(3, { customerId: 5, unreadCount: 3, message: 'third' }),
      },
    );
    expect(ids(state)).toEqual([3, 2]);
    expect(state.notifications[0]).toMatchObject({ customerId: 5, message: 'third' });
    expect(unreadCount(state)).toBe(4);
  });

  it('keeps the newer event when an older copy arrives late', () => {
    const state = run(
      { type: 'received', notification: note(4, { customerId: 5 }) },
      { type: 'received', notification: note(3, { customerId: 5, message: 'old' }) },
    );
    expect(ids(state)).toEqual([4]);
  });

  it('reads a whole conversation at once', () => {
    const state = run(
      { type: 'history', notifications: [note(1, { unreadCount: 5 }), note(2)] },
      { type: 'acknowledge', id: 1 },
    );
    expect(state.notifications.find((n) => n.id === 1)).toMatchObject({
      status: 'acknowledged',
      unreadCount: 0,
    });
    expect(unreadCount(state)).toBe(1);
  });
});

describe('badge label', () => {
  it('is empty at 0, the number up to 9, then 9+', () => {
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
    expect(badgeLabel(20)).toBe('9+');
  });

  it('follows the unread count of a list', () => {
    const state = run({
      type: 'history',
      notifications: Array.from({ length: 12 }, (_, i) => note(i + 1)),
    });
    expect(badgeLabel(unreadCount(state))).toBe('9+');
    const read = notificationReducer(state, { type: 'acknowledgeAll' });
    expect(badgeLabel(unreadCount(read))).toBe('');
  });
});
