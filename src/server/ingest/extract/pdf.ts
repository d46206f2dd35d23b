import fs from 'node:fs/promises';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { joinWrappedLines } from '../line-join.ts';
import { tidyText } from './normalize.ts';
import { recognizeImageText } from './ocr.ts';
import { openPdf, pdfError, type PdfDocument } from './pdf-document.ts';
import { hyphenationJoiner } from './pdf-hyphenation.ts';
import { releaseHelper } from './pdf-page-helper.ts';
import type { PageResult } from './pdf-pages.ts';
import { renderPageForOcr, type OcrPageImage } from './pdf-render.ts';
import { readTextLayers } from './pdf-text-layers.ts';
import type {
  ExtractContext,
  ExtractedDocument,
  ExtractedSection,
  OcrPageWords,
  OcrSummary,
} from './types.ts';

/*
 * PDF text per page. First every page's text layer is read (pdf-text-layers: pages released
 * after use, the deadline checked between them, a long file shared with a helper thread).
 * Pages that carry (almost) no text but paint an image are scanned pages: they are rendered and
 * OCR'd afterwards, in page order, up to the OCR page cap and while time remains, with progress
 * reported page by page. Last, words hyphenated at a line's end are joined (pdf-hyphenation),
 * and so are lines broken inside a sentence or a figure (line-join).
 */

/** OCR confidence (0-100) under which a page's OCR output is noise, not text. */
const MIN_OCR_CONFIDENCE = 30;
/** Time one more OCR page is assumed to need before the first one has been measured. */
const FIRST_OCR_PAGE_MS = 8_000;

/** A scanned page's text, and where its words are (in the pixels of the page drawn for OCR). */
async function ocrPage(
  pdf: PdfDocument,
  pageNumber: number,
  context: ExtractContext,
): Promise<{ text: string; words: OcrPageWords | null }> {
  const page = await pdf.getPage(pageNumber);
  let drawn: OcrPageImage;
  try {
    drawn = await renderPageForOcr(page);
  } finally {
    page.cleanup();
  }
  throwIfAborted(context.signal);
  const result = await recognizeImageText(drawn.png, context.signal, 'page', { withWords: true });
  if (result.confidence < MIN_OCR_CONFIDENCE) return { text: '', words: null };
  const words = result.words?.length
    ? { page: pageNumber, width: drawn.width, height: drawn.height, words: result.words }
    : null;
  return { text: tidyText(result.text), words };
}

/**
 * OCR of the scanned pages, in place in `pages`; says where and why it stopped early, and
 * collects the words' boxes of the pages read into `words`.
 */
async function ocrScannedPages(
  pdf: PdfDocument,
  pages: PageResult[],
  context: ExtractContext,
  words: OcrPageWords[],
): Promise<OcrSummary> {
  const scanned = pages.filter((page) => page.needsOcr);
  const total = Math.min(scanned.length, context.ocrMaxPages);
  const summary: OcrSummary = {
    pagesNeeded: scanned.length,
    pagesRead: 0,
    stoppedAtPage: null,
    stoppedBy: null,
  };
  const garbled = scanned.filter((page) => page.garbled).length;
  if (garbled > 0) summary.garbledPages = garbled;
  let slowestPageMs = FIRST_OCR_PAGE_MS;
  context.onProgress?.({ stage: 'ocr', done: 0, total });
  for (const [index, page] of scanned.entries()) {
    throwIfAborted(context.signal);
    if (index >= context.ocrMaxPages) {
      summary.stoppedAtPage = page.page;
      summary.stoppedBy = 'page-cap';
      break;
    }
    // Keep the pages read so far rather than lose them all to the time limit.
    if (Date.now() + slowestPageMs * 1.5 > context.deadlineAt) {
      summary.stoppedAtPage = page.page;
      summary.stoppedBy = 'time-limit';
      break;
    }
    const started = Date.now();
    let read: Awaited<ReturnType<typeof ocrPage>>;
    try {
      read = await ocrPage(pdf, page.page, context);
    } catch (error) {
      throw pdfError(error);
    }
    const { text } = read;
    if (read.words) words.push(read.words);
    slowestPageMs =
      index === 0 ? Date.now() - started : Math.max(slowestPageMs, Date.now() - started);
    page.text = [page.text, text].filter(Boolean).join('\n');
    summary.pagesRead++;
    context.onProgress?.({ stage: 'ocr', done: summary.pagesRead, total });
  }
  return summary;
}

export async function extractPdf(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const data = new Uint8Array(await fs.readFile(filePath));
  throwIfAborted(context.signal);
  // pdf.js takes the bytes over (they are detached once the document is open).
  const file = { path: filePath, bytes: data.byteLength };
  const pdf = await openPdf(data);
  try {
    const pageCount = pdf.numPages;
    if (pageCount > context.maxPages) {
      throw new ExtractionError('too-large', `${pageCount} pages (limit ${context.maxPages})`, {
        limit: 'pages',
        max: context.maxPages,
      });
    }
    const pages = await readTextLayers(pdf, file, context);
    const needsOcr = pages.some((page) => page.needsOcr);
    if (needsOcr) releaseHelper();
    const ocrWords: OcrPageWords[] = [];
    const ocr = needsOcr ? await ocrScannedPages(pdf, pages, context, ocrWords) : undefined;
    const joinHyphens = hyphenationJoiner(pages.map((page) => page.text));
    const texts = pages.map((page) => page.joinedText ?? joinWrappedLines(joinHyphens(page.text)));
    const sections: ExtractedSection[] = pages
      .map((page, index) => ({ page: page.page, text: texts[index]! }))
      .filter((section) => section.text);
    if (sections.length === 0) {
      throw new ExtractionError(
        'no-text',
        ocr ? 'no readable text on the scanned pages' : 'the PDF has no text',
        { pages: pageCount },
      );
    }
    return {
      sections,
      pageCount,
      ...(ocr ? { ocr } : {}),
      ...(ocrWords.length > 0 ? { ocrWords } : {}),
    };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
