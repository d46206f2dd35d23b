import path from 'node:path';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Language } from '#shared/limits.ts';
import {
  ZDocumentProgress,
  type TDocument,
  type TDocumentProgress,
  type TDocumentText,
} from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { documentChunks, documents } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { cardChanged } from '#server/lib/public-card-cache.ts';
import { translate } from '#server/lib/i18n.ts';
import { MAX_IMAGE_MEGAPIXELS } from '#server/lib/image-header.ts';
import { documentKey, documentKeyOf, documentPagesPrefix } from '#server/lib/storage-keys.ts';
import { removeFiles, type SavedFile } from '#server/lib/uploads.ts';
import { DEFAULT_INGEST_MEMORY_MB } from '#server/ingest/isolated.ts';
import { detectDocumentKind, type RejectionReason } from '#server/ingest/index.ts';
import { pagesFromPassages } from './document-pages.ts';

type DocumentRow = typeof documents.$inferSelect;

/** The limits a failure message names ("needs more than 1024 MB", "larger than 40 megapixels"). */
const DOCUMENT_ERROR_PARAMS = {
  memoryMb: DEFAULT_INGEST_MEMORY_MB,
  megapixels: MAX_IMAGE_MEGAPIXELS,
};

export function toDocumentResponse(document: DocumentRow, language: Language): TDocument {
  return {
    id: document.id,
    businessCardId: document.businessCardId,
    fileName: document.fileName,
    fileType: document.fileType,
    fileSize: document.fileSize,
    status: document.status,
    error:
      document.status === 'failed'
        ? translate(
            language,
            `documents.errors.${document.error ?? 'unreadable'}`,
            DOCUMENT_ERROR_PARAMS,
          )
        : null,
    pageCount: document.pageCount,
    ...progressFields(document, language),
    createdAt: document.createdAt.toISOString(),
  };
}

/** OCR progress while processing ("OCR page 3 of 20"), and where OCR stopped once ready. */
function progressFields(
  document: DocumentRow,
  language: Language,
): { progress: TDocumentProgress | null; progressText: string | null } {
  const parsed = ZDocumentProgress.safeParse(document.progress);
  if (!parsed.success || document.status === 'failed' || document.status === 'pending') {
    return { progress: null, progressText: null };
  }
  const progress = parsed.data;
  if (document.status === 'processing') {
    const page = Math.min(progress.done + 1, progress.total);
    return {
      progress,
      progressText: translate(language, 'documents.progress.ocr', { page, total: progress.total }),
    };
  }
  if (!progress.stoppedBy || !progress.stoppedAtPage) {
    if (!progress.garbledPages) return { progress, progressText: null };
    const pages = document.pageCount ?? progress.garbledPages;
    const params = { count: progress.garbledPages, pages };
    return { progress, progressText: translate(language, 'documents.progress.garbled', params) };
  }
  return {
    progress,
    progressText: translate(language, `documents.progress.stopped.${progress.stoppedBy}`, {
      page: progress.stoppedAtPage,
      read: progress.done,
    }),
  };
}

/** Refusals a person can fix by choosing another file (415) or a non-empty one (422). */
const UNPROCESSABLE: ReadonlySet<RejectionReason> = new Set(['empty', 'corrupt-document']);

/**
 * Checks every streamed file by its bytes; when one is refused, none is kept (the request
 * changes nothing). Accepted files go into the owner's stored documents as pending rows.
 */
export async function acceptUploads(
  ctx: AppContext,
  ownerId: number,
  businessCardId: number | null,
  files: SavedFile[],
): Promise<DocumentRow[]> {
  const kinds: string[] = [];
  for (const file of files) {
    const detection = await detectDocumentKind(file.path, file.originalName, {
      sofficePath: ctx.config.sofficePath,
    });
    if (!detection.ok) {
      await removeFiles(files);
      throw new AppError(
        UNPROCESSABLE.has(detection.reason) ? 'UNPROCESSABLE' : 'UNSUPPORTED_MEDIA_TYPE',
        `documents.errors.${detection.reason}`,
        { fileName: file.originalName },
      );
    }
    kinds.push(detection.kind);
  }

  const rows: DocumentRow[] = [];
  for (const [index, file] of files.entries()) {
    const key = documentKey(ownerId, `${path.basename(file.path, '.upload')}.${kinds[index]}`);
    try {
      await ctx.storage.putFile(key, file.path);
    } catch (error) {
      await removeFiles(files);
      throw error;
    }
    const [row] = await ctx.db
      .insert(documents)
      .values({
        userId: ownerId,
        businessCardId,
        fileName: file.originalName,
        fileType: kinds[index]!,
        fileSize: file.size,
        storagePath: key,
        status: 'pending',
      })
      .returning();
    rows.push(row!);
  }
  // The card's document count is part of its cached public data.
  if (businessCardId !== null) await cardChanged(ctx, businessCardId);
  return rows;
}

export function listCardDocuments(ctx: AppContext, ownerId: number, cardId: number) {
  return ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.businessCardId, cardId), eq(documents.userId, ownerId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

/** The owner's document as the assistant reads it: its ready passages, page by page. */
export async function documentText(
  ctx: AppContext,
  ownerId: number,
  documentId: number,
): Promise<TDocumentText> {
  const [document] = await ctx.db
    .select({
      id: documents.id,
      fileName: documents.fileName,
      status: documents.status,
      pageCount: documents.pageCount,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, ownerId)))
    .limit(1);
  if (!document) throw notFound();
  const passages =
    document.status === 'ready'
      ? await ctx.db
          .select({ page: documentChunks.page, text: documentChunks.text })
          .from(documentChunks)
          .where(eq(documentChunks.documentId, documentId))
          .orderBy(asc(documentChunks.position))
      : [];
  return { ...document, pages: pagesFromPassages(passages) };
}

export async function deleteDocument(ctx: AppContext, ownerId: number, documentId: number) {
  const [row] = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, ownerId)))
    .returning();
  if (!row) throw notFound();
  if (row.businessCardId !== null) await cardChanged(ctx, row.businessCardId);
  await deleteDocumentFiles(ctx, [row]);
  return row;
}

/**
 * Removes the stored files of deleted document rows (a key, or a path in older rows), with the
 * pages drawn of them for previews.
 */
export async function deleteDocumentFiles(
  ctx: AppContext,
  rows: readonly { storagePath: string | null }[],
) {
  await Promise.all(
    rows.map(async (row) => {
      if (!row.storagePath) return;
      const key = documentKeyOf(row.storagePath);
      await ctx.storage.remove(key);
      await ctx.storage.removePrefix(documentPagesPrefix(key));
    }),
  );
}
