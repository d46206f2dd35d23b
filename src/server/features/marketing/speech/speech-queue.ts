import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { watchMemory } from '#server/ingest/memory-watchdog.ts';
import type { RenderedAudio, RenderJob } from './render.ts';

/*
 * Speech renders wait in a short queue and run one at a time (configurable), each in its own
 * child process with a memory cap and a time limit — the pattern of the document reader
 * (ingest/isolated.ts, decision 010): V8's heap limit, the kernel's data limit (ulimit -d) and
 * a watchdog on the child's resident memory. A burst of requests therefore costs one core and
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

function childCommand(limits: SpeechQueueLimits) {
  const nodeArgs = [`--max-old-space-size=${limits.maxMemoryMb}`, SPEECH_CHILD_ENTRY];
  if (process.platform === 'win32') return { command: process.execPath, args: nodeArgs };
  const dataKb = (limits.maxMemoryMb + KERNEL_HEADROOM_MB) * 1024;
  return {
    command: '/bin/sh',
    args: [
      '-c',
      `ulimit -d ${dataKb} && exec "$@"`,
      'docucard-speech',
      process.execPath,
      ...nodeArgs,
    ],
  };
}

/** One render in a fresh child process (its memory is returned to the system afterwards). */
function renderInChild(job: RenderJob, limits: SpeechQueueLimits): Promise<RenderedAudio> {
  return new Promise((resolve, reject) => {
    const { command, args } = childCommand(limits);
    const child = spawn(command, args, {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    let settled = false;
    const finish = (error: SpeechError | null, result?: RenderedAudio) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      watchdog?.stop();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (error) reject(error);
      else resolve(result!);
    };
    const timer = setTimeout(
      () => finish(new SpeechError('timeout', `the render overran ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    const watchdog =
      child.pid === undefined
        ? null
        : watchMemory(child.pid, {
            maxBytes: limits.maxMemoryMb * MB,
            intervalMs: 50,
            onExceeded: (rss) =>
              finish(new SpeechError('memory', `the render used ${Math.round(rss / MB)} MB`)),
          });
    child.on('message', (outcome: Outcome) => {
      if (outcome.ok) {
        const mp3 = outcome.result.mp3;
        finish(null, {
          ...outcome.result,
          mp3: new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength),
        });
      } else finish(new SpeechError('engine', outcome.message));
    });
    child.on('error', (error) => finish(new SpeechError('engine', error.message)));
    child.on('exit', (code, signal) => {
      const memory = signal === 'SIGSEGV' || signal === 'SIGABRT' || code === 134;
      finish(
        new SpeechError(memory ? 'memory' : 'engine', `the renderer stopped (${signal ?? code})`),
      );
    });
    child.send(job, (error) => {
      if (error) finish(new SpeechError('engine', error.message));
    });
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
