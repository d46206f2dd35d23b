import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { documentChunks, documents } from '#server/db/schema.ts';
import { isIngestError } from '#server/ingest/index.ts';
import { createIsolatedIngestor } from '#server/ingest/isolated.ts';
import { analyseCard } from './card-analysis.ts';

/** Chunks are inserted in batches, so a 300-page catalogue is a handful of statements. */
const CHUNK_BATCH = 200;
const EXTRACTION_TIMEOUT_MS = 120_000;

export interface DocumentProcessor {
  enqueue(documentIds: number[]): void;
  /** Picks up documents a stopped server left pending or processing. */
  resume(): Promise<void>;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Background extraction with a stored status per document, in a worker thread with a memory cap
 * and a hard time limit. One document at a time: OCR and
 * PDF parsing are CPU-bound and the machine has two cores, one of which serves requests.
 * A file that fails is marked failed with its reason; the queue goes on.
 */
export function createDocumentProcessor(
  ctx: AppContext,
  log: FastifyBaseLogger,
): DocumentProcessor {
  // Parsing runs in a worker thread: a hostile file can exhaust that thread, not the server.
  const ingestor = createIsolatedIngestor();
  const queue: number[] = [];
  let running: Promise<void> | null = null;
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  const settleIdle = () => {
    if (running || queue.length > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  async function processOne(documentId: number): Promise<void> {
    const [claimed] = await ctx.db
      .update(documents)
      .set({ status: 'processing', error: null })
      .where(
        and(
          eq(documents.id, documentId),
          or(eq(documents.status, 'pending'), eq(documents.status, 'processing')),
        ),
      )
      .returning();
    if (!claimed?.storagePath) return;
    try {
      const ingested = await ingestor.ingest(claimed.storagePath, claimed.fileName, {
        timeoutMs: EXTRACTION_TIMEOUT_MS,
      });
      await ctx.db.transaction(async (tx) => {
        await tx.delete(documentChunks).where(eq(documentChunks.documentId, documentId));
        for (let i = 0; i < ingested.chunks.length; i += CHUNK_BATCH) {
          await tx.insert(documentChunks).values(
            ingested.chunks.slice(i, i + CHUNK_BATCH).map((chunk) => ({
              documentId,
              businessCardId: claimed.businessCardId!,
              position: chunk.position,
              page: chunk.page,
              text: chunk.text,
              tokens: chunk.tokens,
            })),
          );
        }
        await tx
          .update(documents)
          .set({
            status: 'ready',
            content: ingested.text,
            pageCount: ingested.pageCount,
            error: null,
          })
          .where(eq(documents.id, documentId));
      });
    } catch (error) {
      const reason = isIngestError(error) ? error.code : 'unreadable';
      if (!isIngestError(error))
        log.error({ err: error, documentId }, 'document processing failed');
      else log.info({ documentId, reason }, 'document could not be read');
      await ctx.db
        .update(documents)
        .set({ status: 'failed', error: reason })
        .where(eq(documents.id, documentId));
    }
    if (claimed.businessCardId) await analyseWhenSettled(claimed.businessCardId);
  }

  /** Analyses a card once none of its documents is waiting any more. */
  async function analyseWhenSettled(cardId: number): Promise<void> {
    const waiting = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.businessCardId, cardId),
          inArray(documents.status, ['pending', 'processing']),
        ),
      )
      .limit(1);
    if (waiting.length > 0) return;
    try {
      await analyseCard(ctx, cardId);
    } catch (error) {
      log.error({ err: error, cardId }, 'card analysis failed');
    }
  }

  function pump(): void {
    if (running || closed) return;
    const next = queue.shift();
    if (next === undefined) {
      settleIdle();
      return;
    }
    running = processOne(next)
      .catch((error: unknown) =>
        log.error({ err: error, documentId: next }, 'document job crashed'),
      )
      .finally(() => {
        running = null;
        pump();
      });
  }

  return {
    enqueue(ids) {
      for (const id of ids) if (!queue.includes(id)) queue.push(id);
      pump();
    },
    async resume() {
      const left = await ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(inArray(documents.status, ['pending', 'processing']))
        .orderBy(documents.id);
      if (left.length > 0) log.info({ count: left.length }, 'resuming document processing');
      this.enqueue(left.map((row) => row.id));
    },
    whenIdle() {
      if (!running && queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      closed = true;
      queue.length = 0;
      await running;
      await ingestor.close();
      settleIdle();
    },
  };
}
