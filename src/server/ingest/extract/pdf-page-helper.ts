import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { processResidentBytes } from './pdf-memory.ts';
import type { PageResult } from './pdf-pages.ts';
import type { HelperJob, HelperMessage } from './pdf-page-worker.ts';

/*
 * A second thread that reads PDF pages beside the one that opened the document, so that a long
 * text PDF uses both cores of the machine (pdf.js is single-threaded: its "worker" runs in the
 * calling thread in Node). One helper per process, started with the first long PDF and kept
 * while PDFs keep coming (loading pdf.js costs it half a second, a second under tsx), ended
 * after a while without work so its memory goes back.
 *
 * It counts against the reading process's memory cap (isolated.ts) together with the thread
 * that lends it work, and parked it keeps the heap it grew. So it works only while the whole
 * process holds less than HELPER_MAX_PROCESS_MB: it is not lent above that mark, it stops
 * taking pages once the process passes it, and it is ended, giving its memory back, whenever
 * the process is found above it (after a document, or by the reading thread between pages:
 * releaseHelperIfMemoryHigh). Its own V8 heap is capped as well.
 */

const WORKER_ENTRY = new URL('./pdf-page-worker-entry.mjs', import.meta.url);
/** The helper's V8 heap; a page that needs more is read again by the asking thread. */
const HELPER_HEAP_MB = 256;
/** A helper without work for this long is ended (the next document starts a new one). */
const HELPER_IDLE_MS = 15_000;
/**
 * Resident memory of the whole process (both threads) above which the helper is not lent, stops
 * and is ended: the reader's 1024 MB cap (isolated.ts) less room for a sudden need of the
 * reading thread (a page's images decoded) while the helper is still ending.
 */
export const HELPER_MAX_PROCESS_MB = 704;
const HELPER_MAX_PROCESS_BYTES = HELPER_MAX_PROCESS_MB * 1024 * 1024;

function memoryHigh(): boolean {
  return processResidentBytes() > HELPER_MAX_PROCESS_BYTES;
}

interface Helper {
  worker: Worker;
  busy: boolean;
  idleTimer: NodeJS.Timeout | null;
}

let helper: Helper | null = null;

function spawnHelper(): Helper {
  const worker = new Worker(WORKER_ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: HELPER_HEAP_MB },
  });
  const created: Helper = { worker, busy: false, idleTimer: null };
  // Its death is handled on 'exit'; an unhandled 'error' event would take this process along.
  worker.on('error', () => undefined);
  worker.on('exit', () => {
    if (helper === created) helper = null;
  });
  return created;
}

function park(idle: Helper): void {
  idle.busy = false;
  idle.worker.unref();
  idle.idleTimer = setTimeout(() => {
    if (helper === idle && !idle.busy) helper = null;
    if (!idle.busy) void idle.worker.terminate();
  }, HELPER_IDLE_MS);
  idle.idleTimer.unref();
}

export interface HelperRun {
  /** Settles when the helper has stopped taking pages: all taken, or it is gone. */
  finished: Promise<void>;
  /** Ends the helper at once, whatever page it is on (the reading failed or ran out of time). */
  abandon(): void;
}

/** Whether a core and memory are to spare for a second reading thread, and it is free. */
export function canLendHelper(): boolean {
  return os.availableParallelism() >= 2 && !helper?.busy && !memoryHigh();
}

/**
 * Has the helper take pages from `job.claims` and hands each page it reads to `onPage`, or
 * returns null when it is busy with another document.
 */
export function lendHelper(
  job: Omit<HelperJob, 'maxProcessBytes'> & Partial<Pick<HelperJob, 'maxProcessBytes'>>,
  onPage: (result: PageResult) => void,
): HelperRun | null {
  if (!canLendHelper()) return null;
  helper ??= spawnHelper();
  const current = helper;
  const { worker } = current;
  if (current.idleTimer) clearTimeout(current.idleTimer);
  current.busy = true;
  worker.ref();

  let settle!: () => void;
  const finished = new Promise<void>((resolve) => (settle = resolve));
  let settled = false;
  const finish = (gone: boolean) => {
    if (settled) return;
    settled = true;
    worker.off('message', onMessage);
    worker.off('exit', onExit);
    if (gone) current.busy = false;
    else if (memoryHigh()) endHelper(current);
    else park(current);
    settle();
  };
  const onMessage = (message: HelperMessage) => {
    if (message.type === 'page') onPage(message.result);
    else finish(false);
  };
  const onExit = () => finish(true);
  worker.on('message', onMessage);
  worker.on('exit', onExit);
  worker.postMessage({
    ...job,
    maxProcessBytes: job.maxProcessBytes ?? HELPER_MAX_PROCESS_BYTES,
  } satisfies HelperJob);
  return {
    finished,
    abandon() {
      if (settled) return;
      finish(true);
      endHelper(current);
    },
  };
}

/**
 * Ends the helper now, giving its memory back: before OCR, which needs all it can get. A
 * document it was still helping with reads the rest of its pages itself.
 */
export function releaseHelper(): void {
  if (helper) endHelper(helper);
}

/** Ends the helper when the process holds more memory than it may have beside it. */
export function releaseHelperIfMemoryHigh(): void {
  if (helper && memoryHigh()) endHelper(helper);
}

function endHelper(ended: Helper): void {
  if (helper === ended) helper = null;
  if (ended.idleTimer) clearTimeout(ended.idleTimer);
  void ended.worker.terminate();
}
