import { fileURLToPath } from 'node:url';
import { spawnCappedChild, type CappedChild, type ChildExit } from '#server/lib/child-process.ts';
import { IngestError, type IngestErrorParams, type IngestReasonCode } from './errors.ts';
import type { AnalysedDocument } from './analyse.ts';
import type { ExtractProgress, IngestedDocument, IngestOptions } from './index.ts';
import type { AnalyseJob, CardAnalysis, IngestJob, ReaderJob } from './ingest-child.ts';

/*
 * Documents are read in a separate process with a memory cap that really holds
 * (lib/child-process.ts: a watchdog on its resident memory, the kernel's RLIMIT_DATA, V8's heap
 * limit). A worker thread could not do that: its resourceLimits bound only the V8 heap, while
 * pdf.js inflates streams into ArrayBuffers and tesseract lives in WebAssembly memory — a 2 MB
 * PDF that inflated to 2 GB took the whole server to 4.7 GB.
 *
 * One long-lived child serves the jobs; when one dies (killed, out of memory, overran its
 * hard time limit) the next job gets a fresh one.
 */

/** The child's entry, the one place that names it (it loads TypeScript through tsx). */
export const INGEST_CHILD_ENTRY = fileURLToPath(
  new URL('./ingest-child-entry.mjs', import.meta.url),
);

/** Resident memory a reading process may use before it is stopped. */
export const DEFAULT_INGEST_MEMORY_MB = 1024;
/**
 * Beyond the watchdog's cap, what the kernel still grants: tesseract commits ~1.3 GB of (mostly
 * untouched) WebAssembly memory.
 */
const KERNEL_HEADROOM_MB = 2048;
const MB = 1024 * 1024;

type Outcome =
  /** Not an outcome yet: how far the job has got ("OCR page 3 of 20"). */
  | { id: number; progress: ExtractProgress }
  | { id: number; ok: true; result: unknown }
  | {
      id: number;
      ok: false;
      error: { code: IngestReasonCode; message: string; params: IngestErrorParams };
    };

export interface IsolatedIngestor {
  /** ingestFile in a child process with a memory cap and a hard time limit. */
  ingest(
    filePath: string,
    originalName: string,
    options?: Omit<IngestOptions, 'describeImage' | 'signal'> & { hardTimeoutMs?: number },
  ): Promise<IngestedDocument>;
  /**
   * analyseDocuments of a card's documents, in the same child: on a 5,000-row workbook it
   * takes CPU time that the server's event loop (answering visitors, showing the document
   * ready) should not give.
   */
  analyse(documents: AnalysedDocument[], options?: { timeoutMs?: number }): Promise<CardAnalysis>;
  /**
   * Starts the reader now if none is running (it is long-lived: one start serves every later
   * job), so that its start overlaps an upload still arriving instead of delaying the reading.
   */
  warmUp(): void;
  close(): Promise<void>;
}

export interface IsolationLimits {
  /** Resident memory of the reading process; past it the document fails as `memory-limit`. */
  maxMemoryMb: number;
}

export function memoryLimitError(maxMemoryMb: number, detail: string): IngestError {
  return new IngestError('memory-limit', detail, { memoryMb: maxMemoryMb });
}

/** A job as the caller gives it: the id is added when it is sent. */
type JobBody = Omit<IngestJob, 'id'> | Omit<AnalyseJob, 'id'>;

/** The reading process; it ends (and fails its jobs) with the first reason it ended for. */
type Reader = CappedChild<IngestError>;

interface PendingJob {
  owner: Reader;
  resolve: (result: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (progress: ExtractProgress) => void;
}

/** Why a child died that we did not kill: out of memory (the kernel's or V8's limit) or a crash. */
function deathReason(limits: IsolationLimits, { code, signal, outOfMemory }: ChildExit) {
  if (outOfMemory) {
    return memoryLimitError(limits.maxMemoryMb, `the reader died (${signal ?? code})`);
  }
  return new IngestError('corrupt-document', `the reader stopped (${signal ?? code})`, {
    limit: 'worker',
  });
}

export function createIsolatedIngestor(
  limits: IsolationLimits = { maxMemoryMb: DEFAULT_INGEST_MEMORY_MB },
): IsolatedIngestor {
  let reader: Reader | null = null;
  let nextId = 1;
  const pending = new Map<number, PendingJob>();

  /** Fails the jobs of one reader (a killed reader's late exit must not touch a new one's). */
  function failJobsOf(owner: Reader, error: IngestError): void {
    for (const [id, job] of pending) {
      if (job.owner !== owner) continue;
      pending.delete(id);
      job.reject(error);
    }
  }

  function hasJobs(owner: Reader): boolean {
    for (const job of pending.values()) if (job.owner === owner) return true;
    return false;
  }

  function spawnReader(): Reader {
    const created = spawnCappedChild<IngestError>({
      entry: INGEST_CHILD_ENTRY,
      name: 'docucard-reader',
      maxMemoryMb: limits.maxMemoryMb,
      kernelHeadroomMb: KERNEL_HEADROOM_MB,
      stderr: 'inherit',
      reasons: {
        memory: (rss) =>
          memoryLimitError(
            limits.maxMemoryMb,
            `the reader used ${Math.round(rss / MB)} MB (cap ${limits.maxMemoryMb} MB)`,
          ),
        exit: (exit) => deathReason(limits, exit),
        error: (error) => new IngestError('corrupt-document', error.message, { limit: 'worker' }),
      },
      onEnd(because, ended) {
        if (reader === ended) reader = null;
        failJobsOf(ended, because);
      },
    });
    created.process.on('message', (outcome: Outcome) => {
      const job = pending.get(outcome.id);
      if (!job) return;
      if ('progress' in outcome) {
        job.onProgress?.(outcome.progress);
        return;
      }
      pending.delete(outcome.id);
      // An idle reader must not keep the process alive; a busy one must.
      if (!hasJobs(created)) created.keepAlive(false);
      if (outcome.ok) job.resolve(outcome.result);
      else
        job.reject(
          new IngestError(outcome.error.code, outcome.error.message, outcome.error.params),
        );
    });
    created.keepAlive(false);
    return created;
  }

  /** Sends one job to the reader (started when needed) and settles with its outcome. */
  function run<T>(
    job: JobBody,
    hardLimit: number,
    onProgress?: (progress: ExtractProgress) => void,
  ): Promise<T> {
    reader ??= spawnReader();
    const current = reader;
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const clearDeadline = current.deadline(
        hardLimit,
        () =>
          new IngestError('timeout', 'the reader overran', {
            seconds: Math.round(hardLimit / 1000),
          }),
      );
      pending.set(id, {
        owner: current,
        ...(onProgress ? { onProgress } : {}),
        resolve: (result) => {
          clearDeadline();
          resolve(result as T);
        },
        reject: (error) => {
          clearDeadline();
          reject(error);
        },
      });
      current.keepAlive(true);
      current.send({ ...job, id } as ReaderJob);
    });
  }

  return {
    ingest(filePath, originalName, options = {}) {
      // A callback cannot cross to the child: the child sends progress, passed on here.
      const { hardTimeoutMs, onProgress, ...ingestOptions } = options;
      const hardLimit = hardTimeoutMs ?? (ingestOptions.timeoutMs ?? 120_000) + 10_000;
      return run<IngestedDocument>(
        { type: 'ingest', filePath, originalName, options: ingestOptions },
        hardLimit,
        onProgress,
      );
    },
    warmUp() {
      reader ??= spawnReader();
    },
    analyse(documents, options = {}) {
      return run<CardAnalysis>({ type: 'analyse', documents }, options.timeoutMs ?? 60_000);
    },
    async close() {
      const current = reader;
      reader = null;
      if (!current) return;
      current.end(new IngestError('timeout', 'the reader was closed', { seconds: 0 }));
      await current.exited;
    },
  };
}
