/*
 * The names of stored objects: one prefix per owner, so deleting an account removes everything
 * it uploaded or generated in one step. On disk these are paths under DATA_DIR/files, the same
 * layout as before object storage existed, so existing data folders keep working.
 */

export const userPrefix = (userId: number) => `users/${userId}/`;
export const logoKey = (userId: number, name: string) => `${userPrefix(userId)}logos/${name}`;
export const documentKey = (userId: number, name: string) =>
  `${userPrefix(userId)}documents/${name}`;
/** Generated audio introductions (MP3), served only to their owner. */
export const audioKey = (userId: number, name: string) => `${userPrefix(userId)}audio/${name}`;
/** Generated event posters (PNG), served only to their owner. */
export const posterKey = (userId: number, posterId: number) =>
  `${userPrefix(userId)}posters/${posterId}.png`;
export const chatPhotoKey = (userId: number, sessionId: number, id: string) =>
  `${userPrefix(userId)}chat-photos/${sessionId}/${id}`;

/**
 * A document's drawn pages (previews, the pictures cut from them: features/previews) sit beside
 * its file under this prefix, so they go with it.
 */
export const documentPagesPrefix = (documentKey: string) => `${documentKey}.pages/`;

/** The public URL path of a stored logo. */
export const logoUrl = (userId: number, name: string) => `/api/files/logos/${userId}/${name}`;

const LEGACY_DOCUMENT_PATH = /(?:^|[\\/])(users\/\d+\/documents\/[^\\/]+)$/u;

/**
 * A document row's `storage_path`: a key since object storage; an absolute path under
 * DATA_DIR/files/ in rows written before. Both name the same object.
 */
export function documentKeyOf(storagePath: string): string {
  if (!storagePath.startsWith('/') && !/^[A-Za-z]:[\\/]/u.test(storagePath)) return storagePath;
  const match = LEGACY_DOCUMENT_PATH.exec(storagePath.replaceAll('\\', '/'));
  if (!match) throw new Error(`Unrecognised stored document path: ${storagePath}`);
  return match[1]!;
}
