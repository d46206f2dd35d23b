import { createHash } from 'node:crypto';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { businessCards, documents } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { documentKeyOf, documentPagesPrefix as pagesPrefixOf } from '#server/lib/storage-keys.ts';
import { isImageKind, type DocumentKind } from '#server/ingest/detect.ts';
import { ocrWordsLayout } from './ocr-words.ts';
import { clipToPage, scaleBox, type Box, type PageLayout } from './page-layout.ts';
import { createPageRenderer, RenderBusyError, type PageRenderer } from './renderer.ts';
import { readSlideLayout } from './slide-layout.ts';

/*
 * What the preview, the pictures and the citations share: the document a viewer may see, the
 * render child, the objects stored under the document's `<key>.pages/` prefix, and the layout
 * of a page (where its text and pictures are), computed once and then read from storage.
 */

/** A picture cut from a page: its longer side at most this, never enlarged past 3×. */
const PICTURE_MAX_SIDE = 800;

let renderer: PageRenderer | null = null;
/** The page renderer of this server process (one child, started on first use). */
export function pages(): PageRenderer {
  renderer ??= createPageRenderer();
  return renderer;
}

export async function closePageRenderer(): Promise<void> {
  const current = renderer;
  renderer = null;
  await current?.close();
}

export type PreviewKind = 'pdf' | 'image' | 'text';

export interface VisibleDocument {
  id: number;
  fileType: string;
  storagePath: string;
  pageCount: number | null;
  /** Visitors may see it (its card is finished): a phone may keep it. */
  isPublic: boolean;
}

export const kindOf = (fileType: string): PreviewKind =>
  fileType === 'pdf' ? 'pdf' : isImageKind(fileType as DocumentKind) ? 'image' : 'text';

export const documentPagesPrefix = (storagePath: string) =>
  pagesPrefixOf(documentKeyOf(storagePath));

/**
 * A ready document that this viewer may see: any on a finished card, or their own (an owner
 * trying a draft, or reading a conversation). Everything else is a 404.
 */
export async function visibleDocument(
  ctx: AppContext,
  documentId: number,
  viewerId: number | null,
): Promise<VisibleDocument> {
  const [row] = await ctx.db
    .select({
      id: documents.id,
      fileType: documents.fileType,
      storagePath: documents.storagePath,
      pageCount: documents.pageCount,
      ownerId: documents.userId,
      finalizedAt: businessCards.finalizedAt,
    })
    .from(documents)
    .leftJoin(businessCards, eq(businessCards.id, documents.businessCardId))
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.status, 'ready'),
        isNotNull(documents.storagePath),
        viewerId === null
          ? isNotNull(businessCards.finalizedAt)
          : or(isNotNull(businessCards.finalizedAt), eq(documents.userId, viewerId)),
      ),
    )
    .limit(1);
  if (!row?.storagePath) throw notFound();
  return {
    id: row.id,
    fileType: row.fileType,
    storagePath: row.storagePath,
    pageCount: row.pageCount,
    isPublic: row.finalizedAt !== null,
  };
}

export const hashOf = (text: string) =>
  createHash('sha256').update(text).digest('hex').slice(0, 20);

export async function readJson<T>(ctx: AppContext, key: string): Promise<T | null> {
  const bytes = await readObjectBytes(ctx.storage, key, 4 * 1024 * 1024);
  return bytes ? (JSON.parse(bytes.toString('utf8')) as T) : null;
}

export function putJson(ctx: AppContext, key: string, value: unknown): Promise<void> {
  return ctx.storage.putBytes(key, Buffer.from(JSON.stringify(value)), 'application/json');
}

/** A page's layout: computed once by the render child, then read from storage. */
async function storedLayout<T extends PageLayout>(
  ctx: AppContext,
  document: VisibleDocument,
  page: number,
  compute: (filePath: string) => Promise<{ layout: T }>,
): Promise<T> {
  const key = `${documentPagesPrefix(document.storagePath)}p${page}-layout.json`;
  const stored = await readJson<T>(ctx, key);
  if (stored) return stored;
  const { layout } = await ctx.storage.withLocalFile(documentKeyOf(document.storagePath), compute);
  await putJson(ctx, key, layout);
  return layout;
}

/**
 * Where the text runs and pictures of a PDF page are; a scanned page's runs are the words OCR
 * found on it at reading time (ocr-words.ts), placed on the page.
 */
export async function pdfPageLayout(
  ctx: AppContext,
  document: VisibleDocument,
  page: number,
): Promise<PageLayout> {
  const layout = await storedLayout(ctx, document, page, (filePath) =>
    pages().pdfLayout({ filePath, page }),
  );
  const scanned = await ocrWordsLayout(
    ctx.storage,
    documentKeyOf(document.storagePath),
    page,
    layout,
  );
  return scanned ? { ...layout, runs: [...layout.runs, ...scanned.runs] } : layout;
}

/**
 * The layout of a page whose pictures can be offered: a PDF page, a PPTX slide (its pictures
 * with their media parts); null for the kinds without (their pictures are not placed on pages).
 */
export async function picturedLayout(
  ctx: AppContext,
  document: VisibleDocument,
  page: number,
): Promise<(PageLayout & { media?: string[] }) | null> {
  if (page > (document.pageCount ?? 0)) return null;
  if (document.fileType === 'pdf') return pdfPageLayout(ctx, document, page);
  if (document.fileType !== 'pptx') return null;
  return storedLayout(ctx, document, page, async (filePath) => ({
    layout: await readSlideLayout(filePath, page),
  }));
}

/** The size a picture is cut at: its longer side PICTURE_MAX_SIDE, at most 3× its points. */
export function pictureScale(box: Box): number {
  return Math.min(3, PICTURE_MAX_SIDE / Math.max(1, box.width, box.height));
}

/** The picture's size in pixels, as the answer states it and the picture's URL serves it. */
export function pictureSize(box: Box): { width: number; height: number } {
  const scaled = scaleBox(box, pictureScale(box));
  return {
    width: Math.max(1, Math.round(scaled.width)),
    height: Math.max(1, Math.round(scaled.height)),
  };
}

export function pictureOf(layout: PageLayout, index: number): Box | null {
  const image = layout.images[index];
  return image ? clipToPage(image, layout) : null;
}

/** A full render line: the caller is told to come back shortly. */
export const busy = () => new AppError('RATE_LIMITED', 'errors.rateLimited', { seconds: 5 });

export { RenderBusyError };
