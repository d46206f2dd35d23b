import { ExtractionError } from './errors.ts';

/*
 * Every extraction runs against a deadline. The work receives an AbortSignal that fires when
 * the time is up or the caller gives up, so loops (PDF pages) stop between steps and workers
 * (OCR) can be terminated; the caller gets ExtractionError('timeout') either way.
 */

export function timeoutError(timeoutMs: number): ExtractionError {
  const seconds = Math.round(timeoutMs / 100) / 10;
  return new ExtractionError('timeout', `extraction took longer than ${seconds} s`, { seconds });
}

export async function runWithDeadline<T>(
  timeoutMs: number,
  outerSignal: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const onOuterAbort = () => controller.abort(outerSignal?.reason);
  if (outerSignal?.aborted) throw timeoutError(0);
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });

  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    controller.signal.addEventListener(
      'abort',
      () => {
        const reason: unknown = controller.signal.reason;
        reject(reason instanceof ExtractionError ? reason : timeoutError(timeoutMs));
      },
      { once: true },
    );
  });
  const running = work(controller.signal);
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    outerSignal?.removeEventListener('abort', onOuterAbort);
    // The losing promise may still settle later; its outcome no longer matters.
    running.catch(() => undefined);
    expired.catch(() => undefined);
  }
}

/** Throws the abort reason when the deadline passed: call between steps of long loops. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (!signal?.aborted) return;
  const reason: unknown = signal.reason;
  throw reason instanceof ExtractionError ? reason : timeoutError(0);
}
