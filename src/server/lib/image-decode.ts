import { Worker } from 'node:worker_threads';
import type { DecodableFormat, DecodeJob, DecodeReply } from './image-decode-worker.ts';

export type { DecodableFormat } from './image-decode-worker.ts';

/*
 * Whether a PNG or JPEG decodes as a whole image, every pixel of it — not just its header, so
 * a valid header followed by junk, or an image cut short, is told apart from a photo. The
 * decoders (pngjs, jpeg-js) are plain JavaScript: they run in a thread of their own so a large
 * photo does not stall the server, one image at a time so memory stays bounded (the caller
 * checks the size in the header first: the decoder's memory follows from it). The thread is
 * started with the first image and ended after a while without work.
 */

const WORKER_ENTRY = new URL('./image-decode-worker-entry.mjs', import.meta.url);
/** The thread's V8 heap (the pixels themselves live in buffers, bounded by the pixel limit). */
const WORKER_HEAP_MB = 256;
/** A thread without work for this long is ended (the next image starts a new one). */
const WORKER_IDLE_MS = 30_000;
/** An image that takes longer (the thread's start included) counts as undecodable. */
const DECODE_TIMEOUT_MS = 20_000;

export type DecodeOutcome =
  { ok: true; width: number; height: number } | { ok: false; reason: string };

export interface DecodeOptions {
  /** The largest width × height accepted (checked from the header before this is called). */
  maxPixels: number;
  timeoutMs?: number;
}

let worker: Worker | null = null;
let idleTimer: NodeJS.Timeout | null = null;
let nextJobId = 0;
/** The decodes waiting: one runs at a time. */
let queue: Promise<unknown> = Promise.resolve();

function spawnWorker(): Worker {
  const started = new Worker(WORKER_ENTRY, {
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  // Its end is handled on 'exit'; an unhandled 'error' event would take the server along.
  started.on('error', () => undefined);
  started.on('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

function endWorker(ended: Worker): void {
  if (worker === ended) worker = null;
  void ended.terminate();
}

function park(idle: Worker): void {
  idle.unref();
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => endWorker(idle), WORKER_IDLE_MS);
  idleTimer.unref();
}

function runJob(job: DecodeJob, timeoutMs: number): Promise<DecodeOutcome> {
  const current = (worker ??= spawnWorker());
  if (idleTimer) clearTimeout(idleTimer);
  current.ref();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: DecodeOutcome, healthy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      current.off('message', onMessage);
      current.off('exit', onExit);
      if (healthy) park(current);
      else endWorker(current);
      resolve(outcome);
    };
    const onMessage = (reply: DecodeReply) => {
      if (reply.id !== job.id) return;
      finish(
        reply.ok
          ? { ok: true, width: reply.width, height: reply.height }
          : { ok: false, reason: reply.reason },
        true,
      );
    };
    // Out of memory, or killed: the image is not accepted, the next one gets a new thread.
    const onExit = () => finish({ ok: false, reason: 'the decoder stopped' }, false);
    const timer = setTimeout(
      () => finish({ ok: false, reason: 'decoding took too long' }, false),
      timeoutMs,
    );
    current.on('message', onMessage);
    current.on('exit', onExit);
    current.postMessage(job);
  });
}

/** Decodes the whole image in the decoding thread; a bad image is an outcome, never a throw. */
export function decodeWholeImage(
  bytes: Uint8Array,
  format: DecodableFormat,
  options: DecodeOptions,
): Promise<DecodeOutcome> {
  const job: DecodeJob = { id: ++nextJobId, bytes, format, maxPixels: options.maxPixels };
  const outcome = queue.then(() => runJob(job, options.timeoutMs ?? DECODE_TIMEOUT_MS));
  queue = outcome.catch(() => undefined);
  return outcome;
}
