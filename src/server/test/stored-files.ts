import path from 'node:path';

/*
 * Where the filesystem store (the default) keeps an account's files, for tests that look at
 * the disk itself: modes, leftovers, files removed with the account. The server goes by keys
 * (lib/storage-keys.ts); the layout on disk is DATA_DIR/files/<key>.
 */

export type StoredArea = 'logos' | 'documents' | 'audio' | 'posters' | 'chat-photos' | 'incoming';

export const storedFilesRoot = (t: { dataDir: string }) => path.join(t.dataDir, 'files');

export function storedFilesDir(t: { dataDir: string }, userId: number, area?: StoredArea): string {
  const userDir = path.join(storedFilesRoot(t), 'users', String(userId));
  return area ? path.join(userDir, area) : userDir;
}
