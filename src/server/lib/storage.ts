import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Files on disk live under DATA_DIR, one folder per owner, so deleting an account can remove
 * everything it uploaded or generated in one step.
 */

export interface Storage {
  readonly root: string;
  userDir(userId: number): string;
  removeUserFiles(userId: number): Promise<void>;
}

export function createStorage(dataDir: string): Storage {
  const root = path.join(dataDir, 'files');
  return {
    root,
    userDir: (userId) => path.join(root, 'users', String(userId)),
    async removeUserFiles(userId) {
      await fs.rm(path.join(root, 'users', String(userId)), { recursive: true, force: true });
    },
  };
}
