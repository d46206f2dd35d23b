import {
  initialNotificationState,
  notificationReducer,
  type NotificationAction,
  type NotificationState,
} from './store.ts';
import { parseServerMessage, type ClientMessage, type CustomerNotification } from './types.ts';

/* The owner's live line to /ws/customer-service. */

export const WS_PATH = '/ws/customer-service';
/** Reconnect 5000 ms after any close. */
export const RECONNECT_DELAY_MS = 5000;
/** Keeps proxies from closing an idle socket. */
export const PING_INTERVAL_MS = 25_000;
/** The server closes a socket without a valid session with this code. */
export const CLOSE_UNAUTHENTICATED = 4401;

/** Something that happened on the line, for side effects (sound, desktop note, refetch). */
export type NotificationEvent =
  | { type: 'notification'; notification: CustomerNotification }
  | { type: 'handled'; businessCardId: number; customerId: number | null }
  | { type: 'history'; notifications: CustomerNotification[] }
  /** A conversation's details changed (no alert). */
  | { type: 'updated'; notification: CustomerNotification }
  | { type: 'takeover'; customerId: number; active: boolean };

/** The part of WebSocket this client uses (a test passes a fake). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface NotificationClientOptions {
  createSocket?: (url: string) => SocketLike;
  url?: () => string;
  reconnectDelayMs?: number;
  pingIntervalMs?: number;
}

const OPEN = 1;
const CONNECTING = 0;

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${WS_PATH}`;
}

/** Only logged: a live-connection problem is never a page error. */
function log(message: string, detail?: unknown): void {
  if (detail === undefined) console.info(`[DocuCard] ${message}`);
  else console.info(`[DocuCard] ${message}`, detail);
}

export class NotificationClient {
  private state: NotificationState = initialNotificationState;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<(event: NotificationEvent) => void>();
  private socket: SocketLike | null = null;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;
  private users = 0;
  private key: string | null = null;
  /** Acknowledgements made while the line was down, sent once it is back. */
  private pendingAcks = new Set<number>();
  private pendingAckAll = false;
  private readonly createSocket: (url: string) => SocketLike;
  private readonly url: () => string;
  private readonly reconnectDelayMs: number;
  private readonly pingIntervalMs: number;

  constructor(options: NotificationClientOptions = {}) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.url = options.url ?? defaultUrl;
    this.reconnectDelayMs = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
    this.pingIntervalMs = options.pingIntervalMs ?? PING_INTERVAL_MS;
  }

  // --- store ------------------------------------------------------------------------------

  getState = (): NotificationState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Live events only (a notification arriving, a customer handled, a history replay). */
  onEvent(listener: (event: NotificationEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  private dispatch(action: NotificationAction): void {
    const next = notificationReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private emit(event: NotificationEvent): void {
    for (const listener of this.eventListeners) {
      try {
        listener(event);
      } catch (error) {
        log('a notification listener failed', error);
      }
    }
  }

  // --- lifecycle --------------------------------------------------------------------------

  /**
   * Starts the line for a signed-in user (`key` identifies the session, e.g. the user id);
   * returns the release function. Several components may hold it; it stops with the last.
   */
  acquire(key: string): () => void {
    if (this.stopTimer) {
      clearTimeout(this.stopTimer);
      this.stopTimer = null;
    }
    if (this.key !== null && this.key !== key) this.stop();
    this.users += 1;
    if (this.key === null) {
      this.key = key;
      this.connect();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users > 0) return;
      // Deferred: a remount in the same tick (React StrictMode) keeps the socket.
      this.stopTimer = setTimeout(() => {
        this.stopTimer = null;
        if (this.users === 0) this.stop();
      }, 0);
    };
  }

  /** Closes the line and forgets everything (sign-out). */
  stop(): void {
    this.key = null;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) this.closeQuietly(socket);
    this.pendingAcks.clear();
    this.pendingAckAll = false;
    this.dispatch({ type: 'reset' });
  }

  /** Try again now (after a 4401, once the user has signed in again; or when back online). */
  reconnectNow(): void {
    if (this.key === null) return;
    if (this.socket && this.socket.readyState <= OPEN) return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  private clearTimers(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.reconnectTimer = null;
    this.pingTimer = null;
  }

  /** Closing a socket that is still connecting makes the browser log an error; wait for open. */
  private closeQuietly(socket: SocketLike): void {
    socket.onmessage = null;
    socket.onerror = null;
    socket.onclose = null;
    if (socket.readyState === CONNECTING) {
      socket.onopen = () => socket.close(1000, 'signed out');
    } else {
      socket.onopen = null;
      if (socket.readyState === OPEN) socket.close(1000, 'signed out');
    }
  }

  private connect(): void {
    this.clearTimers();
    this.dispatch({
      type: 'connection',
      status: this.state.connection === 'reconnecting' ? 'reconnecting' : 'connecting',
    });
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.url());
    } catch (error) {
      log('the notification line could not be opened', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.send({ type: 'agent_connect' });
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), this.pingIntervalMs);
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => log('the notification line reported an error');
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimers();
      if (event.code === CLOSE_UNAUTHENTICATED) {
        log('the notification line needs a signed-in session');
        this.dispatch({ type: 'connection', status: 'unauthenticated' });
        return;
      }
      log(`the notification line closed (${event.code}); reconnecting in 5 s`);
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    this.dispatch({ type: 'connection', status: 'reconnecting' });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.key !== null) this.connect();
    }, this.reconnectDelayMs);
  }

  private send(message: ClientMessage): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) return false;
    try {
      socket.send(JSON.stringify(message));
      return true;
    } catch (error) {
      log('a message could not be sent on the notification line', error);
      return false;
    }
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') {
      log('ignored a binary frame on the notification line');
      return;
    }
    const message = parseServerMessage(data);
    if (!message) {
      log('ignored an unknown or malformed notification message', data.slice(0, 200));
      return;
    }
    switch (message.type) {
      case 'connected':
        this.dispatch({ type: 'connection', status: 'connected' });
        return;
      case 'notification_history': {
        this.dispatch({ type: 'history', notifications: message.notifications });
        this.flushPendingAcks();
        this.emit({ type: 'history', notifications: this.state.notifications });
        return;
      }
      case 'notification':
        this.dispatch({ type: 'received', notification: message.notification });
        this.emit({ type: 'notification', notification: message.notification });
        return;
      case 'conversation_updated':
        this.dispatch({ type: 'received', notification: message.notification });
        this.emit({ type: 'updated', notification: message.notification });
        return;
      case 'takeover_changed':
        this.emit({ type: 'takeover', customerId: message.customerId, active: message.active });
        return;
      case 'customer_handled':
        this.dispatch({
          type: 'handled',
          businessCardId: message.businessCardId,
          customerId: message.customerId,
        });
        this.emit({
          type: 'handled',
          businessCardId: message.businessCardId,
          customerId: message.customerId,
        });
        return;
      case 'pong':
        return;
    }
  }

  private flushPendingAcks(): void {
    if (this.pendingAckAll) {
      this.dispatch({ type: 'acknowledgeAll' });
      if (this.send({ type: 'acknowledge_all' })) this.pendingAckAll = false;
    }
    for (const id of [...this.pendingAcks]) {
      this.dispatch({ type: 'acknowledge', id });
      if (this.send({ type: 'acknowledge', id })) this.pendingAcks.delete(id);
    }
  }

  // --- actions ----------------------------------------------------------------------------

  /** new -> acknowledged for one notification (a click on it). */
  acknowledge(id: number): void {
    const target = this.state.notifications.find((n) => n.id === id);
    if (!target || target.status !== 'new') return;
    this.dispatch({ type: 'acknowledge', id });
    if (!this.send({ type: 'acknowledge', id })) this.pendingAcks.add(id);
  }

  /** Mark all read: every new notification acknowledged, the badge at 0. */
  acknowledgeAll(): void {
    this.dispatch({ type: 'acknowledgeAll' });
    if (!this.send({ type: 'acknowledge_all' })) this.pendingAckAll = true;
  }
}

/** The page's one line. */
export const notificationClient = new NotificationClient();
