import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { describeImageSize, exceedsPixelLimit, readImageHeader } from '#server/lib/image-header.ts';
import { imageTooManyPixels } from '#server/lib/uploads.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { chatPhotoKey } from '#server/lib/storage-keys.ts';
import type { VisitorSession } from './visitor-sessions.ts';

/*
 * Photos a visitor sends in the chat (issue 12, item 11): kept with the card owner's files so
 * the owner sees the photo itself in the conversation, and removed with the owner's account.
 */

export const PHOTO_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
} as const;
type PhotoMime = keyof typeof PHOTO_TYPES;

const MIME_OF: Record<string, PhotoMime> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
/** A stored photo's id: random, with the extension of its real type. */
const PHOTO_ID = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export interface CheckedPhoto {
  bytes: Buffer;
  extension: (typeof PHOTO_TYPES)[PhotoMime];
}

/** The photo's bytes, if they really are a JPEG, PNG or WebP image (415 otherwise). */
export async function checkPhoto(base64: string): Promise<CheckedPhoto> {
  const bytes = Buffer.from(base64, 'base64');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type && PHOTO_TYPES[type.mime as PhotoMime];
  if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'validation.imageType');
  // A pixel bomb is refused from its header before anything is stored or announced.
  const header = readImageHeader(bytes);
  if (header && exceedsPixelLimit(header)) {
    throw imageTooManyPixels('photo', describeImageSize(header));
  }
  return { bytes, extension };
}

async function ownerOf(ctx: AppContext, cardId: number): Promise<number> {
  const [card] = await ctx.db
    .select({ userId: businessCards.userId })
    .from(businessCards)
    .where(eq(businessCards.id, cardId))
    .limit(1);
  if (!card) throw notFound();
  return card.userId;
}

/** Keeps the photo; returns the id the stored message refers to. */
export async function storePhoto(
  ctx: AppContext,
  session: VisitorSession,
  photo: CheckedPhoto,
): Promise<string> {
  const ownerId = await ownerOf(ctx, session.businessCardId);
  const id = `${randomBytes(16).toString('hex')}.${photo.extension}`;
  const mime = MIME_OF[photo.extension]!;
  await ctx.storage.putBytes(chatPhotoKey(ownerId, session.id, id), photo.bytes, mime);
  return id;
}

/** A photo of the owner's visitor session, with its content type; 404 for anything else. */
export async function readPhoto(
  ctx: AppContext,
  ownerId: number,
  session: VisitorSession,
  id: string,
): Promise<{ bytes: Buffer; mime: PhotoMime }> {
  const match = PHOTO_ID.exec(id);
  if (!match) throw notFound();
  const bytes = await readObjectBytes(ctx.storage, chatPhotoKey(ownerId, session.id, id));
  if (!bytes) throw notFound();
  return { bytes, mime: MIME_OF[match[1]!]! };
}
