/* The chat's limits: the shared zod-free values, plus the browser's image rules. */
import {
  CHAT_IMAGE_TYPES,
  MAX_CHAT_MESSAGE_CHARS,
  type ChatImageType,
} from '#shared/chat-limits.ts';

export { CHAT_IMAGE_TYPES, MAX_CHAT_MESSAGE_CHARS, type ChatImageType };

/** Images above this many bytes are downscaled before sending… */
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
