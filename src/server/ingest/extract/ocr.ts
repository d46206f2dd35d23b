import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Page, type Worker } from 'tesseract.js';
import { ExtractionError } from '../errors.ts';
import { countChineseVariants } from '#server/text/han-script.ts';
import { OcrQueue } from './ocr-queue.ts';
import { OCR_DPI } from './pdf-render.ts';
import type { OcrWord } from './types.ts';

/*
 * Text recognition with tesseract.js in Simplified Chinese, Traditional Chinese and English,
 * from the installed @tesseract.js-data packages (LSTM "best_int" models, read from disk: nothing
 * is ever downloaded). An image is read with Simplified Chinese first (its model reads Latin
 * letters and digits too); when that reads poorly or finds Traditional characters, it is read
 * again with Traditional Chinese, and when it finds no Chinese at all, with English; the more
 * confident reading wins. (All three models in one pass is twice as slow and mixes the scripts
 * up.) Every job of the process goes through one bounded OcrQueue; each queue slot
 * has its own workers, created on first use and reused. See docs/decisions/009-ocr-engine.md
 * for why tesseract and not PaddleOCR.
 */

const require = createRequire(import.meta.url);

export const OCR_LANGUAGES = ['chi_sim', 'chi_tra', 'eng'] as const;

/** Folder holding <lang>.traineddata.gz of one installed @tesseract.js-data package. */
export function languageDataPath(language: (typeof OCR_LANGUAGES)[number]): string {
  const packageJson = require.resolve(`@tesseract.js-data/${language}/package.json`);
  return path.join(path.dirname(packageJson), '4.0.0_best_int');
}

const CACHE_DIR = path.join(os.tmpdir(), 'docucard-tesseract');

/**
 * tesseract.js reads every language from one folder: link the packages' files into one.
 * (The cache folder also keeps the unpacked models, so a later worker starts faster.)
 */
export async function prepareLanguageFolder(): Promise<string> {
  const folder = path.join(CACHE_DIR, 'lang');
  await fs.mkdir(folder, { recursive: true });
  for (const language of OCR_LANGUAGES) {
    const file = `${language}.traineddata.gz`;
    const target = path.join(languageDataPath(language), file);
    const link = path.join(folder, file);
    const current = await fs.readlink(link).catch(() => null);
    if (current === target) continue;
    await fs.rm(link, { force: true });
    await fs.symlink(target, link);
  }
  return folder;
}

/*
 * One language per worker. Loaded together, Chinese first ("chi_sim+eng"), tesseract.js-core
 * never loaded the English model (it looked for a language with a garbage name instead), and
 * loaded for real, English read Chinese worse ("毫米" as "ZK"): English has a worker of its own.
 */
const MODELS = {
  simplified: ['chi_sim'],
  traditional: ['chi_tra'],
  english: ['eng'],
} as const;
type Model = keyof typeof MODELS;

/** Confidence (0-100) under which a Simplified reading of Chinese is tried in Traditional too. */
const RETRY_CONFIDENCE = 80;
/**
 * Latin text without Chinese is the English model's own: it wins unless it is this much less
 * confident. The Chinese model reads Latin letters too, but drops the dot of a domain
 * ("iberiawater.es" -> "iberiawateres"), accents and ASCII punctuation ("S.L," for "S.L."),
 * and was 1 point more confident doing it on a Spanish business card.
 */
const ENGLISH_MARGIN = 5;

const workers = new Map<string, Promise<Worker>>();

async function startWorker(model: Model): Promise<Worker> {
  try {
    const langPath = await prepareLanguageFolder();
    const worker = await createWorker([...MODELS[model]], OEM.LSTM_ONLY, {
      langPath,
      gzip: true,
      cachePath: CACHE_DIR,
      // Without a handler tesseract.js rethrows a failed job inside its message listener, which
      // would be an uncaught exception: the job's own promise already carries the error.
      errorHandler: () => undefined,
      logger: () => undefined,
    });
    // Keep the spaces tesseract sees between Latin words; page segmentation stays automatic.
    // tesseract's diagnostics ("Estimating resolution as 367", "Detected 12 diacritics") are
    // written by the WebAssembly core to stderr, which is the server's log: they go to the core's
    // own /dev/null instead. Failures still reach us as the job's rejected promise.
    await worker.setParameters({ preserve_interword_spaces: '1', debug_file: '/dev/null' });
    return worker;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('ocr-unavailable', `OCR could not start: ${message}`);
  }
}

async function workerFor(slot: number, model: Model): Promise<Worker> {
  const key = `${slot}:${model}`;
  let pending = workers.get(key);
  if (!pending) {
    // One model per slot at a time: two tesseract instances (Simplified and Traditional) in one
    // reader process would take it past its memory cap on large pages.
    await discardWorkers(slot);
    const starting = startWorker(model);
    workers.set(key, starting);
    // A worker that failed to start is forgotten, so the next image tries again.
    starting.catch(() => {
      if (workers.get(key) === starting) workers.delete(key);
    });
    pending = starting;
  }
  return pending;
}

/** Stops a slot's workers (a stuck job cannot be cancelled otherwise); the next job starts new ones. */
async function discardWorkers(slot: number): Promise<void> {
  // Forgotten at once, so the next job of the slot starts a fresh worker...
  const keys = [...workers.keys()].filter((key) => key.startsWith(`${slot}:`));
  const pendings = keys.map((key) => {
    const pending = workers.get(key);
    workers.delete(key);
    return pending;
  });
  // ...but terminated only after this turn's microtasks: a recognize() that is between loading
  // its image and posting its job would otherwise post to a terminated worker, which
  // tesseract.js reports as an unhandled rejection.
  await new Promise((resolve) => setImmediate(resolve));
  await Promise.all(
    pendings.map(async (pending) => {
      try {
        await (await pending)?.terminate();
      } catch {
        // already gone
      }
    }),
  );
}

const HAN_OR_KANA = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]`;
const SPACE_BETWEEN_CJK = new RegExp(`(?<=${HAN_OR_KANA}) +(?=${HAN_OR_KANA})`, 'gu');

/** Tesseract separates every Chinese character with a space: Chinese is written without them. */
export function removeSpacesBetweenCjk(text: string): string {
  return text.replace(SPACE_BETWEEN_CJK, '');
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean confidence, 0-100. */
  confidence: number;
  /** The words read and where they are, in the image's pixels (only when asked for). */
  words?: OcrWord[];
}

/** The words of tesseract's blocks (its boxes are whole pixels, x1/y1 exclusive). */
function wordsOf(page: Page): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          const { x0, y0, x1, y1 } = word.bbox;
          words.push({ text, x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
        }
      }
    }
  }
  return words;
}

const queue = new OcrQueue();

/** How busy OCR is in this process (for tests and health). */
export function ocrQueueStats(): { running: number; waiting: number } {
  return queue.stats;
}

/**
 * The model that reads the image again after Simplified Chinese, if any: Traditional Chinese
 * when that read poorly or found Traditional characters, English when it found Latin letters but
 * no Chinese at all.
 */
function secondReading(first: OcrResult): Model | null {
  if (!/\p{Script=Han}/u.test(first.text)) {
    return /\p{Script=Latin}/u.test(first.text) ? 'english' : null;
  }
  const variants = countChineseVariants(first.text);
  return first.confidence < RETRY_CONFIDENCE || variants.traditional > 0 ? 'traditional' : null;
}

/**
 * Text in an image (a file path or encoded PNG/JPEG bytes). Waits for a free OCR slot, or
 * fails with 'ocr-busy' when too many images already wait; a deadline abort terminates the
 * worker so the job really stops. With `withWords`, the result carries the words' boxes too
 * (a document's page keeps them, so that its preview can mark a quote: decision 032).
 */
export function recognizeImageText(
  image: string | Buffer,
  signal: AbortSignal,
  layout: OcrLayout = 'photo',
  { withWords = false }: { withWords?: boolean } = {},
): Promise<OcrResult> {
  cancelIdleRelease();
  const reading = queue.run(async (slot) => {
    const job: OcrJob = { image, signal, layout, withWords };
    const first = await recognizeWith(slot, 'simplified', job);
    const again = secondReading(first);
    if (!again) return first;
    const second = await recognizeWith(slot, again, job);
    return second.confidence + (again === 'english' ? ENGLISH_MARGIN : 0) > first.confidence
      ? second
      : first;
  }, signal);
  void reading.finally(scheduleIdleRelease).catch(() => undefined);
  return reading;
}

/*
 * A tesseract worker holds 100-300 MB of WebAssembly memory. In the serving process (a
 * visitor's photo) and the long-lived reader process alike, workers nobody used for a minute
 * are terminated: the memory goes back, and the next image starts a worker again (~1 s).
 */
export const OCR_IDLE_RELEASE_MS = 60_000;
let idleTimer: NodeJS.Timeout | undefined;

function cancelIdleRelease(): void {
  clearTimeout(idleTimer);
  idleTimer = undefined;
}

function scheduleIdleRelease(): void {
  cancelIdleRelease();
  idleTimer = setTimeout(() => {
    const { running, waiting } = queue.stats;
    if (running === 0 && waiting === 0) void shutdownOcr();
  }, OCR_IDLE_RELEASE_MS);
  idleTimer.unref();
}

/**
 * 'page': a scanned document page, read as one block of lines so that a table row stays one
 * line (automatic segmentation splits aligned columns into separate blocks, and a price loses
 * its model number). One block (PSM 6) rather than one column (PSM 4): on a page turned 4
 * degrees the character error rate fell from 34 % to 4 %, and no page read worse
 * (`npm run bench -- ocr`, decision 009). 'photo': a label or sign, segmented automatically.
 */
export type OcrLayout = 'page' | 'photo';

interface OcrJob {
  image: string | Buffer;
  signal: AbortSignal;
  layout: OcrLayout;
  withWords: boolean;
}

async function recognizeWith(slot: number, model: Model, job: OcrJob): Promise<OcrResult> {
  const { image, signal, layout, withWords } = job;
  if (signal.aborted) throw signal.reason;
  const bytes =
    typeof image === 'string'
      ? await fs.readFile(image).catch((error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          throw new ExtractionError('corrupt-document', `the image could not be read: ${message}`);
        })
      : image;
  const worker = await workerFor(slot, model);
  await worker.setParameters({
    tessedit_pageseg_mode: layout === 'page' ? PSM.SINGLE_BLOCK : PSM.AUTO,
    // Pages are rendered at a known resolution; for photos tesseract estimates it (0).
    user_defined_dpi: layout === 'page' ? String(OCR_DPI) : '0',
  });
  if (signal.aborted) throw signal.reason;
  // A terminated worker never answers the job it was running: the abort settles the job
  // instead, so the queue moves on.
  let rejectAborted: (reason: unknown) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  const onAbort = () => {
    void discardWorkers(slot);
    rejectAborted(signal.reason);
  };
  signal.addEventListener('abort', onAbort, { once: true });
  // Bytes, not a path: tesseract.js then loads the image without I/O, so the job is posted to
  // the worker before an abort can terminate it (see discardWorkers).
  const recognizing = worker.recognize(bytes, {}, { text: true, blocks: withWords });
  recognizing.catch(() => undefined);
  try {
    const { data } = await Promise.race([recognizing, aborted]);
    const text = removeSpacesBetweenCjk(data.text);
    return withWords
      ? { text, confidence: data.confidence, words: wordsOf(data) }
      : { text, confidence: data.confidence };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    const message = error instanceof Error ? error.message : String(error);
    throw new ExtractionError('corrupt-document', `the image could not be read: ${message}`);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** Terminates the OCR workers; call on server shutdown (and after tests). */
export async function shutdownOcr(): Promise<void> {
  const slots = new Set([...workers.keys()].map((key) => Number(key.split(':')[0])));
  await Promise.all([...slots].map((slot) => discardWorkers(slot)));
}
