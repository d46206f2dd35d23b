import { fileURLToPath } from 'node:url';
import { spawnCappedChild, type CappedChild } from '#server/lib/child-process.ts';
import type {
  ImageJob,
  PdfLayoutJob,
  PdfRenderJob,
  RenderedImage,
  RenderJob,
  RenderOutcome,
  TextPageJob,
  ZipPictureJob,
} from './render-jobs.ts';
import type { PageLayout } from './page-layout.ts';

/*
 * Page previews are drawn in one long-lived child process with a memory cap (lib/child-process.ts,
 * as the document reader: decision 010), never in the server: pdf.js inflates a catalogue's
 * images into memory we do not control. At most RENDER_CONCURRENCY jobs run at once and a short
 * line waits; beyond it a job is refused (the caller falls back to the excerpt drawn as text).
 * A child that dies fails its jobs and the next job starts a fresh one.
 */

export const PAGE_RENDER_CHILD_ENTRY = fileURLToPath(
  new URL('./page-render-child-entry.mjs', import.meta.url),
);

export const RENDER_LIMITS = {
  concurrency: 2,
  maxWaiting: 16,
  maxMemoryMb: 768,
  timeoutMs: 20_000,
} as const;
const KERNEL_HEADROOM_MB = 1024;
const MB = 1024 * 1024;

export class RenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenderError';
  }
}

/** Every slot and the line are taken: the caller should be told to come back shortly. */
export class RenderBusyError extends RenderError {}

export interface PageRenderer {
  pdfLayout(job: Omit<PdfLayoutJob, 'type'>): Promise<{ layout: PageLayout; pageCount: number }>;
  pdfRender(job: Omit<PdfRenderJob, 'type'>): Promise<RenderedImage>;
  image(job: Omit<ImageJob, 'type'>): Promise<RenderedImage>;
  textPage(job: Omit<TextPageJob, 'type'>): Promise<RenderedImage>;
  zipPicture(job: Omit<ZipPictureJob, 'type'>): Promise<RenderedImage>;
  close(): Promise<void>;
}

type Child = CappedChild<RenderError>;

interface Pending {
  owner: Child;
  resolve(result: unknown): void;
  reject(error: Error): void;
}

function asBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function createPageRenderer(limits = RENDER_LIMITS): PageRenderer {
  let child: Child | null = null;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let running = 0;
  const waiting: Array<() => void> = [];

  function failJobsOf(owner: Child, error: RenderError) {
    for (const [id, job] of pending) {
      if (job.owner !== owner) continue;
      pending.delete(id);
      job.reject(error);
    }
  }

  function spawnChild(): Child {
    const created = spawnCappedChild<RenderError>({
      entry: PAGE_RENDER_CHILD_ENTRY,
      name: 'docucard-pages',
      maxMemoryMb: limits.maxMemoryMb,
      kernelHeadroomMb: KERNEL_HEADROOM_MB,
      stderr: 'ignore',
      serialization: 'advanced',
      reasons: {
        memory: (rss) => new RenderError(`the page renderer used ${Math.round(rss / MB)} MB`),
        exit: ({ code, signal }) =>
          new RenderError(`the page renderer stopped (${signal ?? code})`),
        error: (error) => new RenderError(error.message),
      },
      onEnd(because, ended) {
        if (child === ended) child = null;
        failJobsOf(ended, because);
      },
    });
    created.process.on('message', (outcome: RenderOutcome) => {
      const job = pending.get(outcome.id);
      if (!job) return;
      pending.delete(outcome.id);
      if (![...pending.values()].some((other) => other.owner === created)) {
        created.keepAlive(false);
      }
      if (outcome.ok) job.resolve(outcome.result);
      else job.reject(new RenderError(outcome.message));
    });
    created.keepAlive(false);
    return created;
  }

  function send<T>(job: RenderJob): Promise<T> {
    child ??= spawnChild();
    const current = child;
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      const clear = current.deadline(
        limits.timeoutMs,
        () => new RenderError(`a page render overran ${limits.timeoutMs} ms`),
      );
      pending.set(id, {
        owner: current,
        resolve: (result) => {
          clear();
          resolve(result as T);
        },
        reject: (error) => {
          clear();
          reject(error);
        },
      });
      current.keepAlive(true);
      current.send({ id, job });
    });
  }

  /** One slot of RENDER_CONCURRENCY; handed straight to the next waiter when released. */
  async function inSlot<T>(work: () => Promise<T>): Promise<T> {
    if (running >= limits.concurrency) {
      if (waiting.length >= limits.maxWaiting) throw new RenderBusyError('too many pages waiting');
      await new Promise<void>((resume) => waiting.push(resume));
    } else running += 1;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  }

  async function image(job: RenderJob): Promise<RenderedImage> {
    const result = await inSlot(() => send<RenderedImage>(job));
    return { ...result, bytes: asBytes(result.bytes) };
  }

  return {
    pdfLayout: (job) => inSlot(() => send({ type: 'pdf-layout', ...job })),
    pdfRender: (job) => image({ type: 'pdf-render', ...job }),
    image: (job) => image({ type: 'image', ...job }),
    textPage: (job) => image({ type: 'text-page', ...job }),
    zipPicture: (job) => image({ type: 'zip-picture', ...job }),
    async close() {
      const current = child;
      child = null;
      if (!current) return;
      current.end(new RenderError('the page renderer was closed'));
      await current.exited;
    },
  };
}
