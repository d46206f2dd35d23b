import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { startS3Server, type TestS3Server } from '#server/test/s3-server.ts';
import { createS3ObjectStore } from './s3-object-store.ts';
import type { ObjectStore } from './object-store.ts';

/* The S3 object store against a local S3-protocol server (s3rver). */

let s3: TestS3Server;
let store: ObjectStore;
let work: string;

beforeAll(async () => {
  s3 = await startS3Server();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-s3-store-'));
  store = createS3ObjectStore(
    loadConfig({ ...s3.env, DATA_DIR: work }).s3!,
    path.join(work, 'tmp'),
  );
}, 30_000);

afterAll(async () => {
  await store?.close();
  await s3?.close();
  await fs.rm(work, { recursive: true, force: true });
});

const sha256 = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

describe('the S3 object store', () => {
  it('uploads a large file in parts, streamed from disk, and hands it back to a reader', async () => {
    // 20 MB: three parts of 8 MB at most, never the whole file in memory.
    const upload = path.join(work, 'catalogue.upload');
    const handle = await fs.open(upload, 'w');
    const block = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < 20; i += 1) await handle.write(block.fill(i));
    await handle.close();
    const expected = await sha256(upload);

    await store.putFile('users/5/documents/catalogue.pdf', upload, 'application/pdf');
    await expect(fs.access(upload)).rejects.toThrow();
    expect(await store.stat('users/5/documents/catalogue.pdf')).toEqual({ size: 20 * 1024 * 1024 });
    const parts = s3.requests.filter((request) =>
      /^PUT \/[\w-]+\/users\/5\/documents\/catalogue\.pdf\?.*partNumber=\d/.test(request),
    );
    expect(parts).toHaveLength(3);

    let copy = '';
    const digest = await store.withLocalFile('users/5/documents/catalogue.pdf', async (file) => {
      copy = file;
      expect(path.basename(file)).toBe('catalogue.pdf');
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      return sha256(file);
    });
    expect(digest).toBe(expected);
    await expect(fs.access(copy)).rejects.toThrow();
  });

  it('streams a byte range, and says null for what is not there', async () => {
    await store.putBytes('users/5/audio/intro.mp3', Buffer.from('0123456789'), 'audio/mpeg');
    const part = await store.get('users/5/audio/intro.mp3', { start: 3, end: 6 });
    expect(part?.size).toBe(4);
    expect(await text(part!.body)).toBe('3456');
    expect(await store.get('users/5/audio/none.mp3')).toBeNull();
    expect(await store.stat('users/5/audio/none.mp3')).toBeNull();
    await expect(
      store.withLocalFile('users/5/documents/none.pdf', async () => 'never'),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes an account prefix and counts the bytes stored', async () => {
    await store.putBytes('users/6/posters/1.png', Buffer.alloc(300));
    const before = await store.usedBytes();
    expect(before).toBe(20 * 1024 * 1024 + 10 + 300);
    await store.removePrefix('users/5/');
    expect(await s3.keys('users/5/')).toEqual([]);
    expect(await s3.keys()).toEqual(['users/6/posters/1.png']);
    expect(await store.usedBytes()).toBe(300);
  });
});
