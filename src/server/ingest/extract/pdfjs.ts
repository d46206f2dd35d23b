/*
 * pdf.js, loaded once for this thread, with Node's own fast built-ins kept.
 *
 * The legacy build of pdfjs-dist (the one meant for Node) bundles core-js, which on Node 20
 * replaces some built-ins process-wide with JavaScript versions even though Node's own work
 * for everything pdf.js does: `Array.prototype.push` (forced because of a V8 corner case with
 * non-writable `length`), `JSON.parse` and `JSON.stringify` (for the source-text and raw-JSON
 * proposals, which nothing here uses). Every push in the process — pdf.js building text items,
 * our layout code — then went through the replacement: about a fifth of the time to extract a
 * text PDF. Built-ins it adds because Node 20 lacks them (`Promise.withResolvers`, the new Set
 * methods, ...) stay; only those three are put back, and only when what was there before
 * pdf.js loaded was Node's own.
 *
 * The worker half of pdf.js (which applies the same polyfills again) is loaded here as well, so
 * that it is not loaded later, after the built-ins were put back. It runs in this thread, as
 * pdf.js's "fake worker" would, and the two halves talk through an InThreadPort (pdfjs-port.ts):
 * `pdfjsWorker`, for every document this thread opens. Its small Flate streams (a page's content
 * stream) are inflated at once in this thread (pdfjs-inflate.ts), not through web streams.
 *
 * The worker half is the copy scripts/patch-pdfjs.mjs writes at install, with two changes that
 * make its per-glyph text work cheaper and read the same (decision 051); when that copy is not
 * there (another pdfjs-dist version, an install without scripts) the original is loaded.
 *
 * Both halves are loaded with Node's source maps off. Under tsx (development, tests, benches)
 * Node otherwise parses and keeps a source map for each of them — 3 MB of JavaScript that is
 * not ours — about 90 MB of resident memory (440 → 350 MB) in every thread that loads pdf.js,
 * counted against the reader's memory cap.
 */

import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import { inflateSmallStreamsInline } from './pdfjs-inflate.ts';
import { InThreadPort } from './pdfjs-port.ts';

interface WorkerHalf {
  WorkerMessageHandler: { initializeFromPort(port: InThreadPort): void };
}

const builtIns: ReadonlyArray<[owner: object, name: string, original: unknown]> = [
  [Array.prototype, 'push', Array.prototype.push],
  [JSON, 'parse', JSON.parse],
  [JSON, 'stringify', JSON.stringify],
];

const sourceMaps = process.sourceMapsEnabled;
if (sourceMaps) process.setSourceMapsEnabled(false);
let pdfjs: typeof PdfJs;
let workerHalf: WorkerHalf;
/** Whether the worker half is the patched copy (decision 051). */
let pdfjsWorkerPatched = true;
try {
  pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  workerHalf = (await import('pdfjs-dist/legacy/build/pdf.worker.docucard.mjs').catch(
    (error: unknown) => {
      if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
      pdfjsWorkerPatched = false;
      return import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    },
  )) as WorkerHalf;
} finally {
  if (sourceMaps) process.setSourceMapsEnabled(true);
}

function isNodesOwn(fn: unknown): boolean {
  return (
    typeof fn === 'function' &&
    /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(fn))
  );
}

for (const [owner, name, original] of builtIns) {
  if (Reflect.get(owner, name) !== original && isNodesOwn(original)) {
    Object.defineProperty(owner, name, { value: original, writable: true, configurable: true });
  }
}

inflateSmallStreamsInline();

const port = new InThreadPort();
workerHalf.WorkerMessageHandler.initializeFromPort(port);
// A port, as pdf.js documents it, is a Worker; it uses only what a MessagePort has.
const pdfjsWorker = pdfjs.PDFWorker.create({
  port: port as unknown as Worker,
  verbosity: pdfjs.VerbosityLevel.ERRORS,
});

export { pdfjs, pdfjsWorker, pdfjsWorkerPatched };
