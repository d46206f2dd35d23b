import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Files on disk live under DATA_DIR, one folder per owner, so deleting an account can remove
 * everything it uploaded or generated in one step. Folders are 0700 and files 0600
 * (private-fs.ts); routes ask this module for places, never build paths themselves.
 */

export interface Storage {
  readonly root: string;
  userDir(userId: number): string;
  /** Where uploads land while they stream in. */
  incomingDir(userId: number): string;
  documentsDir(userId: number): string;
  logosDir(userId: number): string;
  /** Generated audio introductions (MP3), served only to their owner. */
  audioDir(userId: number): string;
  /** Generated event posters (PNG), served only to their owner. */
  postersDir(userId: number): string;
  /** The public URL path of a stored logo. */
  logoUrl(userId: number, name: string): string;
  removeUserFiles(userId: number): Promise<void>;
  /** Deletes what uploads cut off by a crash left in the incoming folders; returns how many. */
  removePartialUploads(): Promise<number>;
}

export function createStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  const userDir = (userId: number) => path.join(root, 'users', String(userId));
  return {
    root,
    userDir,
    incomingDir: (userId) => path.join(userDir(userId), 'incoming'),
    documentsDir: (userId) => path.join(userDir(userId), 'documents'),
    logosDir: (userId) => path.join(userDir(userId), 'logos'),
    audioDir: (userId) => path.join(userDir(userId), 'audio'),
    postersDir: (userId) => path.join(userDir(userId), 'posters'),
    logoUrl: (userId, name) => `/api/files/logos/${userId}/${name}`,
    async removeUserFiles(userId) {
      await fs.rm(userDir(userId), { recursive: true, force: true });
    },
    async removePartialUploads() {
      const users = await fs.readdir(path.join(root, 'users')).catch(() => [] as string[]);
      let removed = 0;
      for (const user of users) {
        const incoming = path.join(root, 'users', user, 'incoming');
        const names = await fs.readdir(incoming).catch(() => [] as string[]);
        await Promise.all(
          names.map((name) => fs.rm(path.join(incoming, name), { recursive: true, force: true })),
        );
        removed += names.length;
      }
      return removed;
    },
  };
}
