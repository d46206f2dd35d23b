import type { FastifyInstance } from 'fastify';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import type { Database } from '#server/db/client.ts';
import { createRedisClient } from '#server/lib/redis.ts';

/*
 * The card as the chat's busy routes read it (a QR scan opens session-info, every message checks
 * the card is open), kept in memory rather than read from the database each time. The rule:
 * every write to a card, to its documents or to its owner's shown details calls cardChanged or
 * ownerChanged, which forgets the entry here and, with REDIS_URL, on every other instance. A
 * short time to live is the second guard: it bounds what a lost message (Redis down) or a row
 * changed outside the services can leave stale. See docs/decisions/039-a-scan-is-cheap.md.
 */

/** Cards kept per database; the least recently read is dropped first. */
const MAX_CARDS = 1_000;
/** The longest an entry is trusted without a word from the services. */
export const PUBLIC_CARD_TTL_MS = 30_000;
const CHANNEL = 'docucard:public-cards';

type Change = { cardId: number } | { ownerId: number };

interface Entry {
  card: TBusinessCard;
  loadedAt: number;
  /** What is worked out from the card and its documents (the chat's suggested questions). */
  derived: Map<string, unknown>;
}

class PublicCards {
  private readonly entries = new Map<number, Entry>();
  /** Bumped by every change: a read that started before it does not store what it read. */
  private generation = 0;
  /** How this database's changes reach the other instances (one per app with REDIS_URL). */
  readonly peers = new Set<(change: Change) => Promise<void>>();

  private fresh(cardId: number): Entry | undefined {
    const entry = this.entries.get(cardId);
    return entry && performance.now() - entry.loadedAt < PUBLIC_CARD_TTL_MS ? entry : undefined;
  }

  async read(cardId: number, load: () => Promise<TBusinessCard | null>) {
    const hit = this.fresh(cardId);
    if (hit) {
      // Most recently read last, so the oldest is dropped first.
      this.entries.delete(cardId);
      this.entries.set(cardId, hit);
      return hit.card;
    }
    const generation = this.generation;
    const card = await load();
    if (card && generation === this.generation) {
      this.entries.delete(cardId);
      this.entries.set(cardId, { card, loadedAt: performance.now(), derived: new Map() });
      if (this.entries.size > MAX_CARDS) this.entries.delete(this.entries.keys().next().value!);
    }
    return card;
  }

  /** Kept with the card's entry, and forgotten with it; worked out each time while none is kept. */
  async derive<T>(cardId: number, key: string, work: () => Promise<T>): Promise<T> {
    const entry = this.fresh(cardId);
    if (entry?.derived.has(key)) return entry.derived.get(key) as T;
    const generation = this.generation;
    const value = await work();
    if (entry && generation === this.generation) entry.derived.set(key, value);
    return value;
  }

  forget(change: Change | 'all'): void {
    this.generation++;
    if (change === 'all') {
      this.entries.clear();
      return;
    }
    if ('cardId' in change) {
      this.entries.delete(change.cardId);
      return;
    }
    for (const [cardId, entry] of this.entries) {
      if (entry.card.userId === change.ownerId) this.entries.delete(cardId);
    }
  }

  /** Here at once, then on the other instances (through any one app's connection). */
  async changed(change: Change): Promise<void> {
    this.forget(change);
    const [peer] = this.peers;
    if (peer) await peer(change);
  }
}

/** Per database: instances sharing one (tests run two apps on one) share its cache. */
const byDatabase = new WeakMap<Database, PublicCards>();

function cacheOf(ctx: AppContext): PublicCards {
  let cache = byDatabase.get(ctx.db);
  if (!cache) byDatabase.set(ctx.db, (cache = new PublicCards()));
  return cache;
}

/** The card from the cache, else from `load` (a null, no such card, is not kept). */
export function readPublicCard(
  ctx: AppContext,
  cardId: number,
  load: () => Promise<TBusinessCard | null>,
): Promise<TBusinessCard | null> {
  return cacheOf(ctx).read(cardId, load);
}

/**
 * Something worked out from the card and its ready documents (`key` names it), kept until the
 * card, its documents or its owner change. Only while the card itself is kept (findChatCard).
 */
export function derivedFromCard<T>(
  ctx: AppContext,
  cardId: number,
  key: string,
  work: () => Promise<T>,
): Promise<T> {
  return cacheOf(ctx).derive(cardId, key, work);
}

/** The card, or its documents, changed (or it was deleted): every instance reads it again. */
export function cardChanged(ctx: AppContext, cardId: number): Promise<void> {
  return cacheOf(ctx).changed({ cardId });
}

/** The owner's shown details changed (or the account went): all their cards are read again. */
export function ownerChanged(ctx: AppContext, ownerId: number): Promise<void> {
  return cacheOf(ctx).changed({ ownerId });
}

/**
 * With REDIS_URL, changes made on this instance reach the others and theirs reach this one,
 * on a channel of their own (the event bus carries agents' and visitors' events). A failed
 * publish is logged once per outage; the time to live then bounds the staleness.
 */
export function syncPublicCardsAcrossInstances(app: FastifyInstance, ctx: AppContext): void {
  const url = ctx.config.redisUrl;
  if (!url) return;
  const cache = cacheOf(ctx);
  const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false };
  const publisher = createRedisClient(url, options);
  const subscriber = createRedisClient(url, options);
  let warned = false;
  const warn = (error: unknown) => {
    if (warned) return;
    warned = true;
    app.log.warn(
      { err: error },
      'Redis is unreachable: card changes reach other instances within the cache lifetime only',
    );
  };
  publisher.on('error', warn);
  subscriber.on('error', warn);
  publisher.on('ready', () => (warned = false));
  let subscribedBefore = false;
  subscriber.on('ready', () => {
    // Back after an outage: what changed meanwhile was not heard, so everything is read again.
    if (subscribedBefore) cache.forget('all');
    subscriber.subscribe(CHANNEL).then(() => (subscribedBefore = true), warn);
  });
  subscriber.on('message', (_channel: string, raw: string) => {
    try {
      cache.forget(JSON.parse(raw) as Change);
    } catch (error) {
      app.log.warn({ err: error }, 'ignored a malformed card change message');
    }
  });
  const peer = async (change: Change) => {
    try {
      await publisher.publish(CHANNEL, JSON.stringify(change));
    } catch (error) {
      warn(error);
    }
  };
  cache.peers.add(peer);
  app.addHook('onClose', async () => {
    cache.peers.delete(peer);
    publisher.disconnect();
    subscriber.disconnect();
  });
}
