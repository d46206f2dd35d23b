import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_UNAUTHENTICATED, NotificationClient, type SocketLike } from './client.ts';
import { parseServerMessage } from './types.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closedWith: number | undefined;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // Test helpers: what the server does.
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(payload: unknown) {
    const data = typeof payload === 'string' ? payload : JSON.stringify(payload);
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

const scan = (id: number, extra: Record<string, unknown> = {}) => ({
  type: 'customer_scan_notification',
  id,
  customerId: 40 + id,
  customerName: null,
  customerLocation: 'Germany',
  businessCardId: 3,
  priority: 'low',
  status: 'new',
  createdAt: new Date(Date.UTC(2026, 3, 15, 9, 0, id)).toISOString(),
  ...extra,
});

let sockets: FakeSocket[];
let client: NotificationClient;
const last = () => sockets[sockets.length - 1]!;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  client = new NotificationClient({
    url: () => 'ws://test/ws/customer-service',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
  });
});
afterEach(() => {
  client.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the notification line', () => {
  it('sends agent_connect on open (no user id or card ids) and reads the history', () => {
    client.acquire('1');
    expect(client.getState().connection).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ type: 'agent_connect' }]);
    last().receive({ type: 'connected', userId: 1 });
    expect(client.getState().connection).toBe('connected');
    last().receive({ type: 'notification_history', notifications: [scan(1), scan(2)] });
    expect(client.getState().notifications.map((n) => n.id)).toEqual([2, 1]);
  });

  it('reports live notifications and handled customers to listeners', () => {
    const events: string[] = [];
    client.onEvent((event) => events.push(event.type));
    client.acquire('1');
    last().open();
    last().receive(scan(5));
    last().receive({
      ...scan(6),
      type: 'customer_message_notification',
      message: 'MOQ?',
      customerInfo: { company: 'Schmidt GmbH', phone: null },
    });
    last().receive({ type: 'customer_handled', businessCardId: 3, customerId: 46 });
    expect(events).toEqual(['notification', 'notification', 'handled']);
    const [message, first] = client.getState().notifications;
    expect(message).toMatchObject({
      kind: 'message',
      message: 'MOQ?',
      status: 'responded',
      customerInfo: { company: 'Schmidt GmbH', phone: null },
    });
    expect(first).toMatchObject({ kind: 'scan', status: 'new' });
  });

  it('reconnects 5 seconds after a close', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    client.acquire('1');
    last().open();
    last().serverClose(1006);
    expect(client.getState().connection).toBe('reconnecting');
    vi.advanceTimersByTime(4999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ type: 'agent_connect' }]);
    expect(info).toHaveBeenCalled();
  });

  it('stops after the server refuses the session (4401) and says so', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    client.acquire('1');
    last().open();
    last().serverClose(CLOSE_UNAUTHENTICATED);
    expect(client.getState().connection).toBe('unauthenticated');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('only logs unknown and malformed messages (never console.error)', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    client.acquire('1');
    last().open();
    last().receive('not json');
    last().receive({ type: 'something_new' });
    last().receive({ type: 'customer_scan_notification', id: 'x' });
    expect(client.getState().notifications).toEqual([]);
    expect(info).toHaveBeenCalledTimes(3);
    expect(error).not.toHaveBeenCalled();
  });

  it('acknowledges one and all over the socket', () => {
    client.acquire('1');
    last().open();
    last().receive({ type: 'notification_history', notifications: [scan(1), scan(2)] });
    client.acknowledge(1);
    client.acknowledge(1);
    expect(client.getState().notifications.find((n) => n.id === 1)?.status).toBe('acknowledged');
    client.acknowledgeAll();
    expect(client.getState().notifications.every((n) => n.status === 'acknowledged')).toBe(true);
    expect(last().sent).toEqual([
      { type: 'agent_connect' },
      { type: 'acknowledge', id: 1 },
      { type: 'acknowledge_all' },
    ]);
  });

  it('sends acknowledgements made while offline once the history is back', () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    client.acquire('1');
    last().open();
    last().receive({ type: 'notification_history', notifications: [scan(1), scan(2)] });
    last().serverClose(1006);
    client.acknowledge(2);
    vi.advanceTimersByTime(5000);
    last().open();
    last().receive({ type: 'notification_history', notifications: [scan(1), scan(2)] });
    expect(client.getState().notifications.find((n) => n.id === 2)?.status).toBe('acknowledged');
    expect(last().sent).toEqual([{ type: 'agent_connect' }, { type: 'acknowledge', id: 2 }]);
  });

  it('keeps the line through a quick release and acquire, and closes it with the last user', () => {
    const release = client.acquire('1');
    release();
    const again = client.acquire('1');
    vi.advanceTimersByTime(10);
    expect(sockets).toHaveLength(1);
    last().open();
    last().receive(scan(1));
    again();
    vi.advanceTimersByTime(10);
    expect(last().closedWith).toBe(1000);
    expect(client.getState().notifications).toEqual([]);
    expect(client.getState().connection).toBe('idle');
  });

  it('waits for a connecting socket to open before closing it (no browser error)', () => {
    const release = client.acquire('1');
    release();
    vi.advanceTimersByTime(10);
    const socket = last();
    expect(socket.closedWith).toBeUndefined();
    socket.open();
    expect(socket.closedWith).toBe(1000);
    expect(socket.sent).toEqual([]);
  });

  it('opens a new line for another user', () => {
    client.acquire('1');
    last().open();
    client.acquire('2');
    expect(sockets).toHaveLength(2);
    expect(sockets[0]!.closedWith).toBe(1000);
  });
});

describe('parseServerMessage', () => {
  it('fills missing optional fields with null', () => {
    const parsed = parseServerMessage(
      JSON.stringify({
        type: 'customer_message_notification',
        id: 1,
        customerId: 2,
        businessCardId: 3,
        priority: 'critical',
        status: 'weird',
        createdAt: 'not a date',
      }),
    );
    expect(parsed?.type).toBe('notification');
    if (parsed?.type !== 'notification') return;
    expect(parsed.notification).toMatchObject({
      customerName: null,
      customerLocation: null,
      message: null,
      priority: 'medium',
      status: 'new',
      customerInfo: { company: null, phone: null },
    });
    expect(Number.isNaN(Date.parse(parsed.notification.createdAt))).toBe(false);
  });

  it('keeps every priority of the sales pipeline, urgent included', () => {
    for (const priority of ['urgent', 'high', 'medium', 'low']) {
      const parsed = parseServerMessage(
        JSON.stringify({
          type: 'conversation_updated',
          kind: 'customer_message_notification',
          id: 1,
          customerId: 2,
          businessCardId: 3,
          priority,
        }),
      );
      expect(parsed?.type === 'conversation_updated' && parsed.notification.priority).toBe(
        priority,
      );
    }
  });
});
