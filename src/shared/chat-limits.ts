/*
 * The chat's limits as plain values, with no zod import: the visitor's page reads them without
 * pulling the schema library into its bundle. src/shared/schemas/chat.ts builds on them.
 */

export const MAX_CHAT_MESSAGE_CHARS = 2000;
/** A compressed photo is ~200 KB; base64 of up to 6 MB of image bytes is accepted. */
export const MAX_CHAT_IMAGE_BASE64_CHARS = 8_000_000;
/** The browser re-encodes photos as JPEG before sending; PNG is read as it is. */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export type ChatImageType = (typeof CHAT_IMAGE_TYPES)[number];
