/*
 * The chat's limits, as plain numbers. `#shared/schemas/chat.ts` holds the same values next
 * to its zod schemas; importing that module would put zod (~90 KB compressed) into the
 * visitor's page, so the values are mirrored here and a unit test keeps them equal.
 */

/** ZChatMessageText: at most this many characters (after trimming). */
export const MAX_CHAT_MESSAGE_CHARS = 2000;
/** ZChatImageRequest.imageType: anything else is re-encoded as JPEG in the browser. */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type ChatImageType = (typeof CHAT_IMAGE_TYPES)[number];
/** ZChatImageRequest.image: base64 characters. */
export const MAX_CHAT_IMAGE_BASE64_CHARS = 8_000_000;

/** Spec-core 5 and 9: images above this many bytes are downscaled before sending… */
export const IMAGE_COMPRESS_ABOVE_BYTES = 200_000;
/** …to at most this many pixels on the long side… */
export const IMAGE_MAX_SIDE_PX = 600;
/** …encoded at this quality. */
export const IMAGE_QUALITY = 0.6;

/** The counter under the input appears from this length on. */
export const COUNTER_FROM_CHARS = 1500;

export function isChatImageType(type: string): type is ChatImageType {
  return (CHAT_IMAGE_TYPES as readonly string[]).includes(type);
}
