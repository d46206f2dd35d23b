import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { IngestError, type IngestErrorParams, type IngestReasonCode } from './errors.ts';
import type { AnalysedDocument } from './analyse.ts';
import type { ExtractProgress, IngestedDocument, IngestOptions } from './index.ts';
import type { AnalyseJob, CardAnalysis, IngestJob, ReaderJob } from './ingest-child.ts';
import { watchMemory, type MemoryWatchdog } from './memory-watchdog.ts';

/*
 * Documents are read in a separate process with a memory cap that really holds. A worker
 * thread could not do that: its resourceLimits bound only the V8 heap, while pdf.js inflates
 * streams into ArrayBuffers and tesseract lives in WebAssembly memory — a 2 MB PDF that
 * inflated to 2 GB took the whole server to 4.7 GB. Three limits now stand around the child:
 *
 * 1. a watchdog reads the child's resident memory every 50 ms and kills it above the cap;
 * 2. the kernel refuses the child any data segment beyond cap + KERNEL_HEADROOM_MB
 *    (RLIMIT_DATA, through `ulimit -d`). Not RLIMIT_AS: V8 reserves gigabytes of address
 *    space for WebAssembly, which would break OCR. Tesseract commits ~1.3 GB of (mostly
 *    untouched) WebAssembly memory, hence the headroom; the watchdog is the precise cap;
 * 3. V8's own heap limit (--max-old-space-size).
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
/** Beyond the watchdog's cap, what the kernel still grants (see 2. above). */
const KERNEL_HEADROOM_MB = 2048;
const WATCHDOG_INTERVAL_MS = 50;
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
   * analyseDocuments and buildIntelligence of a card's documents, in the same child: on a
   * 5,000-row workbook they take the CPU for most of a second, which the server's event loop
   * (answering visitors, showing the document ready) should not give.
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

/** `node …entry` under RLIMIT_DATA where a POSIX shell exists; plain node elsewhere. */
function childCommand(limits: IsolationLimits): { command: string; args: string[] } {
  const nodeArgs = [`--max-old-space-size=${limits.maxMemoryMb}`, INGEST_CHILD_ENTRY];
  if (process.platform === 'win32') return { command: process.execPath, args: nodeArgs };
  const dataKb = (limits.maxMemoryMb + KERNEL_HEADROOM_MB) * 1024;
  return {
    command: '/bin/sh',
    args: [
      '-c',
      `ulimit -d ${dataKb} && exec "$@"`,
      'docucard-reader',
      process.execPath,
      ...nodeArgs,
    ],
  };
}

/** A job as the caller gives it: the id is added when it is sent. */
type JobBody = Omit<IngestJob, 'id'> | Omit<AnalyseJob, 'id'>;

interface Reader {
  process: ChildProcess;
  watchdog: MemoryWatchdog | null;
  /** Set when we ended it on purpose (watchdog, time limit, close), for its exit. */
  endedBecause: IngestError | null;
}

interface PendingJob {
  owner: Reader;
  resolve: (result: unknown) => void;
  reject: (e: Error) => void;
  onProgress?: (progress: ExtractProgress) => void;
}

/** Why a child died that we did not kill: out of memory (the kernel's or V8's limit) or a crash. */
function deathReason(limits: IsolationLimits, code: number | null, signal: string | null) {
  // SIGSEGV/SIGABRT/SIGTRAP: an mmap refused under RLIMIT_DATA, or V8's "heap limit" abort (134).
  const memorySignals = ['SIGSEGV', 'SIGABRT', 'SIGTRAP', 'SIGBUS', 'SIGKILL'];
  if ((signal && memorySignals.includes(signal)) || code === 134 || code === 133) {
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

  /** An idle reader must not keep the process alive; a busy one must. */
  function setBusy(owner: Reader, busy: boolean): void {
    const channel = owner.process.channel as { ref(): void; unref(): void } | undefined;
    if (busy) {
      owner.process.ref();
      channel?.ref();
    } else {
      owner.process.unref();
      channel?.unref();
    }
  }

  function end(owner: Reader, because: IngestError): void {
    owner.endedBecause ??= because;
    owner.watchdog?.stop();
    if (reader === owner) reader = null;
    owner.process.kill('SIGKILL');
    failJobsOf(owner, owner.endedBecause);
  }

  function spawnReader(): Reader {
    const { command, args } = childCommand(limits);
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const created: Reader = { process: child, watchdog: null, endedBecause: null };
    if (child.pid !== undefined) {
      created.watchdog = watchMemory(child.pid, {
        maxBytes: limits.maxMemoryMb * MB,
        intervalMs: WATCHDOG_INTERVAL_MS,
        onExceeded: (rss) =>
          end(
            created,
            memoryLimitError(
              limits.maxMemoryMb,
              `the reader used ${Math.round(rss / MB)} MB (cap ${limits.maxMemoryMb} MB)`,
            ),
          ),
      });
    }
    child.on('message', (outcome: Outcome) => {
      const job = pending.get(outcome.id);
      if (!job) return;
      if ('progress' in outcome) {
        job.onProgress?.(outcome.progress);
        return;
      }
      pending.delete(outcome.id);
      if (!hasJobs(created)) setBusy(created, false);
      if (outcome.ok) job.resolve(outcome.result);
      else
        job.reject(
          new IngestError(outcome.error.code, outcome.error.message, outcome.error.params),
        );
    });
    child.on('error', (error) => {
      end(created, new IngestError('corrupt-document', error.message, { limit: 'worker' }));
    });
    child.on('exit', (code, signal) => {
      created.watchdog?.stop();
      if (reader === created) reader = null;
      failJobsOf(created, created.endedBecause ?? deathReason(limits, code, signal));
    });
    setBusy(created, false);
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
      const timer = setTimeout(
        () =>
          end(
            current,
            new IngestError('timeout', 'the reader overran', {
              seconds: Math.round(hardLimit / 1000),
            }),
          ),
        hardLimit,
      );
      pending.set(id, {
        owner: current,
        ...(onProgress ? { onProgress } : {}),
        resolve: (result) => {
          clearTimeout(timer);
          resolve(result as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      setBusy(current, true);
      current.process.send({ ...job, id } as ReaderJob, (error) => {
        if (error) end(current, new IngestError('corrupt-document', error.message));
      });
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
      const exited = new Promise((resolve) => current.process.once('exit', resolve));
      end(current, new IngestError('timeout', 'the reader was closed', { seconds: 0 }));
      if (current.process.exitCode === null && current.process.signalCode === null) await exited;
    },
  };
}
