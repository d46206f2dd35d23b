import { count, eq, sum } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { formatByteLimit } from '#server/lib/byte-limit.ts';
import { AppError } from '#server/lib/errors.ts';
import type { UploadQuota } from '#server/lib/uploads.ts';

/*
 * A per-account quota (QUOTA_MAX_DOCUMENTS, QUOTA_MAX_BYTES): checked before an upload stores
 * anything and again while its bytes stream in, answering 413 with the limit in the message.
 */

export interface DocumentUsage {
  documents: number;
  bytes: number;
}

export async function documentUsage(ctx: AppContext, ownerId: number): Promise<DocumentUsage> {
  const [row] = await ctx.db
    .select({ documents: count(), bytes: sum(documents.fileSize) })
    .from(documents)
    .where(eq(documents.userId, ownerId));
  return { documents: row?.documents ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export function quotaExceeded(ctx: AppContext, limit: 'files' | 'bytes'): AppError {
  const { maxDocuments, maxBytes } = ctx.config.quota;
  return limit === 'files'
    ? new AppError('PAYLOAD_TOO_LARGE', 'errors.quotaDocuments', { max: maxDocuments })
    : new AppError('PAYLOAD_TOO_LARGE', 'errors.quotaBytes', { limit: formatByteLimit(maxBytes) });
}

/** What an upload may still add; throws 413 at once when the account is already full. */
export async function uploadQuota(ctx: AppContext, ownerId: number): Promise<UploadQuota> {
  const usage = await documentUsage(ctx, ownerId);
  const { maxDocuments, maxBytes } = ctx.config.quota;
  if (usage.documents >= maxDocuments) throw quotaExceeded(ctx, 'files');
  if (usage.bytes >= maxBytes) throw quotaExceeded(ctx, 'bytes');
  return {
    files: maxDocuments - usage.documents,
    bytes: maxBytes - usage.bytes,
    exceeded: (limit) => quotaExceeded(ctx, limit),
  };
}
