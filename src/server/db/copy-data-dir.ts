import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/*
 * Writes the files of an in-memory PGlite into a folder one at a time, so that no archive of the
 * whole database is held in memory (see client.ts, migratePgliteFolder). Files 0600 and folders
 * 0700, like everything in DATA_DIR. PG_VERSION, what marks a folder as a database, is written
 * last: a copy cut off by a stop leaves a folder that is set up again at the next start.
 */

/** The part of Emscripten's file system (PGlite's `Module.FS`) read here. */
export interface EmscriptenFs {
  readdir(path: string): string[];
  stat(path: string): { mode: number };
  isDir(mode: number): boolean;
  readFile(path: string): Uint8Array;
}

const DATABASE_MARK = 'PG_VERSION';

/** `memory` is the `Module.FS` of an in-memory PGlite, taken before closing it. */
export function copyDataDir(memory: EmscriptenFs, folder: string): void {
  copyFolder(memory, PGlite.paths.PGDATA, folder, DATABASE_MARK);
  fs.writeFileSync(
    path.join(folder, DATABASE_MARK),
    memory.readFile(`${PGlite.paths.PGDATA}/${DATABASE_MARK}`),
    { mode: 0o600 },
  );
}

function copyFolder(memory: EmscriptenFs, from: string, to: string, skip?: string): void {
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of memory.readdir(from)) {
    if (name === '.' || name === '..' || name === skip) continue;
    const source = `${from}/${name}`;
    const target = path.join(to, name);
    if (memory.isDir(memory.stat(source).mode)) copyFolder(memory, source, target);
    else fs.writeFileSync(target, memory.readFile(source), { mode: 0o600 });
  }
}
