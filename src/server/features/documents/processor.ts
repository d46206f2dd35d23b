import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { documentChunks, documents } from '#server/db/schema.ts';
import {
  ExtractionError,
  isImageKind,
  isIngestError,
  type DocumentKind,
} from '#server/ingest/index.ts';
import { createIsolatedIngestor, DEFAULT_INGEST_MEMORY_MB } from '#server/ingest/isolated.ts';
import {
  describeImageSize,
  exceedsPixelLimit,
  readImageHeaderFromFile,
} from '#server/lib/image-header.ts';
import { analyseCard } from './card-analysis.ts';

/** Chunks are inserted in batches, so a 300-page catalogue is a handful of statements. */
const CHUNK_BATCH = 200;
const EXTRACTION_TIMEOUT_MS = 120_000;
/** Processing starts a document may have; one that stopped the server twice is not retried. */
export const MAX_PROCESSING_ATTEMPTS = 2;
/** Memory the reading process may use (named in the `memory-limit` message). */
export const INGEST_MEMORY_MB = DEFAULT_INGEST_MEMORY_MB;

export interface DocumentProcessor {
  enqueue(documentIds: number[]): void;
  /** An upload has begun: have the reader ready by the time its files are accepted. */
  prepare(): void;
  /**
   * Picks up documents a stopped server left pending or processing: retried while they have
   * had fewer than MAX_PROCESSING_ATTEMPTS starts, otherwise failed (never a crash loop).
   */
  resume(): Promise<void>;
  /** Resolves when nothing is queued or running (tests, shutdown). */
  whenIdle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Background extraction with a stored status per document, in a child process with a memory cap
 * and a hard time limit. One document at a time: OCR and
 * PDF parsing are CPU-bound and the machine has two cores, one of which serves requests.
 * A file that fails is marked failed with its reason; the queue goes on.
 */
/** The stored reason (an i18n key under documents.errors) for a document that failed. */
function failureReason(error: unknown): string {
  if (!isIngestError(error)) return 'unreadable';
  if (error.code === 'too-large' && error.params.limit === 'pixels') return 'image-too-large';
  return error.code;
}

export function createDocumentProcessor(
  ctx: AppContext,
  log: FastifyBaseLogger,
): DocumentProcessor {
  // Parsing runs in a child process: a hostile file can exhaust that process, not the server.
  const ingestor = createIsolatedIngestor({ maxMemoryMb: INGEST_MEMORY_MB });
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
      .set({ status: 'processing', error: null, attempts: sql`${documents.attempts} + 1` })
      .where(
        and(
          eq(documents.id, documentId),
          or(eq(documents.status, 'pending'), eq(documents.status, 'processing')),
        ),
      )
      .returning();
    if (!claimed?.storagePath) return;
    try {
      if (isImageKind(claimed.fileType as DocumentKind))
        await refuseOversizedImage(claimed.storagePath);
      const ingested = await ingestor.ingest(claimed.storagePath, claimed.fileName, {
        timeoutMs: EXTRACTION_TIMEOUT_MS,
        sofficePath: ctx.config.sofficePath,
        ocrMaxPages: ctx.config.ocrMaxPages,
        // "OCR page 3 of 20" while scanned pages are read; a lost update only delays the next.
        onProgress: (progress) => {
          void ctx.db
            .update(documents)
            .set({ progress })
            .where(and(eq(documents.id, documentId), eq(documents.status, 'processing')))
            .catch(() => undefined);
        },
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
            // Kept once ready only to say where OCR stopped early (page cap, time limit).
            progress: ingested.ocr
              ? {
                  stage: 'ocr',
                  done: ingested.ocr.pagesRead,
                  total: ingested.ocr.pagesNeeded,
                  stoppedAtPage: ingested.ocr.stoppedAtPage,
                  stoppedBy: ingested.ocr.stoppedBy,
                }
              : null,
          })
          .where(eq(documents.id, documentId));
      });
    } catch (error) {
      const reason = failureReason(error);
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

  /** A pixel bomb fails here, from its header, before any reader is started for it. */
  async function refuseOversizedImage(filePath: string): Promise<void> {
    const header = await readImageHeaderFromFile(filePath);
    if (header && exceedsPixelLimit(header)) {
      throw new ExtractionError('image-too-large', describeImageSize(header));
    }
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
      await analyseCard(ctx, cardId, (docs) => ingestor.analyse(docs));
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
    prepare() {
      if (!closed) ingestor.warmUp();
    },
    enqueue(ids) {
      for (const id of ids) if (!queue.includes(id)) queue.push(id);
      pump();
    },
    async resume() {
      const waiting = inArray(documents.status, ['pending', 'processing']);
      const givenUp = await ctx.db
        .update(documents)
        .set({ status: 'failed', error: 'reader-stopped' })
        .where(and(waiting, gte(documents.attempts, MAX_PROCESSING_ATTEMPTS)))
        .returning({ id: documents.id, cardId: documents.businessCardId });
      if (givenUp.length > 0) {
        log.warn({ ids: givenUp.map((row) => row.id) }, 'documents stopped the reader twice');
      }
      const left = await ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(and(waiting, lt(documents.attempts, MAX_PROCESSING_ATTEMPTS)))
        .orderBy(documents.id);
      if (left.length > 0) log.info({ count: left.length }, 'resuming document processing');
      this.enqueue(left.map((row) => row.id));
      for (const cardId of new Set(givenUp.map((row) => row.cardId))) {
        if (cardId) await analyseWhenSettled(cardId);
      }
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
