import type { AppContext } from '#server/context.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { documentKeyOf } from '#server/lib/storage-keys.ts';
import {
  busy,
  documentPagesPrefix,
  pages,
  pictureOf,
  pictureScale,
  pictureSize,
  picturedLayout,
  RenderBusyError,
  visibleDocument,
  type VisibleDocument,
} from './page-sources.ts';
import type { RenderedImage } from './render-jobs.ts';

/*
 * A picture beside a cited passage, as an answer links it: cut from a PDF page where pdf.js
 * painted it, or a slide's own media, at the size the answer stated (pictureSize).
 */

/** A picture at the size the answer gave for it (pictureScale of its box). */
async function cutPicture(
  ctx: AppContext,
  document: VisibleDocument,
  page: number,
  picture: number,
): Promise<RenderedImage> {
  const layout = await picturedLayout(ctx, document, page);
  const box = layout && pictureOf(layout, picture - 1);
  if (!layout || !box) throw notFound();
  const scale = pictureScale(box);
  const media = layout.media?.[picture - 1];
  return ctx.storage.withLocalFile(documentKeyOf(document.storagePath), (filePath) =>
    media
      ? pages().zipPicture({ filePath, entry: media, ...pictureSize(box) })
      : pages().pdfRender({ filePath, page, scale, marks: [], clip: box }),
  );
}

/** A picture of a PDF page (cut from it) or a slide (its media), n counting from 1. */
export async function pagePicture(
  ctx: AppContext,
  input: { documentId: number; page: number; picture: number; viewerId: number | null },
): Promise<{ bytes: Uint8Array; isPublic: boolean; etag: string }> {
  const document = await visibleDocument(ctx, input.documentId, input.viewerId);
  const name = `p${input.page}-picture-${input.picture}.webp`;
  const key = `${documentPagesPrefix(document.storagePath)}${name}`;
  const etag = `"${document.id}-${name}"`;
  const stored = await readObjectBytes(ctx.storage, key);
  if (stored) return { bytes: stored, isPublic: document.isPublic, etag };
  const drawn = await cutPicture(ctx, document, input.page, input.picture).catch(
    (error: unknown) => {
      if (error instanceof AppError) throw error;
      if (error instanceof RenderBusyError) throw busy();
      // A picture that cannot be cut from a damaged page is one we do not have.
      throw notFound();
    },
  );
  await ctx.storage.putBytes(key, drawn.bytes, 'image/webp');
  return { bytes: drawn.bytes, isPublic: document.isPublic, etag };
}
