import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { copyDataDir, type EmscriptenFs } from './copy-data-dir.ts';

/** An in-memory file tree under PGDATA, read as Emscripten's file system reads it. */
function memoryFs(files: Record<string, string>, failOn?: string): EmscriptenFs {
  const root = PGlite.paths.PGDATA;
  const DIR = 0o040000;
  const FILE = 0o100000;
  const relative = (target: string) => target.slice(root.length + 1);
  const isFolder = (target: string) =>
    target === root || Object.keys(files).some((file) => file.startsWith(`${relative(target)}/`));
  return {
    readdir: (target) => {
      const prefix = target === root ? '' : `${relative(target)}/`;
      const names = Object.keys(files)
        .filter((file) => file.startsWith(prefix))
        .map((file) => file.slice(prefix.length).split('/')[0]!);
      return ['.', '..', ...new Set(names)];
    },
    stat: (target) => ({ mode: isFolder(target) ? DIR : FILE }),
    isDir: (mode) => (mode & DIR) === DIR,
    readFile: (target) => {
      if (relative(target) === failOn) throw new Error('stopped');
      return new TextEncoder().encode(files[relative(target)]);
    },
  };
}

describe('copying an in-memory database into a folder', () => {
  let folder = '';
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  const database = {
    PG_VERSION: '18',
    'base/1/1259': 'pg_class',
    'global/pg_control': 'control',
    'pg_tblspc/.keep': '',
  };

  it('writes every file 0600 and folder 0700', () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-copy-'));
    const target = path.join(folder, 'pg');
    copyDataDir(memoryFs(database), target);
    for (const [file, text] of Object.entries(database)) {
      expect(fs.readFileSync(path.join(target, file), 'utf8')).toBe(text);
      expect(fs.statSync(path.join(target, file)).mode & 0o777).toBe(0o600);
    }
    for (const dir of ['', 'base', 'base/1', 'global', 'pg_tblspc']) {
      expect(fs.statSync(path.join(target, dir)).mode & 0o777).toBe(0o700);
    }
  });

  it('marks the folder as a database (PG_VERSION) only once the rest is written', () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-copy-'));
    const target = path.join(folder, 'pg');
    expect(() => copyDataDir(memoryFs(database, 'global/pg_control'), target)).toThrow('stopped');
    expect(fs.existsSync(path.join(target, 'base/1/1259'))).toBe(true);
    expect(fs.existsSync(path.join(target, 'PG_VERSION'))).toBe(false);
  });
});
