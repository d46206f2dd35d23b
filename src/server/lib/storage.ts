import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { createFsObjectStore } from './fs-object-store.ts';
import type { ObjectStore } from './object-store.ts';
import { userPrefix } from './storage-keys.ts';

/*
 * The files of every account: an object store (DATA_DIR/files by default, an S3-compatible
 * bucket with S3_BUCKET) addressed by the keys of storage-keys.ts, plus one thing that always
 * stays on this machine: the incoming folder uploads stream into while their size and type are
 * checked, before they are put into the store. Routes never build paths themselves.
 */

export interface Storage extends ObjectStore {
  /** Where uploads land while they stream in (always this machine's DATA_DIR/files). */
  incomingDir(userId: number): string;
  /** Everything the account uploaded or generated, and its unfinished uploads here. */
  removeUserFiles(userId: number): Promise<void>;
}

const filesRoot = (dataDir: string) => path.join(dataDir, 'files');
const incomingDirOf = (dataDir: string, userId: number) =>
  path.join(filesRoot(dataDir), 'users', String(userId), 'incoming');
/** S3 objects copied for a reader (withLocalFile) while it runs. */
const scratchDirOf = (dataDir: string) => path.join(dataDir, 'tmp');

export async function createStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  // The AWS SDK is loaded only when a bucket is configured (about 25 MB and a second of start).
  const store = config.s3
    ? (await import('./s3-object-store.ts')).createS3ObjectStore(
        config.s3,
        scratchDirOf(config.dataDir),
      )
    : createFsObjectStore(filesRoot(config.dataDir));
  const incomingDir = (userId: number) => incomingDirOf(config.dataDir, userId);
  return {
    ...store,
    incomingDir,
    async removeUserFiles(userId) {
      await store.removePrefix(userPrefix(userId));
      await fs.rm(path.dirname(incomingDir(userId)), { recursive: true, force: true });
    },
  };
}

/**
 * Deletes what a crash left behind: uploads cut off in the incoming folders and temporary
 * copies of stored objects. Returns how many uploads were removed.
 */
export async function removePartialUploads(dataDir: string): Promise<number> {
  const usersDir = path.join(filesRoot(dataDir), 'users');
  const users = await fs.readdir(usersDir).catch(() => [] as string[]);
  let removed = 0;
  for (const user of users) {
    const incoming = path.join(usersDir, user, 'incoming');
    const names = await fs.readdir(incoming).catch(() => [] as string[]);
    await Promise.all(
      names.map((name) => fs.rm(path.join(incoming, name), { recursive: true, force: true })),
    );
    removed += names.length;
  }
  await fs.rm(scratchDirOf(dataDir), { recursive: true, force: true });
  return removed;
}
