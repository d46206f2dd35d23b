import { joinWrappedLines } from '../line-join.ts';
import { isGarbledText } from './garbage-text.ts';
import type { PdfDocument } from './pdf-document.ts';
import { hasHyphenatedLineEnd } from './pdf-hyphenation.ts';
import { hasReadableCharacters, pagePaintsImages, readPageText } from './pdf-text.ts';

/*
 * One page's text layer, read the same way by the thread that opened the document and by its
 * helper thread (pdf-page-helper.ts), and the counter through which the two share out pages.
 */

/** A page with fewer letters and digits than this in its text layer may be a scan. */
const MIN_TEXT_LAYER_CHARS = 20;

export interface PageResult {
  page: number;
  text: string;
  needsOcr: boolean;
  /** The text layer decoded to garbage (garbage-text.ts): dropped, the page is read by OCR. */
  garbled?: true;
  /**
   * The text with its wrapped lines joined (line-join.ts), as the document's text will have it,
   * by the thread that read the page: for a page of text without a word hyphenated at a line's
   * end, which only the whole document's words can tell how to join (pdf-hyphenation.ts).
   */
  joinedText?: string;
}

/**
 * A page's text, and whether it is a scanned page (almost no text, but it paints an image) that
 * OCR should read. With `decodeImages: false` a page with almost no text is not looked at
 * further and null comes back: telling a scan from a blank page means decoding its images, left
 * to the thread that will OCR it (the helper thread would hold their memory beside OCR's).
 */
export async function readPage(
  pdf: PdfDocument,
  pageNumber: number,
  options: { decodeImages: false },
): Promise<PageResult | null>;
export async function readPage(pdf: PdfDocument, pageNumber: number): Promise<PageResult>;
export async function readPage(
  pdf: PdfDocument,
  pageNumber: number,
  { decodeImages = true }: { decodeImages?: boolean } = {},
): Promise<PageResult | null> {
  const page = await pdf.getPage(pageNumber);
  try {
    const text = await readPageText(page);
    if (isGarbledText(text)) return { page: pageNumber, text: '', needsOcr: true, garbled: true };
    if (hasReadableCharacters(text, MIN_TEXT_LAYER_CHARS)) {
      const joinedText = hasHyphenatedLineEnd(text) ? undefined : joinWrappedLines(text);
      return {
        page: pageNumber,
        text,
        needsOcr: false,
        ...(joinedText === undefined ? {} : { joinedText }),
      };
    }
    if (!decodeImages) return null;
    return { page: pageNumber, text, needsOcr: await pagePaintsImages(page) };
  } finally {
    page.cleanup();
  }
}

/**
 * Hands out page numbers 1..pageCount, each once, to whichever thread asks next: a slow page
 * holds up only the thread reading it, and a helper that starts late simply takes fewer pages.
 * Lives in shared memory so that threads can share it.
 */
export class PageClaims {
  readonly memory: SharedArrayBuffer;
  private readonly taken: Int32Array;

  constructor(
    readonly pageCount: number,
    memory?: SharedArrayBuffer,
  ) {
    this.memory = memory ?? new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    this.taken = new Int32Array(this.memory);
  }

  /** The next page nobody has taken, or null when none is left. */
  next(): number | null {
    const page = Atomics.add(this.taken, 0, 1) + 1;
    return page <= this.pageCount ? page : null;
  }

  /** No page is handed out any more (the reading stopped). */
  stop(): void {
    Atomics.store(this.taken, 0, this.pageCount);
  }
}
