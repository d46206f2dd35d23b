import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream, createReadStream } from 'node:fs';
import { assertValidKey, MissingObjectError, type ObjectStore } from './object-store.ts';
import { makePrivateDir, PRIVATE_FILE_MODE, writePrivateFile } from './private-fs.ts';

/** Objects as files under `root` (DATA_DIR/files): folders 0700, files 0600. */
export function createFsObjectStore(root: string): ObjectStore {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return path.join(root, ...key.split('/'));
  };

  async function openIfFile(key: string) {
    const handle = await fs.open(fileOf(key), 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ENOTDIR' || error.code === 'EISDIR') {
        return null;
      }
      throw error;
    });
    if (!handle) return null;
    const stat = await handle.stat();
    if (stat.isFile()) return { handle, size: stat.size };
    await handle.close();
    return null;
  }

  return {
    kind: 'fs',

    async putFile(key, localPath) {
      const target = fileOf(key);
      try {
        await makePrivateDir(path.dirname(target));
        await fs.rename(localPath, target).catch(async (error: NodeJS.ErrnoException) => {
          // The incoming folder is on another filesystem (a mounted DATA_DIR/files): copy.
          if (error.code !== 'EXDEV') throw error;
          await pipeline(
            createReadStream(localPath),
            createWriteStream(target, { mode: PRIVATE_FILE_MODE }),
          );
        });
        await fs.chmod(target, PRIVATE_FILE_MODE);
      } finally {
        await fs.rm(localPath, { force: true });
      }
    },

    async putBytes(key, bytes) {
      const target = fileOf(key);
      await makePrivateDir(path.dirname(target));
      await writePrivateFile(target, bytes);
    },

    async stat(key) {
      const stat = await fs.stat(fileOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size } : null;
    },

    async get(key, range) {
      const opened = await openIfFile(key);
      if (!opened) return null;
      const body = opened.handle.createReadStream(range ?? {});
      const size = range
        ? Math.max(0, Math.min(range.end, opened.size - 1) - range.start + 1)
        : opened.size;
      return { body, size };
    },

    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },

    async removePrefix(prefix) {
      assertValidKey(prefix, { prefix: true });
      await fs.rm(path.join(root, ...prefix.split('/').filter(Boolean)), {
        recursive: true,
        force: true,
      });
    },

    async withLocalFile(key, readFile) {
      const file = fileOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) throw new MissingObjectError(key);
      return readFile(file);
    },

    usedBytes: () => folderBytes(root),

    async close() {},
  };
}

/** Total size of the files under a folder (0 when it does not exist yet). */
async function folderBytes(folder: string): Promise<number> {
  const entries = await fs
    .readdir(folder, { recursive: true, withFileTypes: true })
    .catch(() => [] as Dirent[]);
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => null);
    total += stat?.size ?? 0;
  }
  return total;
}
