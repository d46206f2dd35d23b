import { describe, expect, it } from 'vitest';
import { ExtractionError } from '../errors.ts';
import { OcrQueue } from './ocr-queue.ts';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('OcrQueue', () => {
  it('runs one job at a time and refuses jobs beyond the waiting list', async () => {
    const queue = new OcrQueue({ concurrency: 1, maxWaiting: 2 });
    const gate = deferred();
    let active = 0;
    let peak = 0;
    const job = async () => {
      active++;
      peak = Math.max(peak, active);
      await gate.promise;
      active--;
      return 'ok';
    };
    const running = [queue.run(job), queue.run(job), queue.run(job)];
    expect(queue.stats).toEqual({ running: 1, waiting: 2 });
    const refused = await queue.run(job).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ExtractionError);
    expect((refused as ExtractionError).code).toBe('ocr-busy');
    gate.resolve();
    expect(await Promise.all(running)).toEqual(['ok', 'ok', 'ok']);
    expect(peak).toBe(1);
    expect(queue.stats).toEqual({ running: 0, waiting: 0 });
  });

  it('lets a waiting job leave when its caller gives up', async () => {
    const queue = new OcrQueue({ concurrency: 1, maxWaiting: 4 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const second = queue.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort(new Error('deadline'));
    await expect(second).rejects.toThrow('deadline');
    expect(queue.stats.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
  });

  it('keeps two slots busy with a concurrency of two, each with its own slot number', async () => {
    const queue = new OcrQueue({ concurrency: 2, maxWaiting: 4 });
    const slots: number[] = [];
    const gate = deferred();
    const jobs = [0, 1, 2].map(() =>
      queue.run(async (slot) => {
        slots.push(slot);
        await gate.promise;
      }),
    );
    expect(queue.stats).toEqual({ running: 2, waiting: 1 });
    gate.resolve();
    await Promise.all(jobs);
    expect(slots.slice(0, 2).sort()).toEqual([0, 1]);
  });
});
