import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createFsObjectStore } from './fs-object-store.ts';
import { readObjectBytes } from './object-store.ts';
import { documentKeyOf, logoKey, userPrefix } from './storage-keys.ts';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-fs-store-'));
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const modeOf = async (target: string) => (await fs.stat(target)).mode & 0o777;

async function localFile(name: string, content: string): Promise<string> {
  const file = path.join(root, name);
  await fs.writeFile(file, content);
  return file;
}

describe('the filesystem object store', () => {
  const filesRoot = path.join(root, 'files');
  const store = createFsObjectStore(filesRoot);

  it('moves an upload in under the key, private, where older versions kept it', async () => {
    const upload = await localFile('17-ab.upload', 'PNG bytes');
    await store.putFile(logoKey(7, 'a1.png'), upload);

    const onDisk = path.join(filesRoot, 'users', '7', 'logos', 'a1.png');
    expect(await fs.readFile(onDisk, 'utf8')).toBe('PNG bytes');
    expect(await modeOf(onDisk)).toBe(0o600);
    expect(await modeOf(path.dirname(onDisk))).toBe(0o700);
    await expect(fs.access(upload)).rejects.toThrow();
    expect(await store.stat(logoKey(7, 'a1.png'))).toEqual({ size: 9 });
  });

  it('streams an object whole or a byte range, and says null for a missing one', async () => {
    await store.putBytes('users/7/audio/intro.mp3', Buffer.from('0123456789'));
    const whole = await store.get('users/7/audio/intro.mp3');
    expect(whole?.size).toBe(10);
    expect(await text(whole!.body)).toBe('0123456789');
    const part = await store.get('users/7/audio/intro.mp3', { start: 2, end: 5 });
    expect(part?.size).toBe(4);
    expect(await text(part!.body)).toBe('2345');

    expect(await store.get('users/7/audio/none.mp3')).toBeNull();
    expect(await store.stat('users/7/audio')).toBeNull();
    expect(await readObjectBytes(store, 'users/7/audio/intro.mp3', 5)).toBeNull();
    expect((await readObjectBytes(store, 'users/7/audio/intro.mp3'))?.toString()).toBe(
      '0123456789',
    );
  });

  it('hands readers the file itself, and refuses a missing object', async () => {
    await store.putBytes('users/8/documents/faq.txt', Buffer.from('交货期 30 天'));
    const read = await store.withLocalFile('users/8/documents/faq.txt', (file) =>
      fs.readFile(file, 'utf8'),
    );
    expect(read).toBe('交货期 30 天');
    await expect(
      store.withLocalFile('users/8/documents/gone.txt', async () => 'never'),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('removes one object, or everything of an account, and counts what is stored', async () => {
    await store.putBytes('users/9/posters/1.png', Buffer.alloc(100));
    await store.putBytes('users/9/chat-photos/4/x.jpg', Buffer.alloc(50));
    const before = await store.usedBytes();

    await store.remove('users/9/posters/1.png');
    await store.remove('users/9/posters/1.png');
    expect(await store.stat('users/9/posters/1.png')).toBeNull();
    expect(await store.usedBytes()).toBe(before - 100);

    await store.removePrefix(userPrefix(9));
    await expect(fs.access(path.join(filesRoot, 'users', '9'))).rejects.toThrow();
    expect(await store.stat(logoKey(7, 'a1.png'))).toEqual({ size: 9 });
  });

  it('refuses keys that would leave the store', async () => {
    for (const key of ['../secret', 'users/1/../../x', '/etc/passwd', 'users//x', '.hidden']) {
      await expect(store.putBytes(key, Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    }
    await expect(store.removePrefix('users/../')).rejects.toThrow(/Invalid storage key/);
    await expect(fs.access(path.join(root, 'secret'))).rejects.toThrow();
  });
});

describe('document rows', () => {
  it('name the stored object by key, also in rows that hold an absolute path', () => {
    expect(documentKeyOf('users/3/documents/17-ab.pdf')).toBe('users/3/documents/17-ab.pdf');
    expect(documentKeyOf('/srv/docucard/data/files/users/3/documents/17-ab.pdf')).toBe(
      'users/3/documents/17-ab.pdf',
    );
    expect(() => documentKeyOf('/etc/passwd')).toThrow();
  });
});
