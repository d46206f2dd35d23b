import fs from 'node:fs/promises';

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
