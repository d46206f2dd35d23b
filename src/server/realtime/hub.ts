import type { EventBus } from './event-bus.ts';

/** Anything we can push a JSON message to: an agent's WebSocket or a visitor's event stream. */
export interface Listener {
  send(message: string): void;
}

/**
 * Who is listening on this instance: agents by owner, visitors by their session. The bus
 * brings events from every instance; the hub hands each to its local listeners.
 */
export class RealtimeHub {
  private readonly owners = new Map<number, Set<Listener>>();
  private readonly visitors = new Map<number, Set<Listener>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly bus: EventBus) {
    this.unsubscribe = bus.subscribe((event) => {
      const listeners =
        event.kind === 'to-owner'
          ? this.owners.get(event.ownerId)
          : this.visitors.get(event.visitorSessionId);
      if (!listeners) return;
      const message = JSON.stringify(event.payload);
      for (const listener of listeners) listener.send(message);
    });
  }

  addAgent(ownerId: number, listener: Listener): () => void {
    return add(this.owners, ownerId, listener);
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

  close(): void {
    this.unsubscribe();
  }
}

function add(map: Map<number, Set<Listener>>, key: number, listener: Listener): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
  };
}
