import { fileURLToPath } from 'node:url';
import { spawnCappedChild } from '#server/lib/child-process.ts';
import type { RenderedAudio, RenderJob } from './render.ts';

/*
 * Speech renders wait in a short queue and run one at a time (configurable), each in its own
 * child process with a memory cap and a time limit — lib/child-process.ts, as the document
 * reader (ingest/isolated.ts, decision 010): V8's heap limit, the kernel's data limit
 * (ulimit -d) and a watchdog on the child's resident memory. A burst of requests therefore costs one core and
 * a few hundred MB at most; past the queue's length callers are told to retry (429), and a
 * render that overruns or outgrows its cap is killed without touching the server.
 */

export const SPEECH_CHILD_ENTRY = fileURLToPath(
  new URL('./speech-child-entry.mjs', import.meta.url),
);

export interface SpeechQueueLimits {
  /** Renders running at once (each in its own process). */
  concurrency: number;
  /** Renders that may wait for a slot; one more is refused with `busy`. */
  maxWaiting: number;
  /** Resident memory of one render process. */
  maxMemoryMb: number;
  /** Wall-clock limit of one render, waiting excluded. */
  timeoutMs: number;
}

export const DEFAULT_SPEECH_LIMITS: SpeechQueueLimits = {
  concurrency: 1,
  maxWaiting: 4,
  maxMemoryMb: 384,
  timeoutMs: 60_000,
};

const KERNEL_HEADROOM_MB = 512;
const MB = 1024 * 1024;

export type SpeechFailure = 'busy' | 'timeout' | 'memory' | 'engine';

export class SpeechError extends Error {
  constructor(
    readonly reason: SpeechFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'SpeechError';
  }
}

type Outcome = { ok: true; result: RenderedAudio } | { ok: false; message: string };

export interface SpeechQueue {
  render(job: RenderJob): Promise<RenderedAudio>;
  /** Renders running and waiting (for tests and the bench). */
  load(): { running: number; waiting: number };
}

/** One render in a fresh child process (its memory is returned to the system afterwards). */
function renderInChild(job: RenderJob, limits: SpeechQueueLimits): Promise<RenderedAudio> {
  return new Promise((resolve, reject) => {
    const child = spawnCappedChild<SpeechError>({
      entry: SPEECH_CHILD_ENTRY,
      name: 'docucard-speech',
      maxMemoryMb: limits.maxMemoryMb,
      kernelHeadroomMb: KERNEL_HEADROOM_MB,
      stderr: 'ignore',
      serialization: 'advanced',
      reasons: {
        memory: (rss) => new SpeechError('memory', `the render used ${Math.round(rss / MB)} MB`),
        exit: ({ code, signal, outOfMemory }) =>
          new SpeechError(
            outOfMemory ? 'memory' : 'engine',
            `the renderer stopped (${signal ?? code})`,
          ),
        error: (error) => new SpeechError('engine', error.message),
      },
      onEnd: reject,
    });
    child.deadline(
      limits.timeoutMs,
      () => new SpeechError('timeout', `the render overran ${limits.timeoutMs} ms`),
    );
    child.process.on('message', (outcome: Outcome) => {
      if (child.ended) return;
      if (outcome.ok) {
        const mp3 = outcome.result.mp3;
        // Done with the child (it exits by itself once the answer is out).
        child.end();
        resolve({
          ...outcome.result,
          mp3: new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength),
        });
      } else child.end(new SpeechError('engine', outcome.message));
    });
    child.send(job);
  });
}

export function createSpeechQueue(limits: SpeechQueueLimits = DEFAULT_SPEECH_LIMITS): SpeechQueue {
  let running = 0;
  const waiting: Array<() => void> = [];

  /** Hands the slot straight to the next waiter, so a newcomer cannot slip in between. */
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return {
    async render(job) {
      if (running >= limits.concurrency) {
        if (waiting.length >= limits.maxWaiting) {
          throw new SpeechError('busy', 'too many audio renders are waiting');
        }
        await new Promise<void>((resume) => waiting.push(resume));
      } else {
        running += 1;
      }
      try {
        return await renderInChild(job, limits);
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
