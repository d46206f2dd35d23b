import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { businessCards, documentChunks, documents, redListKeywords } from '#server/db/schema.ts';
import { CardIndex, type ChunkRow } from './retrieval.ts';

/*
 * What the assistant reads from the database for a question: the card (selected model, company
 * name), its active red-list keywords, and the in-memory index of its ready passages. The index
 * is rebuilt when the card's passages change (its ready documents' count, newest id and last
 * change, checked with one small query per question) or when invalidate() is called; a few dozen cards are kept.
 */

const MAX_CACHED_CARDS = 64;

export interface CardFacts {
  exists: boolean;
  selectedAiModel: string | null;
  companyName: string | null;
  redListKeywords: string[];
}

export interface IndexStore {
  indexFor(cardId: number): Promise<CardIndex>;
  cardFacts(cardId: number): Promise<CardFacts>;
  invalidate(cardId: number): void;
}

interface Cached {
  signature: string;
  index: CardIndex;
}

export function loadChunkRows(ctx: AppContext, cardId: number): Promise<ChunkRow[]> {
  return ctx.db
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      fileName: documents.fileName,
      page: documentChunks.page,
      position: documentChunks.position,
      text: documentChunks.text,
      tokens: documentChunks.tokens,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(and(eq(documentChunks.businessCardId, cardId), eq(documents.status, 'ready')))
    .orderBy(asc(documentChunks.documentId), asc(documentChunks.position));
}

/**
 * What the card's passages are made of, read from its few document rows rather than its
 * thousands of passages: a document's passages are written in the transaction that makes it
 * ready (and bumps its updated_at), and leave with it.
 */
async function chunkSignature(ctx: AppContext, cardId: number): Promise<string> {
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      newest: sql<number>`coalesce(max(${documents.id}), 0)::int`,
      changed: sql<string>`coalesce(max(${documents.updatedAt})::text, '')`,
    })
    .from(documents)
    .where(and(eq(documents.businessCardId, cardId), eq(documents.status, 'ready')));
  return `${row?.count ?? 0}:${row?.newest ?? 0}:${row?.changed ?? ''}`;
}

export function createIndexStore(ctx: AppContext): IndexStore {
  const cache = new Map<number, Cached>();
  const building = new Map<number, Promise<CardIndex>>();

  async function build(cardId: number, signature: string): Promise<CardIndex> {
    const index = new CardIndex(await loadChunkRows(ctx, cardId));
    cache.delete(cardId);
    cache.set(cardId, { signature, index });
    while (cache.size > MAX_CACHED_CARDS) cache.delete(cache.keys().next().value!);
    return index;
  }

  return {
    async indexFor(cardId) {
      const signature = await chunkSignature(ctx, cardId);
      const cached = cache.get(cardId);
      if (cached?.signature === signature) {
        // Most recently used last, so the oldest is dropped first.
        cache.delete(cardId);
        cache.set(cardId, cached);
        return cached.index;
      }
      const key = cardId;
      const pending = building.get(key);
      if (pending) return pending;
      const job = build(cardId, signature).finally(() => building.delete(key));
      building.set(key, job);
      return job;
    },
    async cardFacts(cardId) {
      // One round trip: the card and its active red-list keywords.
      const [card] = await ctx.db
        .select({
          selectedAiModel: businessCards.selectedAiModel,
          companyName: businessCards.companyName,
          redListKeywords: sql<
            string[]
          >`coalesce((select json_agg(${redListKeywords.keyword}) from ${redListKeywords} where ${redListKeywords.businessCardId} = ${cardId} and ${redListKeywords.isActive}), '[]'::json)`,
        })
        .from(businessCards)
        .where(eq(businessCards.id, cardId));
      if (!card)
        return { exists: false, selectedAiModel: null, companyName: null, redListKeywords: [] };
      return { exists: true, ...card };
    },
    invalidate(cardId) {
      cache.delete(cardId);
    },
  };
}
