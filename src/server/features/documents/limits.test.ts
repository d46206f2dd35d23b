import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, jobs } from '#server/db/schema.ts';
import { DOCUMENT_JOB, MAX_PROCESSING_ATTEMPTS } from './processor.ts';
import { writePdfBomb } from '#server/ingest/test-support/pdf-bomb.ts';
import { DEFAULT_INGEST_MEMORY_MB } from '#server/ingest/isolated.ts';
import { ingestFile } from '#server/ingest/index.ts';
import type * as Ingest from '#server/ingest/index.ts';
import {
  deliverMail,
  FIXTURES,
  api,
  createTestApp,
  multipart,
  signUp,
  type TestApp,
  type UploadFile,
} from '#server/test/test-app.ts';
import { storedFilesDir, storedFilesRoot } from '#server/test/stored-files.ts';

/*
 * Upload limits: decompression and pixel bombs, retries after a crash, the per-account quota,
 * private file modes and clean file names — through the routes, on a real database.
 */

// The document reader counted in the server's own process (it runs in a child process).
vi.mock('#server/ingest/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Ingest>();
  return { ...real, ingestFile: vi.fn(real.ingestFile) };
});

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-limits-'));
beforeAll(async () => {
  t = await createTestApp({ env: { QUOTA_MAX_DOCUMENTS: '6', QUOTA_MAX_BYTES: '4194304' } });
  owner = await signUp(t);
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

async function newCard(cookie = owner.cookie) {
  const response = await api(t, 'POST', '/api/business-card-session', { body: {}, cookie });
  return response.json().businessCardId as number;
}

function upload(cardId: number, files: UploadFile[], cookie = owner.cookie) {
  return multipart(t, '/api/documents', {
    cookie,
    fields: { businessCardId: String(cardId) },
    files,
  });
}

async function cardDocuments(cardId: number) {
  const response = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, {
    cookie: owner.cookie,
  });
  return response.json() as Array<{ id: number; fileName: string; status: string; error: string }>;
}

const text = (name: string, content = 'Booth B12 sells bamboo cups.'): UploadFile => ({
  field: 'documents',
  content,
  name,
});

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A well-formed PNG of a few hundred bytes whose header claims width x height pixels. */
function pixelBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a PDF that inflates to 2 GB (decompression bomb)', () => {
  const bomb = path.join(scratch, 'catalogue.pdf');
  beforeAll(() => writePdfBomb(bomb), 60_000);

  it('fails with a clear reason while the server stays small and keeps answering', async () => {
    const cardId = await newCard();
    const response = await upload(cardId, [
      { field: 'documents', path: bomb, name: 'catalogue.pdf' },
    ]);
    expect(response.statusCode).toBe(201);
    let health = 0;
    const sampler = setInterval(() => {
      void api(t, 'GET', '/api/health').then((r) => r.statusCode === 200 && health++);
    }, 100);
    await t.documents.whenIdle();
    clearInterval(sampler);

    const [document] = await cardDocuments(cardId);
    expect(document!.status).toBe('failed');
    expect(document!.error).toContain(`needs more than ${DEFAULT_INGEST_MEMORY_MB} MB of memory`);
    // The server stays small because it never reads the file: the reader process does, and is
    // stopped at its cap. (The memory of both is a figure of `npm run bench -- bounds`.)
    expect(ingestFile).not.toHaveBeenCalled();
    expect(health).toBeGreaterThan(0);

    // The next document gets a fresh reader.
    await upload(cardId, [text('faq.txt')]);
    await t.documents.whenIdle();
    const after = await cardDocuments(cardId);
    expect(after.find((d) => d.fileName === 'faq.txt')!.status).toBe('ready');
    await Promise.all(after.map((d) => api(t, 'DELETE', `/api/documents/${d.id}`, owner)));
  }, 120_000);
});

describe('pixel bombs', () => {
  const bombPng = pixelBombPng(100_000, 100_000);

  it('marks a document image above 40 megapixels failed without decoding it', async () => {
    const cardId = await newCard();
    const response = await upload(cardId, [
      { field: 'documents', content: bombPng, name: 'scan.png' },
    ]);
    expect(response.statusCode).toBe(201);
    await t.documents.whenIdle();
    const [document] = await cardDocuments(cardId);
    expect(document!.status).toBe('failed');
    expect(document!.error).toBe(
      'The image is larger than 40 megapixels. Please upload a smaller image.',
    );
    await api(t, 'DELETE', `/api/documents/${document!.id}`, owner);
  });

  it('refuses such a logo at upload with 413 naming the limit, keeping nothing', async () => {
    const response = await multipart(t, '/api/users/upload-logo', {
      cookie: owner.cookie,
      files: [{ field: 'companyLogo', content: bombPng, name: 'logo.png', type: 'image/png' }],
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(response.json().error).toContain('100000 × 100000 (10000 MP)');
    expect(response.json().error).toContain('the limit is 40 megapixels');
    expect(await fs.readdir(t.ctx.storage.incomingDir(owner.id))).toEqual([]);
    const logos = await fs.readdir(storedFilesDir(t, owner.id, 'logos')).catch(() => []);
    expect(logos).toEqual([]);
  });

  it('still accepts an ordinary logo', async () => {
    const response = await multipart(t, '/api/users/upload-logo', {
      cookie: owner.cookie,
      files: [{ field: 'companyLogo', content: pixelBombPng(64, 64), name: 'logo.png' }],
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('documents left behind by a crash', () => {
  async function leftBehind(cardId: number, attempts: number, status: 'pending' | 'processing') {
    const dir = storedFilesDir(t, owner.id, 'documents');
    await fs.mkdir(dir, { recursive: true });
    const storagePath = path.join(dir, `left-${attempts}-${status}.txt`);
    await fs.copyFile(path.join(FIXTURES, 'hengtai/hengtai-faq.txt'), storagePath);
    const [row] = await t.database.db
      .insert(documents)
      .values({
        userId: owner.id,
        businessCardId: cardId,
        fileName: `left-${attempts}.txt`,
        fileType: 'txt',
        fileSize: 100,
        storagePath,
        status,
        attempts,
      })
      .returning();
    return row!.id;
  }

  it('retries a document once, then gives up instead of looping', async () => {
    const cardId = await newCard();
    const fresh = await leftBehind(cardId, 0, 'pending');
    const once = await leftBehind(cardId, 1, 'processing');
    const twice = await leftBehind(cardId, 2, 'processing');
    await t.documents.resume();
    await t.documents.whenIdle();
    const rows = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.businessCardId, cardId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(fresh)).toMatchObject({ status: 'ready', attempts: 1 });
    expect(byId.get(once)).toMatchObject({ status: 'ready', attempts: 2 });
    expect(byId.get(twice)).toMatchObject({ status: 'failed', attempts: 2 });
    const listed = await cardDocuments(cardId);
    expect(listed.find((d) => d.id === twice)!.error).toContain('stopped the reader twice');
    // A second start does not touch them again.
    await t.documents.resume();
    await t.documents.whenIdle();
    const again = await t.database.db.select().from(documents).where(eq(documents.id, twice));
    expect(again[0]).toMatchObject({ status: 'failed', attempts: 2 });
    await Promise.all(listed.map((d) => api(t, 'DELETE', `/api/documents/${d.id}`, owner)));
  });

  it('takes back a job a stopped server held, and fails one that stopped it twice', async () => {
    const cardId = await newCard();
    const longAgo = new Date(t.clock.now().getTime() - 60 * 60_000);
    const heldBy = async (documentId: number, attempts: number) =>
      t.database.db.insert(jobs).values({
        type: DOCUMENT_JOB,
        payload: { documentId },
        status: 'running',
        attempts,
        maxAttempts: MAX_PROCESSING_ATTEMPTS,
        lockedAt: longAgo,
        lockedBy: 'a-server-that-stopped',
      });
    const once = await leftBehind(cardId, 1, 'processing');
    await heldBy(once, 1);
    const twice = await leftBehind(cardId, 2, 'processing');
    await heldBy(twice, 2);
    await t.documents.whenIdle();
    const listed = await cardDocuments(cardId);
    expect(listed.find((d) => d.id === once)).toMatchObject({ status: 'ready' });
    expect(listed.find((d) => d.id === twice)).toMatchObject({ status: 'failed' });
    expect(listed.find((d) => d.id === twice)!.error).toContain('stopped the reader twice');
    const [reread] = await t.database.db.select().from(documents).where(eq(documents.id, twice));
    expect(reread!.attempts).toBe(2);
    await Promise.all(listed.map((d) => api(t, 'DELETE', `/api/documents/${d.id}`, owner)));
  });
});

describe('a server that stops while reading a document', () => {
  it('hands the document back to the queue, its attempt not counted', async () => {
    const other = await signUp(t);
    const cardId = await newCard(other.cookie);
    // Only the instance that stops runs jobs here.
    await t.app.jobs.stop();
    const stopping = await createTestApp({ shareDatabaseWith: t, shareDataDirWith: t });
    try {
      // Two megabytes without a space take the reader many seconds.
      const long = text('long.txt', 'a'.repeat(2 * 1024 * 1024));
      const response = await multipart(stopping, '/api/documents', {
        cookie: other.cookie,
        fields: { businessCardId: String(cardId) },
        files: [long],
      });
      const id = response.json().documents[0].id as number;
      for (;;) {
        const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
        if (row!.status === 'processing') break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await stopping.close();
      const [row] = await t.database.db.select().from(documents).where(eq(documents.id, id));
      expect(row).toMatchObject({ status: 'pending', attempts: 0, error: null });
      const [job] = await t.database.db
        .select()
        .from(jobs)
        .where(
          sql`${jobs.type} = ${DOCUMENT_JOB} and ${jobs.payload}->>'documentId' = ${String(id)}`,
        );
      expect(job).toMatchObject({ status: 'pending', attempts: 0, lockedBy: null });
      expect((await api(t, 'DELETE', `/api/documents/${id}`, other)).statusCode).toBe(200);
    } finally {
      t.app.jobs.start();
    }
  }, 60_000);
});

describe('file names', () => {
  it('stores a name without bidi or control characters', async () => {
    const cardId = await newCard();
    const response = await upload(cardId, [
      text('invoice\u202Etxt.exe\u200F\u2066\u0007.txt'),
      text('价目表\u2067\u2069 2024.txt'),
    ]);
    expect(response.statusCode).toBe(201);
    const names = response.json().documents.map((d: { fileName: string }) => d.fileName);
    expect(names).toEqual(['invoicetxt.exe.txt', '价目表 2024.txt']);
    await t.documents.whenIdle();
    const listed = await cardDocuments(cardId);
    expect(listed.map((d) => d.fileName).sort()).toEqual([...names].sort());
    await Promise.all(listed.map((d) => api(t, 'DELETE', `/api/documents/${d.id}`, owner)));
  });
});

describe('private files under DATA_DIR', () => {
  it('creates folders 0700 and files 0600: uploads, documents, logos, mail outbox', async () => {
    const cardId = await newCard();
    expect((await upload(cardId, [text('modes.txt')])).statusCode).toBe(201);
    await t.documents.whenIdle();
    const modeOf = async (target: string) => (await fs.stat(target)).mode & 0o777;

    const documentsDir = storedFilesDir(t, owner.id, 'documents');
    const [stored] = await fs.readdir(documentsDir);
    expect(await modeOf(path.join(documentsDir, stored!))).toBe(0o600);
    for (const dir of [
      storedFilesRoot(t),
      storedFilesDir(t, owner.id),
      t.ctx.storage.incomingDir(owner.id),
      documentsDir,
      storedFilesDir(t, owner.id, 'logos'),
    ]) {
      expect({ dir, mode: await modeOf(dir) }).toEqual({ dir, mode: 0o700 });
    }
    const [logo] = await fs.readdir(storedFilesDir(t, owner.id, 'logos'));
    expect(await modeOf(path.join(storedFilesDir(t, owner.id, 'logos'), logo!))).toBe(0o600);

    const outbox = path.join(t.dataDir, 'mail');
    await deliverMail(t);
    expect(await modeOf(outbox)).toBe(0o700);
    const mails = await fs.readdir(outbox);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(await modeOf(path.join(outbox, mail))).toBe(0o600);
    await Promise.all(
      (await cardDocuments(cardId)).map((d) => api(t, 'DELETE', `/api/documents/${d.id}`, owner)),
    );
  });
});

describe('the per-account quota (6 documents, 4 MB in this test)', () => {
  it('answers 413 naming the byte limit, while streaming, and keeps nothing', async () => {
    const other = await signUp(t);
    const cardId = await newCard(other.cookie);
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const first = await upload(cardId, [text('a.txt', big.toString())], other.cookie);
    expect(first.statusCode).toBe(201);
    const second = await upload(cardId, [text('b.txt', big.toString())], other.cookie);
    expect(second.statusCode).toBe(413);
    expect(second.json()).toEqual({
      error:
        'You have reached your limit of 4 MB of documents. Delete some documents to upload more.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await fs.readdir(t.ctx.storage.incomingDir(other.id))).toEqual([]);
    const listed = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, other);
    expect(listed.json()).toHaveLength(1);
  });

  it('answers 413 naming the document limit, in the visitor language too', async () => {
    const other = await signUp(t);
    const cardId = await newCard(other.cookie);
    const five = ['1', '2', '3', '4', '5'].map((n) => text(`${n}.txt`));
    expect((await upload(cardId, five, other.cookie)).statusCode).toBe(201);
    // Two more would make 7: refused before the second file is stored.
    const over = await upload(cardId, [text('6.txt'), text('7.txt')], other.cookie);
    expect(over.statusCode).toBe(413);
    expect(over.json().error).toBe(
      'You have reached your limit of 6 documents. Delete some documents to upload more.',
    );
    expect(await fs.readdir(t.ctx.storage.incomingDir(other.id))).toEqual([]);
    expect((await upload(cardId, [text('6.txt')], other.cookie)).statusCode).toBe(201);
    const full = await multipart(t, '/api/documents', {
      cookie: other.cookie,
      language: 'zh-CN',
      fields: { businessCardId: String(cardId) },
      files: [text('7.txt')],
    });
    expect(full.statusCode).toBe(413);
    expect(full.json().error).toContain('您已达到 6 个文档的上限');
    // Deleting one makes room again.
    const listed = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, other);
    await api(t, 'DELETE', `/api/documents/${listed.json()[0].id}`, other);
    expect((await upload(cardId, [text('7.txt')], other.cookie)).statusCode).toBe(201);
  });
});
