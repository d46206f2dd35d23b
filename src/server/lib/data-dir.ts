import fs from 'node:fs/promises';
import { PRIVATE_DIR_MODE } from './private-fs.ts';
import { removePartialUploads } from './storage.ts';

/*
 * Start-up care of DATA_DIR, before the server takes requests: the folder is private (0700,
 * also when an older version created it open), and uploads that a crash cut off in the middle
 * are removed from the incoming folders, as are temporary copies of stored objects.
 */

export async function prepareDataDir(dataDir: string): Promise<{ partialUploads: number }> {
  await fs.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dataDir, PRIVATE_DIR_MODE);
  const partialUploads = await removePartialUploads(dataDir);
  return { partialUploads };
}
