import { and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { documentChunks, documents, jobs } from '#server/db/schema.ts';
import { JobReleased, type JobQueue } from '#server/jobs/queue.ts';
import type { AppJobHandler, JobName } from '#server/jobs/registry.ts';
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
import { documentKeyOf } from '#server/lib/storage-keys.ts';
import { storeOcrWords } from '#server/features/previews/service.ts';
import { analyseCard } from './card-analysis.ts';
import { cardChanged } from '#server/lib/public-card-cache.ts';

/** Chunks are inserted in batches, so a 300-page catalogue is a handful of statements. */
const CHUNK_BATCH = 200;
const EXTRACTION_TIMEOUT_MS = 120_000;
/** Processing starts a document may have; one that stopped the server twice is not retried. */
export const MAX_PROCESSING_ATTEMPTS = 2;
/**
 * One job per document on the database queue; any instance may read it. Documents have a lane
 * of their own (jobs/registry.ts): one at a time per instance, beside mails and webhooks.
 */
export const DOCUMENT_JOB = 'document.process' satisfies JobName;
/** Memory the reading process may use (named in the `memory-limit` message). */
export const INGEST_MEMORY_MB = DEFAULT_INGEST_MEMORY_MB;

export interface DocumentProcessor {
  /** Queues one processing job per document (run here at once, or by any instance). */
  enqueue(documentIds: number[]): Promise<void>;
  /** An upload has begun: have the reader ready by the time its files are accepted. */
  prepare(): void;
  /**
   * Queues documents left pending or processing without a job (an upgrade from the in-process
   * queue, a stop between storing an upload and queueing it): retried while they have had fewer
   * than MAX_PROCESSING_ATTEMPTS starts, otherwise failed (never a crash loop).
   */
  resume(): Promise<void>;
  /** Resolves when no document job is queued or running on any instance (tests). */
  whenIdle(): Promise<void>;
  /** The queue's handler of DOCUMENT_JOB (given to the queue at start-up). */
  readonly job: AppJobHandler<typeof DOCUMENT_JOB>;
  close(): Promise<void>;
}

/*
 * Background extraction with a stored status per document, in a child process with a memory cap
 * and a hard time limit. Each document is a job on the database queue, in a lane that runs one
 * at a time per instance: OCR and PDF parsing are CPU-bound and the machine has two cores, one
 * of which serves requests. A file that fails is marked failed with its reason; a document whose
 * reading stopped the server twice is failed by the queue (maxAttempts), never read in a loop.
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
  queue: JobQueue,
): DocumentProcessor {
  // Parsing runs in a child process: a hostile file can exhaust that process, not the server.
  const ingestor = createIsolatedIngestor({ maxMemoryMb: INGEST_MEMORY_MB });
  let closed = false;

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
      // The reader needs a path: with S3 the object is copied to a private temporary file.
      const key = documentKeyOf(claimed.storagePath);
      const ingested = await ctx.storage.withLocalFile(key, async (filePath) => {
        if (isImageKind(claimed.fileType as DocumentKind)) await refuseOversizedImage(filePath);
        // A reader started now would outlive the stopping server.
        if (closed) throw new JobReleased();
        return ingestor.ingest(filePath, claimed.fileName, {
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
      });
      // Before the document is ready, so that its first preview finds them.
      if (ingested.ocrWords) await storeOcrWords(ctx.storage, key, ingested.ocrWords);
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
                  garbledPages: ingested.ocr.garbledPages,
                }
              : null,
          })
          .where(eq(documents.id, documentId));
      });
    } catch (error) {
      if (closed) {
        // Stopping: the reader was closed under this document, which is not its fault.
        await ctx.db
          .update(documents)
          .set({ status: 'pending', attempts: sql`${documents.attempts} - 1` })
          .where(eq(documents.id, documentId));
        throw new JobReleased();
      }
      const reason = failureReason(error);
      if (!isIngestError(error))
        log.error({ err: error, documentId }, 'document processing failed');
      else log.info({ documentId, reason }, 'document could not be read');
      await ctx.db
        .update(documents)
        .set({ status: 'failed', error: reason })
        .where(eq(documents.id, documentId));
    }
    if (claimed.businessCardId) {
      // What the chat worked out from the card's ready documents is kept with the card.
      await cardChanged(ctx, claimed.businessCardId);
      await analyseWhenSettled(claimed.businessCardId);
    }
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
      // Stopping closes the reader under an analysis; the card's next change runs it again.
      if (!closed) log.error({ err: error, cardId }, 'card analysis failed');
    }
  }

  /** Fails a document whose reading stopped the server on its last allowed start. */
  async function giveUp(documentId: number, reason: string): Promise<void> {
    const [failed] = await ctx.db
      .update(documents)
      .set({ status: 'failed', error: reason })
      .where(
        and(eq(documents.id, documentId), inArray(documents.status, ['pending', 'processing'])),
      )
      .returning({ cardId: documents.businessCardId });
    if (failed) log.warn({ documentId, reason }, 'document processing given up');
    if (failed?.cardId) await analyseWhenSettled(failed.cardId);
  }

  const job: AppJobHandler<typeof DOCUMENT_JOB> = {
    run: ({ documentId }) => processOne(documentId),
    onGiveUp: ({ documentId }, _job, { crashed }) =>
      giveUp(documentId, crashed ? 'reader-stopped' : 'unreadable'),
  };

  async function enqueue(documentIds: number[], maxAttempts = MAX_PROCESSING_ATTEMPTS) {
    for (const documentId of documentIds) {
      await queue.enqueue(DOCUMENT_JOB, { documentId }, { maxAttempts });
    }
  }

  return {
    job,
    prepare() {
      if (!closed) ingestor.warmUp();
    },
    enqueue: (ids) => enqueue(ids),
    async resume() {
      const waiting = and(
        inArray(documents.status, ['pending', 'processing']),
        // Documents whose job is still queued or running are the queue's business.
        sql`NOT EXISTS (SELECT 1 FROM ${jobs} WHERE ${jobs.type} = ${DOCUMENT_JOB}
              AND ${jobs.status} IN ('pending', 'running')
              AND ${jobs.payload}->>'documentId' = ${documents.id}::text)`,
      );
      const givenUp = await ctx.db
        .update(documents)
        .set({ status: 'failed', error: 'reader-stopped' })
        .where(and(waiting, gte(documents.attempts, MAX_PROCESSING_ATTEMPTS)))
        .returning({ id: documents.id, cardId: documents.businessCardId });
      if (givenUp.length > 0) {
        log.warn({ ids: givenUp.map((row) => row.id) }, 'documents stopped the reader twice');
      }
      const left = await ctx.db
        .select({ id: documents.id, attempts: documents.attempts })
        .from(documents)
        .where(and(waiting, lt(documents.attempts, MAX_PROCESSING_ATTEMPTS)))
        .orderBy(documents.id);
      if (left.length > 0) log.info({ count: left.length }, 'queueing documents left waiting');
      for (const row of left) {
        await enqueue([row.id], MAX_PROCESSING_ATTEMPTS - row.attempts);
      }
      for (const cardId of new Set(givenUp.map((row) => row.cardId))) {
        if (cardId) await analyseWhenSettled(cardId);
      }
    },
    whenIdle: () => queue.settle([DOCUMENT_JOB]),
    async close() {
      closed = true;
      // No more claims; the document in hand goes back to the queue when its reader is closed,
      // rather than holding the shutdown for up to EXTRACTION_TIMEOUT_MS.
      const stopped = queue.stop();
      await ingestor.close();
      await stopped;
    },
  };
}
