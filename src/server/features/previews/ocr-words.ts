import type { OcrPageWords } from '#server/ingest/index.ts';
import { readObjectBytes, type ObjectStore } from '#server/lib/object-store.ts';
import { documentPagesPrefix } from '#server/lib/storage-keys.ts';
import type { PageLayout, TextRun } from './page-layout.ts';

/*
 * The words OCR found on a scanned PDF page or an image document, kept from the reading (OCR
 * again on each view would take seconds) under the document's `<key>.pages/` prefix, so they go
 * with it. A preview marks a quote on them with the same rule as a PDF's text runs
 * (page-layout.ts markBoxes): they are that page's text runs. Decision 032.
 */

/** At most this much JSON per page (a dense scan's words are ~100-300 KB). */
const MAX_WORDS_BYTES = 4 * 1024 * 1024;

const wordsKey = (documentKey: string, page: number) =>
  `${documentPagesPrefix(documentKey)}p${page}-ocr.json`;

/** Keeps the word boxes of each page OCR read (called once the document has been read). */
export async function storeOcrWords(
  storage: ObjectStore,
  documentKey: string,
  pages: readonly OcrPageWords[],
): Promise<void> {
  for (const page of pages) {
    await storage.putBytes(
      wordsKey(documentKey, page.page),
      Buffer.from(JSON.stringify(page)),
      'application/json',
    );
  }
}

/**
 * A page's OCR words as the text runs of a page `size` large (a PDF page in points; { width: 1,
 * height: 1 } for shares of an image), or null when none were kept (a page with a text layer, a
 * document read before they were kept, an image described by a vision model).
 */
export async function ocrWordsLayout(
  storage: ObjectStore,
  documentKey: string,
  page: number,
  size: { width: number; height: number },
): Promise<PageLayout | null> {
  const bytes = await readObjectBytes(storage, wordsKey(documentKey, page), MAX_WORDS_BYTES);
  if (!bytes) return null;
  const read = JSON.parse(bytes.toString('utf8')) as OcrPageWords;
  const scaleX = size.width / Math.max(1, read.width);
  const scaleY = size.height / Math.max(1, read.height);
  const runs: TextRun[] = read.words.map((word) => ({
    text: word.text,
    x: word.x * scaleX,
    y: word.y * scaleY,
    width: word.width * scaleX,
    height: word.height * scaleY,
  }));
  return { width: size.width, height: size.height, runs, images: [] };
}
