import { setImmediate as nextTurn } from 'node:timers/promises';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { pdfError, type PdfDocument } from './pdf-document.ts';
import { lendHelper, releaseHelperIfMemoryHigh, type HelperRun } from './pdf-page-helper.ts';
import { PageClaims, readPage, type PageResult } from './pdf-pages.ts';
import type { ExtractContext } from './types.ts';

/*
 * The text layer of every page of a PDF, in page order. A long document's pages are shared out
 * with a helper thread (pdf-page-helper.ts) as each thread becomes free; this thread reads
 * again whatever the helper took and did not deliver (a page it could not parse, a page that
 * may be a scan), so the outcome is the same as reading every page here: the same text, or the
 * same kind of error for a page that cannot be read, and the same limits.
 */

/** Fewer pages than this are read here alone: opening the file twice would not pay. */
const MIN_PAGES_FOR_HELPER = 8;
/**
 * The helper holds its own copy of the file and of what pdf.js builds from it: above this size
 * the memory cap matters more than the time (and such files are mostly images anyway).
 */
const MAX_BYTES_FOR_HELPER = 32 * 1024 * 1024;

function tooLarge(maxTextChars: number): ExtractionError {
  return new ExtractionError('too-large', `more than ${maxTextChars} characters`, {
    limit: 'characters',
    max: maxTextChars,
  });
}

async function readHere(pdf: PdfDocument, pageNumber: number): Promise<PageResult> {
  try {
    return await readPage(pdf, pageNumber);
  } catch (error) {
    throw pdfError(error);
  }
}

export async function readTextLayers(
  pdf: PdfDocument,
  file: { path: string; bytes: number },
  context: ExtractContext,
): Promise<PageResult[]> {
  const pageCount = pdf.numPages;
  const pages: Array<PageResult | undefined> = new Array<PageResult | undefined>(pageCount);
  const claims = new PageClaims(pageCount);
  let totalChars = 0;
  const keep = (result: PageResult) => {
    if (pages[result.page - 1]) return;
    pages[result.page - 1] = result;
    totalChars += result.text.length;
    if (totalChars > context.maxTextChars) claims.stop();
  };
  const checkLimits = () => {
    throwIfAborted(context.signal);
    releaseHelperIfMemoryHigh();
    if (totalChars > context.maxTextChars) throw tooLarge(context.maxTextChars);
  };

  /**
   * Reads a page here unless it is kept already. First a turn of the event loop: pdf.js reads a
   * page in microtasks alone when nothing it waits for is asynchronous (pdfjs-port.ts,
   * pdfjs-inflate.ts), and the turn lets the helper's pages, the deadline and an abort in.
   */
  const readHereUnlessKept = async (page: number) => {
    await nextTurn();
    checkLimits();
    if (!pages[page - 1]) keep(await readHere(pdf, page));
  };

  let helper: HelperRun | null = null;
  if (pageCount >= MIN_PAGES_FOR_HELPER && file.bytes <= MAX_BYTES_FOR_HELPER) {
    helper = lendHelper({ filePath: file.path, pageCount, claims: claims.memory }, keep);
  }
  let failed = true;
  try {
    for (let page = claims.next(); page !== null; page = claims.next()) {
      await readHereUnlessKept(page);
    }
    // Every page is taken. Those still missing are the one the helper is reading now (read
    // here too rather than waited for: a helper still starting up may take seconds over it)
    // and any it could not read.
    for (let page = 1; page <= pageCount; page++) {
      if (!pages[page - 1]) await readHereUnlessKept(page);
    }
    checkLimits();
    failed = false;
    return pages as PageResult[];
  } finally {
    claims.stop();
    // On success the helper finishes its page (the result is a duplicate) and waits for the
    // next document; after a failure (a deadline, a page that would not parse) it is ended.
    if (failed) helper?.abandon();
  }
}
