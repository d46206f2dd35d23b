import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDataDir } from './data-dir.ts';
import { storedFilesDir } from '#server/test/stored-files.ts';
import { sanitizeFileName } from './uploads.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-data-dir-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('DATA_DIR at start-up', () => {
  it('makes the folder private and removes uploads a crash cut off', async () => {
    const dataDir = path.join(root, 'data');
    const at = (userId: number, area: 'incoming' | 'documents') =>
      storedFilesDir({ dataDir }, userId, area);
    for (const userId of [3, 41]) {
      await fs.mkdir(at(userId, 'incoming'), { recursive: true });
      await fs.writeFile(path.join(at(userId, 'incoming'), '17-ab.upload'), 'half a file');
    }
    await fs.mkdir(at(3, 'documents'), { recursive: true });
    await fs.writeFile(path.join(at(3, 'documents'), 'kept.pdf'), '%PDF-1.4');
    // A copy of an S3 object a reader was using when the server stopped.
    await fs.mkdir(path.join(dataDir, 'tmp', 'object-x'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'tmp', 'object-x', 'a.pdf'), '%PDF-1.4');
    await fs.chmod(dataDir, 0o755);

    expect(await prepareDataDir(dataDir)).toEqual({ partialUploads: 2 });
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await fs.readdir(at(3, 'incoming'))).toEqual([]);
    expect(await fs.readdir(at(41, 'incoming'))).toEqual([]);
    expect(await fs.readdir(at(3, 'documents'))).toEqual(['kept.pdf']);
    await expect(fs.access(path.join(dataDir, 'tmp'))).rejects.toThrow();
  });

  it('creates a missing DATA_DIR private', async () => {
    const dataDir = path.join(root, 'fresh', 'data');
    expect(await prepareDataDir(dataDir)).toEqual({ partialUploads: 0 });
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
  });

  it('closes a DATA_DIR whose embedded database an older version left open (0666 files)', async () => {
    const dataDir = path.join(root, 'old-install');
    await fs.mkdir(path.join(dataDir, 'pg', 'base', '5'), { recursive: true, mode: 0o755 });
    await fs.writeFile(path.join(dataDir, 'pg', 'PG_VERSION'), '17\n', { mode: 0o666 });
    await fs.writeFile(path.join(dataDir, 'pg', 'base', '5', '1259'), 'x', { mode: 0o666 });
    await fs.mkdir(path.join(dataDir, 'mail'), { mode: 0o755 });
    await fs.writeFile(path.join(dataDir, 'mail', 'a.eml'), 'x', { mode: 0o644 });
    const outside = path.join(root, 'outside.txt');
    await fs.writeFile(outside, 'not ours');
    await fs.chmod(outside, 0o644);
    await fs.symlink(outside, path.join(dataDir, 'link'));
    // The umask may have narrowed the modes asked for above: set them as an old version left them.
    for (const [file, mode] of [
      ['pg', 0o755],
      ['pg/base', 0o755],
      ['pg/base/5', 0o755],
      ['pg/PG_VERSION', 0o666],
      ['pg/base/5/1259', 0o666],
      ['mail', 0o755],
      ['mail/a.eml', 0o644],
    ] as const) {
      await fs.chmod(path.join(dataDir, file), mode);
    }

    await prepareDataDir(dataDir);
    for (const folder of ['.', 'pg', 'pg/base', 'pg/base/5', 'mail']) {
      expect((await fs.stat(path.join(dataDir, folder))).mode & 0o777, folder).toBe(0o700);
    }
    for (const file of ['pg/PG_VERSION', 'pg/base/5/1259', 'mail/a.eml']) {
      expect((await fs.stat(path.join(dataDir, file))).mode & 0o777, file).toBe(0o600);
    }
    // A symbolic link is not followed.
    expect((await fs.stat(outside)).mode & 0o777).toBe(0o644);
  });
});

describe('stored file names', () => {
  it('strips bidi controls that disguise an extension', () => {
    // Displayed as "invoiceexe.pdf" without the stripping.
    expect(sanitizeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(sanitizeFileName('a\u202A\u202B\u202C\u202Db\u2066\u2067\u2068\u2069c.pdf')).toBe(
      'abc.pdf',
    );
    expect(sanitizeFileName('\u200Eleft\u200Fright\u061C.txt')).toBe('leftright.txt');
  });

  it('strips C0 and C1 controls, separators, BOMs and lone surrogates', () => {
    expect(sanitizeFileName('re\u0000port\u0007\u001b\u007f\u0085\u009f.pdf')).toBe('report.pdf');
    expect(sanitizeFileName('\uFEFFline\u2028break\u2029.txt')).toBe('linebreak.txt');
    expect(sanitizeFileName('half\uD800.txt')).toBe('half.txt');
  });

  it('keeps Chinese, emoji and spaces, drops paths, bounds the length by character', () => {
    expect(sanitizeFileName('../../etc/价目表 2024 📄.pdf')).toBe('价目表 2024 📄.pdf');
    expect(sanitizeFileName('C:\\Users\\me\\deck.pptx')).toBe('deck.pptx');
    expect(sanitizeFileName('\u202E\u0000')).toBe('file');
    const long = sanitizeFileName('📄'.repeat(300));
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith('📄')).toBe(true);
  });
});
