import fs from 'node:fs/promises';
import path from 'node:path';

/*
 * Everything the server keeps under DATA_DIR is its own business: uploaded company documents,
 * logos, the mail outbox (which holds sign-in tokens), the session secret and the database.
 * Folders are created 0700 and files 0600, whatever the umask.
 */

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** mkdir -p where every folder it creates is private. */
export async function makePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await fs.writeFile(file, data, { mode: PRIVATE_FILE_MODE });
}

/** True when the file or folder can be read or written by group or others. */
export async function isOpenToOthers(target: string): Promise<boolean> {
  try {
    return ((await fs.lstat(target)).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

/**
 * Closes everything under `root` (and `root` itself) that group or others could reach: folders
 * become 0700, files 0600. Symbolic links are neither followed nor changed. Answers how many
 * modes it changed.
 */
export async function makeTreePrivate(root: string): Promise<number> {
  let changed = 0;
  const visit = async (target: string): Promise<void> => {
    let stat;
    try {
      stat = await fs.lstat(target);
    } catch {
      return; // gone meanwhile
    }
    if (stat.isSymbolicLink()) return;
    if (stat.mode & 0o077) {
      await fs.chmod(target, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
      changed += 1;
    }
    if (stat.isDirectory()) {
      for (const name of await fs.readdir(target)) await visit(path.join(target, name));
    }
  };
  await visit(root);
  return changed;
}
