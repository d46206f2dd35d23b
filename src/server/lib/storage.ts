import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Files on disk live under DATA_DIR, one folder per owner, so deleting an account can remove
 * everything it uploaded or generated in one step.
 */

export interface Storage {
  readonly root: string;
  userDir(userId: number): string;
  /** Where uploads land while they stream in. */
  incomingDir(userId: number): string;
  documentsDir(userId: number): string;
  logosDir(userId: number): string;
  /** The public URL path of a stored logo. */
  logoUrl(userId: number, name: string): string;
  removeUserFiles(userId: number): Promise<void>;
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
    logoUrl: (userId, name) => `/api/files/logos/${userId}/${name}`,
    async removeUserFiles(userId) {
      await fs.rm(userDir(userId), { recursive: true, force: true });
    },
  };
}
