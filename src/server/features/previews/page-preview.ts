import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { documentChunks } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { documentKeyOf } from '#server/lib/storage-keys.ts';
import { joinPassages } from '#server/text/passages.ts';
import { ocrWordsLayout } from './ocr-words.ts';
import { markBoxes, type Box } from './page-layout.ts';
import {
  busy,
  documentPagesPrefix,
  hashOf,
  kindOf,
  pages,
  pdfPageLayout,
  putJson,
  readJson,
  RenderBusyError,
  visibleDocument,
  type VisibleDocument,
} from './page-sources.ts';
import type { RenderedImage } from './render-jobs.ts';

/*
 * The preview of a cited page (decision 032): a PDF page drawn by pdf.js, an image document
 * scaled down, every other kind's cited section drawn as a clean text page; the quote marked
 * (on a scan or an image, on the words OCR found when the document was read).
 * Each is stored (with its marks) under the document's pages prefix, keyed by page and quote.
 */

/** Widest preview we send a phone. */
export const PREVIEW_MAX_WIDTH = 1200;
/** The longest quote a preview URL carries (an excerpt is shorter; a longer one is cut). */
export const MAX_PREVIEW_QUOTE = 400;
/** A PDF page is drawn at most this many pixels per point (2: an A4 page 1190 px wide). */
const MAX_PDF_SCALE = 2;
/** Text pages are drawn this wide (sharp on a phone, small to send). */
const TEXT_PAGE_WIDTH = 800;
/** A text page shows this much of a long section around the quote. */
const TEXT_WINDOW = { before: 1200, after: 2800 } as const;

/** A section's text as stored (its passages joined); '' when the document has no such page. */
async function sectionText(ctx: AppContext, documentId: number, page: number): Promise<string> {
  const rows = await ctx.db
    .select({ page: documentChunks.page, text: documentChunks.text })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, documentId))
    .orderBy(asc(documentChunks.position));
  // Kinds without pages keep null: their whole text is page 1.
  const wanted = rows.filter((row) => (row.page ?? 1) === page);
  return wanted.reduce((text, row) => (text ? joinPassages(text, row.text) : row.text), '');
}

/** The part of a long section around the quote, cut at line ends. */
function textAround(text: string, quote: string): string {
  if (text.length <= TEXT_WINDOW.before + TEXT_WINDOW.after) return text;
  const first = quote.split('…')[0]!.trim();
  let at = -1;
  for (const length of [40, 16, 8]) {
    const probe = first.slice(0, length);
    if (probe.length < Math.min(length, 4)) continue;
    at = text.indexOf(probe);
    if (at >= 0) break;
  }
  const start = Math.max(0, at - TEXT_WINDOW.before);
  const end = Math.max(at, 0) + TEXT_WINDOW.after;
  const from = start === 0 ? 0 : text.indexOf('\n', start) + 1 || start;
  const lineEnd = text.indexOf('\n', end);
  return text.slice(from, lineEnd < 0 ? undefined : lineEnd);
}

export interface PagePreview {
  bytes: Uint8Array;
  width: number;
  height: number;
  /** The marked boxes, in the image's pixels. */
  marks: Box[];
  isPublic: boolean;
  /** null for a stand-in (the page could not be drawn): not to be kept. */
  etag: string | null;
}

interface StoredPreview {
  width: number;
  height: number;
  marks: Box[];
}

/** The page as its kind draws it (see the top of this file). */
async function drawPage(
  ctx: AppContext,
  document: VisibleDocument,
  page: number,
  quote: string,
): Promise<RenderedImage> {
  const kind = kindOf(document.fileType);
  const file = documentKeyOf(document.storagePath);
  if (kind === 'pdf') {
    if (page > (document.pageCount ?? 0)) throw notFound();
    const layout = await pdfPageLayout(ctx, document, page);
    const scale = Math.min(MAX_PDF_SCALE, PREVIEW_MAX_WIDTH / Math.max(1, layout.width));
    const marks = markBoxes(layout, quote);
    return ctx.storage.withLocalFile(file, (filePath) =>
      pages().pdfRender({ filePath, page, scale, marks }),
    );
  }
  if (kind === 'image') {
    if (page !== 1) throw notFound();
    // Marked on the words OCR found when the image was read, as shares of the image.
    const words = await ocrWordsLayout(ctx.storage, file, page, { width: 1, height: 1 });
    const marks = words ? markBoxes(words, quote) : [];
    return ctx.storage.withLocalFile(file, (filePath) =>
      pages().image({ filePath, maxWidth: PREVIEW_MAX_WIDTH, marks }),
    );
  }
  const text = await sectionText(ctx, document.id, page);
  if (!text) throw notFound();
  return pages().textPage({ text: textAround(text, quote), quote, width: TEXT_PAGE_WIDTH });
}

/**
 * The page drawn, or, when it cannot be (a damaged page, a render that died or overran), the
 * quote drawn as a text page: never an error page. A fallback is not stored (the next view tries
 * again). A full render line is a 429.
 */
async function drawPreview(
  ctx: AppContext,
  document: VisibleDocument,
  page: number,
  quote: string,
): Promise<RenderedImage & { isFallback: boolean }> {
  try {
    return { ...(await drawPage(ctx, document, page, quote)), isFallback: false };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof RenderBusyError) throw busy();
    const fallback = await pages()
      .textPage({ text: quote, quote, width: TEXT_PAGE_WIDTH })
      .catch((failure: unknown) => {
        throw failure instanceof RenderBusyError ? busy() : failure;
      });
    return { ...fallback, isFallback: true };
  }
}

/**
 * The preview of a document's page with `quote` marked: drawn on first view, then read from
 * storage. 404 for a document the viewer may not see or a page it does not have.
 */
export async function pagePreview(
  ctx: AppContext,
  input: { documentId: number; page: number; quote: string; viewerId: number | null },
): Promise<PagePreview> {
  const document = await visibleDocument(ctx, input.documentId, input.viewerId);
  const quote = input.quote.slice(0, MAX_PREVIEW_QUOTE);
  const name = `p${input.page}-${hashOf(quote)}`;
  const prefix = documentPagesPrefix(document.storagePath);
  const etag = `"${document.id}-${name}"`;
  const meta = await readJson<StoredPreview>(ctx, `${prefix}${name}.json`);
  if (meta) {
    const bytes = await readObjectBytes(ctx.storage, `${prefix}${name}.webp`);
    if (bytes) return { ...meta, bytes, isPublic: document.isPublic, etag };
  }
  const drawn = await drawPreview(ctx, document, input.page, quote);
  const stored: StoredPreview = { width: drawn.width, height: drawn.height, marks: drawn.marks };
  if (drawn.isFallback) {
    return { ...stored, bytes: drawn.bytes, isPublic: document.isPublic, etag: null };
  }
  await ctx.storage.putBytes(`${prefix}${name}.webp`, drawn.bytes, 'image/webp');
  await putJson(ctx, `${prefix}${name}.json`, stored);
  return { ...stored, bytes: drawn.bytes, isPublic: document.isPublic, etag };
}
