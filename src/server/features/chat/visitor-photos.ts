import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { CHAT_PHOTO_MAX_PIXELS } from '#shared/limits.ts';
import {
  describeImageSize,
  exceedsPixelLimit,
  readImageHeader,
  type ImageHeader,
} from '#server/lib/image-header.ts';
import { decodeWholeImage } from '#server/lib/image-decode.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, visitorSessions } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { readObjectBytes } from '#server/lib/object-store.ts';
import { chatPhotoKey } from '#server/lib/storage-keys.ts';
import type { VisitorSession } from '#server/lib/visitor-sessions.ts';

/*
 * Photos a visitor sends in the chat: kept with the card owner's files so
 * the owner sees the photo itself in the conversation, and removed with the owner's account.
 * A photo is kept only once it decoded as a whole JPEG or PNG (the types the chat's photo
 * button sends: the browser re-encodes anything else as JPEG), and its size is written into
 * the visitor's message, so what a card's photos take up is known (photo-budgets.ts).
 */

export const PHOTO_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
} as const;
type PhotoMime = keyof typeof PHOTO_TYPES;

/** Types of stored photos, WebP included: photos kept before WebP was refused stay readable. */
const MIME_OF: Record<string, PhotoMime | 'image/webp'> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
/** A stored photo's id: random, with the extension of its real type. */
const PHOTO_ID = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export interface CheckedPhoto {
  bytes: Buffer;
  extension: (typeof PHOTO_TYPES)[PhotoMime];
  header: ImageHeader;
}

/** What the visitor is told when the bytes say JPEG or PNG but do not decode as one (422). */
const unreadablePhoto = () => new AppError('UNPROCESSABLE', 'errors.photoUnreadable');

/**
 * The photo's bytes, if they say they are a JPEG or PNG (415 otherwise) of at most `maxPixels`
 * by its header (413: a pixel bomb is refused before anything decodes it). Cheap: nothing is
 * decoded yet, see assertWholeImage.
 */
export async function checkPhoto(
  base64: string,
  maxPixels: number = CHAT_PHOTO_MAX_PIXELS,
): Promise<CheckedPhoto> {
  const bytes = Buffer.from(base64, 'base64');
  const type = await fileTypeFromBuffer(bytes);
  const extension = type && PHOTO_TYPES[type.mime as PhotoMime];
  if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'validation.imageType');
  const header = readImageHeader(bytes);
  if (!header || (header.format !== 'png' && header.format !== 'jpeg')) throw unreadablePhoto();
  if (exceedsPixelLimit(header, maxPixels)) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'errors.imageTooManyPixels', {
      fileName: 'photo',
      size: describeImageSize(header),
      megapixels: Math.round(maxPixels / 100_000) / 10,
    });
  }
  return { bytes, extension, header };
}

/** 422 unless every pixel of the photo decodes (a valid header followed by junk does not). */
export async function assertWholeImage(
  photo: CheckedPhoto,
  maxPixels: number = CHAT_PHOTO_MAX_PIXELS,
): Promise<void> {
  const format = photo.header.format === 'png' ? 'png' : 'jpeg';
  const decoded = await decodeWholeImage(photo.bytes, format, { maxPixels });
  const whole =
    decoded.ok && decoded.width === photo.header.width && decoded.height === photo.header.height;
  if (!whole) throw unreadablePhoto();
}

/**
 * Bytes of the photos a card's visitors have sent (as written into their messages), the
 * measure of the card's photo storage budget.
 */
export async function cardPhotoBytes(ctx: AppContext, cardId: number): Promise<number> {
  const messages = sql`case jsonb_typeof(${visitorSessions.messages})
    when 'array' then ${visitorSessions.messages} else '[]'::jsonb end`;
  const photoBytes = sql`(select sum((m->>'imageBytes')::bigint)
    from jsonb_array_elements(${messages}) as m where m ? 'imageBytes')`;
  const [row] = await ctx.db
    .select({ bytes: sql<string | null>`sum(${photoBytes})` })
    .from(visitorSessions)
    .where(eq(visitorSessions.businessCardId, cardId));
  return Number(row?.bytes ?? 0);
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

export interface StoredPhoto {
  /** The id the stored message refers to. */
  id: string;
  bytes: number;
  /** Removes the photo again (its message could not be written). */
  discard(): Promise<void>;
}

/** Keeps the photo (checked whole: assertWholeImage). */
export async function storePhoto(
  ctx: AppContext,
  session: VisitorSession,
  photo: CheckedPhoto,
): Promise<StoredPhoto> {
  const ownerId = await ownerOf(ctx, session.businessCardId);
  const id = `${randomBytes(16).toString('hex')}.${photo.extension}`;
  const key = chatPhotoKey(ownerId, session.id, id);
  await ctx.storage.putBytes(key, photo.bytes, MIME_OF[photo.extension]!);
  return { id, bytes: photo.bytes.length, discard: () => ctx.storage.remove(key) };
}

/** A photo of the owner's visitor session, with its content type; 404 for anything else. */
export async function readPhoto(
  ctx: AppContext,
  ownerId: number,
  session: VisitorSession,
  id: string,
): Promise<{ bytes: Buffer; mime: PhotoMime | 'image/webp' }> {
  const match = PHOTO_ID.exec(id);
  if (!match) throw notFound();
  const bytes = await readObjectBytes(ctx.storage, chatPhotoKey(ownerId, session.id, id));
  if (!bytes) throw notFound();
  return { bytes, mime: MIME_OF[match[1]!]! };
}
