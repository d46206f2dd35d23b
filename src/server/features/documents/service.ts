import fs from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import type { Language } from '#shared/limits.ts';
import type { TDocument } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { translate } from '#server/lib/i18n.ts';
import { removeFiles, type SavedFile } from '#server/lib/uploads.ts';
import { detectDocumentKind, type RejectionReason } from '#server/ingest/index.ts';

type DocumentRow = typeof documents.$inferSelect;

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
        ? translate(language, `documents.errors.${document.error ?? 'unreadable'}`)
        : null,
    pageCount: document.pageCount,
    createdAt: document.createdAt.toISOString(),
  };
}

/** Refusals a person can fix by choosing another file (415) or a non-empty one (422). */
const UNPROCESSABLE: ReadonlySet<RejectionReason> = new Set(['empty', 'corrupt-document']);

/**
 * Checks every streamed file by its bytes; when one is refused, none is kept (the request
 * changes nothing). Accepted files move into the owner's documents folder as pending rows.
 */
export async function acceptUploads(
  ctx: AppContext,
  ownerId: number,
  businessCardId: number | null,
  files: SavedFile[],
): Promise<DocumentRow[]> {
  const kinds: string[] = [];
  for (const file of files) {
    const detection = await detectDocumentKind(file.path, file.originalName);
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

  const dir = ctx.storage.documentsDir(ownerId);
  await fs.mkdir(dir, { recursive: true });
  const rows: DocumentRow[] = [];
  for (const [index, file] of files.entries()) {
    const storagePath = path.join(dir, `${path.basename(file.path, '.upload')}.${kinds[index]}`);
    await fs.rename(file.path, storagePath);
    const [row] = await ctx.db
      .insert(documents)
      .values({
        userId: ownerId,
        businessCardId,
        fileName: file.originalName,
        fileType: kinds[index]!,
        fileSize: file.size,
        storagePath,
        status: 'pending',
      })
      .returning();
    rows.push(row!);
  }
  return rows;
}

export function listCardDocuments(ctx: AppContext, ownerId: number, cardId: number) {
  return ctx.db
    .select()
    .from(documents)
    .where(and(eq(documents.businessCardId, cardId), eq(documents.userId, ownerId)))
    .orderBy(desc(documents.createdAt), desc(documents.id));
}

export async function deleteDocument(ctx: AppContext, ownerId: number, documentId: number) {
  const [row] = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, ownerId)))
    .returning();
  if (!row) throw notFound();
  await deleteDocumentFiles([row]);
  return row;
}

export async function deleteDocumentFiles(rows: readonly { storagePath: string | null }[]) {
  await Promise.all(
    rows.map((row) => (row.storagePath ? fs.rm(row.storagePath, { force: true }) : undefined)),
  );
}
