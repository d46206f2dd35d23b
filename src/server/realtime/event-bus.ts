import type { FastifyBaseLogger } from 'fastify';
import { createRedisClient } from '#server/lib/redis.ts';

/*
 * Events that must reach every server instance: an agent on one instance hears a visitor on
 * another. In-process by default; Redis pub/sub when REDIS_URL is set. Losing Redis degrades
 * to local delivery with a logged warning, never a crash.
 */

export type BusEvent =
  | { kind: 'to-owner'; ownerId: number; payload: Record<string, unknown> }
  | { kind: 'to-visitor'; visitorSessionId: number; payload: Record<string, unknown> }
  /** These login sessions ended (logout, password change, deletion): close their sockets. */
  | { kind: 'end-sessions'; sessionIds: number[] };

export type BusHandler = (event: BusEvent) => void;

export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(event: BusEvent): Promise<void>;
  subscribe(handler: BusHandler): () => void;
  close(): Promise<void>;
}

class LocalHandlers {
  private readonly handlers = new Set<BusHandler>();

  add(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  deliver(event: BusEvent, log: FastifyBaseLogger): void {
    for (const handler of this.handlers) {
      try {
        handler(event);
      } catch (error) {
        log.error({ err: error }, 'event handler failed');
      }
    }
  }
}

export function createMemoryBus(log: FastifyBaseLogger): EventBus {
  const local = new LocalHandlers();
  return {
    kind: 'memory',
    async publish(event) {
      local.deliver(event, log);
    },
    subscribe: (handler) => local.add(handler),
    async close() {},
  };
}

const CHANNEL = 'docucard:events';

export function createRedisBus(redisUrl: string, log: FastifyBaseLogger): EventBus {
  const local = new LocalHandlers();
  const options = { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: false };
  const publisher = createRedisClient(redisUrl, options);
  const subscriber = createRedisClient(redisUrl, options);
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true;
    log.warn(
      { err: error },
      'Redis is unreachable: notifications are delivered on this instance only',
    );
  };
  publisher.on('error', warn);
  subscriber.on('error', warn);
  publisher.on('ready', () => {
    if (warned) log.info('Redis is back: notifications cross instances again');
    warned = false;
  });
  // Without an offline queue, commands sent before the connection is up fail: subscribe once ready.
  let subscribed = false;
  subscriber.on('ready', () => {
    if (subscribed) return;
    subscriber.subscribe(CHANNEL).then(() => {
      subscribed = true;
    }, warn);
  });
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      local.deliver(JSON.parse(raw) as BusEvent, log);
    } catch (error) {
      log.warn({ err: error }, 'ignored a malformed bus message');
    }
  });

  return {
    kind: 'redis',
    async publish(event) {
      if (publisher.status !== 'ready' || !subscribed) {
        warn(new Error(`redis status ${publisher.status}/${subscriber.status}`));
        local.deliver(event, log);
        return;
      }
      try {
        await publisher.publish(CHANNEL, JSON.stringify(event));
      } catch (error) {
        warn(error);
        local.deliver(event, log);
      }
    },
    subscribe: (handler) => local.add(handler),
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

export function createEventBus(redisUrl: string | undefined, log: FastifyBaseLogger): EventBus {
  return redisUrl ? createRedisBus(redisUrl, log) : createMemoryBus(log);
}
