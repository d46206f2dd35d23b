import fs from 'node:fs/promises';
import path from 'node:path';
import { isOpenToOthers, makeTreePrivate, PRIVATE_DIR_MODE } from './private-fs.ts';
import { removePartialUploads } from './storage.ts';

/*
 * Start-up care of DATA_DIR, before the server takes requests: the folder is private (0700,
 * also when an older version created it open), and uploads that a crash cut off in the middle
 * are removed from the incoming folders, as are temporary copies of stored objects.
 */

export async function prepareDataDir(dataDir: string): Promise<{ partialUploads: number }> {
  await fs.mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dataDir, PRIVATE_DIR_MODE);
  // Versions before PGlite's files were kept private left the database open (PG_VERSION and
  // base/… 0666): that install is closed once, all of it.
  if (await isOpenToOthers(path.join(dataDir, 'pg', 'PG_VERSION'))) await makeTreePrivate(dataDir);
  const partialUploads = await removePartialUploads(dataDir);
  return { partialUploads };
}
