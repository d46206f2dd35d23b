import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { ExtractionError } from '../errors.ts';

/*
 * One tesseract.js worker for the whole process, created on the first image and reused; its
 * jobs run one after another. The English traineddata comes from the installed
 * @tesseract.js-data/eng package (LSTM "best_int" model), so nothing is ever downloaded.
 */

const require = createRequire(import.meta.url);

/** Folder holding eng.traineddata.gz, inside node_modules. */
export function englishLangPath(): string {
  const packageJson = require.resolve('@tesseract.js-data/eng/package.json');
  return path.join(path.dirname(packageJson), '4.0.0_best_int');
}

let workerPromise: Promise<Worker> | null = null;

async function startWorker(): Promise<Worker> {
  try {
    // tesseract.js keeps the unpacked traineddata here, but does not create the folder.
    const cachePath = path.join(os.tmpdir(), 'docucard-tesseract');
    await fs.mkdir(cachePath, { recursive: true });
    return await createWorker('eng', OEM.LSTM_ONLY, {
      langPath: englishLangPath(),
      gzip: true,
      cachePath,
      // Without a handler tesseract.js rethrows a failed job inside its message listener, which
      // would be an uncaught exception: the job's own promise already carries the error.
      errorHandler: () => undefined,
      logger: () => undefined,
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('ocr-unavailable', `OCR could not start: ${message}`);
  }
}

function getWorker(): Promise<Worker> {
  if (!workerPromise) {
    workerPromise = startWorker();
    // A worker that failed to start is forgotten, so the next image tries again.
    workerPromise.catch(() => {
      workerPromise = null;
    });
  }
  return workerPromise;
}

/** Stops the worker (a stuck job cannot be cancelled otherwise); the next image starts a new one. */
async function discardWorker(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (!pending) return;
  try {
    await (await pending).terminate();
  } catch {
    // already gone
  }
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean confidence, 0-100. */
  confidence: number;
}

/*
 * Jobs are handed to the worker one at a time: when a job overruns its deadline the worker is
 * terminated, and only that job may be on it.
 */
let queue: Promise<unknown> = Promise.resolve();

function enqueue<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/** Text in the image; a deadline abort terminates the worker so the job really stops. */
export function recognizeImageText(filePath: string, signal: AbortSignal): Promise<OcrResult> {
  return enqueue(async () => {
    if (signal.aborted) throw signal.reason;
    const worker = await getWorker();
    if (signal.aborted) throw signal.reason;
    // A terminated worker never answers the job it was running: the abort settles the job
    // instead, so the queue moves on.
    let rejectAborted: (reason: unknown) => void = () => undefined;
    const aborted = new Promise<never>((_, reject) => {
      rejectAborted = reject;
    });
    const onAbort = () => {
      void discardWorker();
      rejectAborted(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const recognizing = worker.recognize(filePath);
    recognizing.catch(() => undefined);
    try {
      const { data } = await Promise.race([recognizing, aborted]);
      return { text: data.text, confidence: data.confidence };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      const message = error instanceof Error ? error.message : String(error);
      throw new ExtractionError('corrupt-document', `the image could not be read: ${message}`);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  });
}

/** Terminates the OCR worker; call on server shutdown (and after tests). */
export async function shutdownOcr(): Promise<void> {
  await discardWorker();
}
