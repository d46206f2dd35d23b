import type { EventBus } from './event-bus.ts';
import { textFrame } from './ws-frame.ts';

/**
 * One event's JSON, serialised once for all of its listeners: the text for an event stream, the
 * same text as one WebSocket frame for a socket (framed once, not once per socket).
 */
export class OutgoingMessage {
  private framed: Buffer | undefined;

  constructor(readonly text: string) {}

  get frame(): Buffer {
    return (this.framed ??= textFrame(this.text));
  }
}

/** Anything we can push a JSON message to: an agent's WebSocket or a visitor's event stream. */
export interface Listener {
  send(message: OutgoingMessage): void;
}

/** An agent's socket: it belongs to one login session and is closed when that session ends. */
export interface AgentListener extends Listener {
  close(): void;
}

export interface AgentSession {
  id: number;
  expiresAt: Date;
}

interface AgentEntry {
  session: AgentSession;
  listener: AgentListener;
  remove: () => void;
}

/** How often sockets of expired sessions are looked for (they close within this time). */
const EXPIRY_SWEEP_MS = 500;

/**
 * Who is listening on this instance: agents by owner (for delivery) and by login session (so
 * ending a session closes exactly its sockets), visitors by their visitor session. The bus
 * brings events from every instance; the hub hands each to its local listeners.
 */
export class RealtimeHub {
  private readonly owners = new Map<number, Set<Listener>>();
  private readonly sessions = new Map<number, Set<AgentEntry>>();
  private readonly visitors = new Map<number, Set<Listener>>();
  private readonly unsubscribe: () => void;
  private readonly sweep: ReturnType<typeof setInterval>;

  constructor(
    private readonly bus: EventBus,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.kind === 'end-sessions') {
        this.closeSessions(event.sessionIds);
        return;
      }
      const listeners =
        event.kind === 'to-owner'
          ? this.owners.get(event.ownerId)
          : this.visitors.get(event.visitorSessionId);
      if (!listeners) return;
      const message = new OutgoingMessage(JSON.stringify(event.payload));
      for (const listener of listeners) listener.send(message);
    });
    this.sweep = setInterval(() => this.closeExpired(), EXPIRY_SWEEP_MS);
    this.sweep.unref();
  }

  addAgent(ownerId: number, session: AgentSession, listener: AgentListener): () => void {
    const entry: AgentEntry = { session, listener, remove: () => {} };
    const removeOwner = add(this.owners, ownerId, listener);
    const removeSession = add(this.sessions, session.id, entry);
    entry.remove = () => {
      removeOwner();
      removeSession();
    };
    return entry.remove;
  }

  addVisitor(visitorSessionId: number, listener: Listener): () => void {
    return add(this.visitors, visitorSessionId, listener);
  }

  agentCount(): number {
    let count = 0;
    for (const set of this.owners.values()) count += set.size;
    return count;
  }

  toOwner(ownerId: number, payload: Record<string, unknown>): Promise<void> {
    return this.bus.publish({ kind: 'to-owner', ownerId, payload });
  }

  toVisitor(visitorSessionId: number, payload: Record<string, unknown>): Promise<void> {
    return this.bus.publish({ kind: 'to-visitor', visitorSessionId, payload });
  }

  /** Closes the agent sockets of these login sessions on every instance. */
  async endSessions(sessionIds: number[]): Promise<void> {
    if (sessionIds.length === 0) return;
    await this.bus.publish({ kind: 'end-sessions', sessionIds });
  }

  close(): void {
    clearInterval(this.sweep);
    this.unsubscribe();
  }

  private closeSessions(sessionIds: number[]): void {
    for (const id of sessionIds) {
      for (const entry of [...(this.sessions.get(id) ?? [])]) closeAgent(entry);
    }
  }

  private closeExpired(): void {
    const now = this.now().getTime();
    for (const entries of this.sessions.values()) {
      for (const entry of [...entries]) {
        if (entry.session.expiresAt.getTime() <= now) closeAgent(entry);
      }
    }
  }
}

/** Stops delivering to the socket at once, then closes it. */
function closeAgent(entry: AgentEntry): void {
  entry.remove();
  entry.listener.close();
}

function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
  return () => {
    set.delete(value);
    if (set.size === 0) map.delete(key);
  };
}
