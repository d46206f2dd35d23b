import { Worker } from 'node:worker_threads';
import { IngestError, type IngestErrorParams, type IngestReasonCode } from './errors.ts';
import type { IngestedDocument, IngestOptions } from './index.ts';
import type { IngestJob } from './worker.ts';

type Outcome =
  | { id: number; ok: true; result: IngestedDocument }
  | {
      id: number;
      ok: false;
      error: { code: IngestReasonCode; message: string; params: IngestErrorParams };
    };

export interface IsolatedIngestor {
  /** ingestFile in a worker thread with a memory cap and a hard time limit. */
  ingest(
    filePath: string,
    originalName: string,
    options?: Omit<IngestOptions, 'describeImage' | 'signal'> & { hardTimeoutMs?: number },
  ): Promise<IngestedDocument>;
  close(): Promise<void>;
}

export interface IsolationLimits {
  /** Heap of the worker; past it the worker dies and the document fails as too large. */
  maxMemoryMb: number;
}

/**
 * One long-lived worker thread does the parsing, a job at a time. When a job overruns its
 * hard time limit or the worker runs out of memory, the worker is terminated and the next job
 * gets a fresh one.
 */
export function createIsolatedIngestor(
  limits: IsolationLimits = { maxMemoryMb: 1024 },
): IsolatedIngestor {
  let worker: Worker | null = null;
  let nextId = 1;
  const pending = new Map<
    number,
    { owner: Worker; resolve: (doc: IngestedDocument) => void; reject: (e: Error) => void }
  >();

  /** Fails the jobs of one worker (a terminated worker's late exit must not touch a new one's). */
  function failJobsOf(owner: Worker, error: IngestError): void {
    for (const [id, job] of pending) {
      if (job.owner !== owner) continue;
      pending.delete(id);
      job.reject(error);
    }
  }

  function spawn(): Worker {
    const created = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb },
    });
    created.on('message', (outcome: Outcome) => {
      const job = pending.get(outcome.id);
      if (!job) return;
      pending.delete(outcome.id);
      if (outcome.ok) job.resolve(outcome.result);
      else
        job.reject(
          new IngestError(outcome.error.code, outcome.error.message, outcome.error.params),
        );
    });
    created.on('error', (error: Error & { code?: string }) => {
      const outOfMemory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      failJobsOf(
        created,
        new IngestError(outOfMemory ? 'too-large' : 'corrupt-document', error.message, {
          limit: outOfMemory ? 'memory' : 'worker',
        }),
      );
    });
    created.on('exit', () => {
      if (worker === created) worker = null;
      failJobsOf(
        created,
        new IngestError('corrupt-document', 'the reading worker stopped', { limit: 'worker' }),
      );
    });
    created.unref();
    return created;
  }

  return {
    ingest(filePath, originalName, options = {}) {
      const { hardTimeoutMs, ...ingestOptions } = options;
      worker ??= spawn();
      const current = worker;
      const id = nextId++;
      const hardLimit = hardTimeoutMs ?? (ingestOptions.timeoutMs ?? 120_000) + 10_000;
      return new Promise<IngestedDocument>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(
            new IngestError('timeout', 'the reading worker overran', {
              seconds: Math.round(hardLimit / 1000),
            }),
          );
          if (worker === current) worker = null;
          void current.terminate();
        }, hardLimit);
        pending.set(id, {
          owner: current,
          resolve: (doc) => {
            clearTimeout(timer);
            resolve(doc);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        const job: IngestJob = { id, filePath, originalName, options: ingestOptions };
        current.postMessage(job);
      });
    },
    async close() {
      const current = worker;
      worker = null;
      if (current) await current.terminate();
    },
  };
}
