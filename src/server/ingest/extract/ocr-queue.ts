import { ExtractionError } from '../errors.ts';

/*
 * OCR is the heaviest thing a process does (a tesseract job takes seconds of CPU and a couple of
 * hundred MB), so every OCR job of a process, document page or chat photo alike, passes through
 * one bounded queue: a fixed number run at a time, a bounded number wait, and the rest are
 * refused at once ('ocr-busy') instead of piling up behind four 40-megapixel photos. A waiting
 * job whose caller gives up (deadline, shutdown) leaves the queue without running.
 */

export interface OcrQueueLimits {
  /** Jobs running at the same time (one tesseract worker each). */
  concurrency: number;
  /** Jobs allowed to wait; one more is refused. */
  maxWaiting: number;
}

export const DEFAULT_OCR_QUEUE_LIMITS: OcrQueueLimits = { concurrency: 1, maxWaiting: 8 };

interface Waiter {
  /** Hands a slot straight to the waiter, so nobody can take it in between. */
  start: (slot: number) => void;
}

export class OcrQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];

  constructor(private readonly limits: OcrQueueLimits = DEFAULT_OCR_QUEUE_LIMITS) {}

  get stats(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Runs `job` when a slot is free; `slot` is which of the `concurrency` slots it holds. */
  async run<T>(job: (slot: number) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw signal.reason;
    let slot: number;
    if (this.running < this.limits.concurrency) {
      slot = this.takeSlot();
    } else {
      if (this.waiting.length >= this.limits.maxWaiting) {
        throw new ExtractionError('ocr-busy', 'too many images are waiting for text recognition', {
          waiting: this.waiting.length,
        });
      }
      slot = await this.waitForSlot(signal);
    }
    try {
      return await job(slot);
    } finally {
      this.releaseSlot(slot);
    }
  }

  private readonly busySlots = new Set<number>();

  private takeSlot(): number {
    this.running++;
    let slot = 0;
    while (this.busySlots.has(slot)) slot++;
    this.busySlots.add(slot);
    return slot;
  }

  private releaseSlot(slot: number): void {
    const next = this.waiting.shift();
    if (next) {
      next.start(slot);
      return;
    }
    this.busySlots.delete(slot);
    this.running--;
  }

  private waitForSlot(signal: AbortSignal | undefined): Promise<number> {
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = {
        start: (slot) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(slot);
        },
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(waiter);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }
}
