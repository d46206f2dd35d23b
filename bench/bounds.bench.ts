import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { foldToSimplified } from '#server/text/han-script.ts';
import { textFromImage } from '#server/ai/image.ts';
import { detectDocumentKind } from '#server/ingest/detect.ts';
import { createIsolatedIngestor } from '#server/ingest/isolated.ts';
import { residentBytes } from '#server/lib/memory-watchdog.ts';
import { bad } from '#server/ingest/test-support/fixtures.ts';
import { writePdfBomb } from '#server/ingest/test-support/pdf-bomb.ts';
import { buildXlsx, emptyRows, STOCK_ROWS } from '#server/ingest/test-support/xlsx-writer.ts';
import { assertZipIsSafe } from '#server/ingest/zip-safety.ts';
import { startBenchApp, type BenchApp } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms } from './stats.ts';

/*
 * The time and memory of the bounded paths. The unit and integration tests
 * check these paths by counting (bytes inflated, rows parsed, calls made, requests closed); how
 * fast they are and how much memory they take is measured here, with the targets the tests once
 * asserted on the clock: a zip bomb, a zip bomb whose headers lie, a pixel bomb, a PDF that
 * inflates to 2 GB (in the reader, and through the app), a workbook with a million empty rows,
 * and folding a long Traditional Chinese document.
 */

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The time of `work` and the highest resident memory of `pid`'s tree above where it started. */
async function measure<T>(
  work: () => Promise<T>,
  pid = process.pid,
): Promise<{ ms: number; growth: number; peak: number; outcome: T | Error }> {
  const before = await treeResidentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    void treeResidentBytes(pid).then((bytes) => (peak = Math.max(peak, bytes)));
  }, 20);
  const start = performance.now();
  let outcome: T | Error;
  try {
    outcome = await work();
  } catch (error) {
    outcome = error instanceof Error ? error : new Error(String(error));
  }
  const elapsed = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, await treeResidentBytes(pid));
  return { ms: elapsed, growth: peak - before, peak, outcome };
}

/** Resident memory of a process and every process below it (the document reader). */
async function treeResidentBytes(pid: number): Promise<number> {
  const own = (await residentBytes(pid)) ?? 0;
  const children = await fs.readFile(`/proc/${pid}/task/${pid}/children`, 'latin1').catch(() => '');
  const ids = children.split(' ').filter(Boolean).map(Number);
  const below = await Promise.all(ids.map((id) => treeResidentBytes(id)));
  return below.reduce((sum, bytes) => sum + bytes, own);
}

function describe(outcome: unknown): string {
  if (outcome instanceof Error) return (outcome as { code?: string }).code ?? outcome.message;
  return 'accepted';
}

/** The fixture zip bomb with every header past `size` lowered to `size`: only inflating tells. */
function lyingZip(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let offset = 0; offset + 30 <= copy.length; offset++) {
    const signature = copy.readUInt32LE(offset);
    const field = signature === 0x04034b50 ? 22 : signature === 0x02014b50 ? 24 : 0;
    if (field && copy.readUInt32LE(offset + field) > size) copy.writeUInt32LE(size, offset + field);
  }
  return copy;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG whose header claims 60,000 × 60,000 pixels (3,600 MP) in a few dozen bytes. */
function pixelBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(60_000, 0);
  ihdr.writeUInt32BE(60_000, 4);
  ihdr.writeUInt8(8, 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads one file to the bench card and waits until the reader is done with it. */
async function uploadUntilSettled(bench: BenchApp, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('businessCardId', String(bench.cardId));
  form.append('documents', new Blob([new Uint8Array(bytes)]), name);
  const upload = await bench.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { cookie: bench.cookie },
    body: form,
  });
  if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.body}`);
  await bench.documents.whenIdle();
  const list = await bench.app.inject({
    method: 'GET',
    url: `/api/business-cards/${bench.cardId}/documents`,
    headers: { cookie: bench.cookie },
  });
  const documents = list.json() as Array<{ fileName: string; status: string }>;
  return documents.find((d) => d.fileName === name)?.status ?? 'missing';
}

export const boundsBench: Bench = {
  name: 'bounds',
  async run(): Promise<BenchResult[]> {
    const results: BenchResult[] = [];
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-bench-bounds-'));
    try {
      // Folding: 20,000 sentences of Traditional Chinese (360,000 characters).
      const traditional = '這個產品的質量很好，請問價格是多少？'.repeat(20_000);
      const fold = await measure(async () => foldToSimplified(traditional));
      results.push({
        name: 'foldToSimplified, 360,000 Traditional characters',
        figure: ms(fold.ms),
        target: '< 500 ms',
      });

      // Zip bombs: the fixture declares 400 MB; the lying copy declares 1 KB.
      const bomb = bad('zip-bomb.docx');
      const declared = await measure(() => assertZipIsSafe(bomb));
      results.push({
        name: `zip bomb (declares 400 MB): refused (${describe(declared.outcome)}); memory growth`,
        figure: `${ms(declared.ms)}; ${mb(declared.growth)}`,
        target: '< 1000 ms; < 64 MB',
      });
      const liar = path.join(dir, 'lying.docx');
      await fs.writeFile(liar, lyingZip(await fs.readFile(bomb), 1024));
      const lying = await measure(() => assertZipIsSafe(liar));
      results.push({
        name: `zip bomb whose headers say 1 KB: refused (${describe(lying.outcome)}); memory growth`,
        figure: `${ms(lying.ms)}; ${mb(lying.growth)}`,
        target: '< 2000 ms; < 64 MB',
      });
      const detected = await measure(() => detectDocumentKind(bomb, 'zip-bomb.docx'));
      results.push({
        name: 'detectDocumentKind of the zip bomb (its directory only)',
        figure: ms(detected.ms),
        target: '< 1000 ms',
      });

      // A pixel bomb, refused from its header.
      const photo = path.join(dir, 'photo.png');
      await fs.writeFile(photo, pixelBomb());
      const pixels = await measure(() => textFromImage(photo));
      results.push({
        name: `60,000 × 60,000 PNG photo: refused (${describe(pixels.outcome)})`,
        figure: ms(pixels.ms),
        target: '< 2000 ms',
      });

      // A PDF that inflates to 2 GB: the reader (capped at 512 MB) is stopped; the server is not.
      const pdf = path.join(dir, 'bomb.pdf');
      await writePdfBomb(pdf);
      const ingestor = createIsolatedIngestor({ maxMemoryMb: 512 });
      try {
        const ownBefore = process.memoryUsage().rss;
        const stopped = await measure(() => ingestor.ingest(pdf, 'bomb.pdf'));
        const ownAfter = process.memoryUsage().rss;
        results.push({
          name: `2 GB PDF bomb in the reader (cap 512 MB): stopped (${describe(stopped.outcome)})`,
          figure: ms(stopped.ms),
          target: '< 30000 ms',
        });
        results.push({
          name: 'the same: resident memory of the parent after it',
          figure: `${mb(ownAfter)} (was ${mb(ownBefore)})`,
          target: '< 1024 MB',
        });
      } finally {
        await ingestor.close();
      }

      const bench = await startBenchApp();
      try {
        const pdfBytes = await fs.readFile(pdf);
        const throughApp = await measure(() =>
          uploadUntilSettled(bench, pdfBytes, 'catalogue.pdf'),
        );
        results.push({
          name: `2 GB PDF bomb through the app (${String(throughApp.outcome)}): time; peak memory of server and reader`,
          figure: `${ms(throughApp.ms)}; ${mb(throughApp.peak)}`,
          target: '< 1536 MB',
        });
        const workbook = buildXlsx(STOCK_ROWS + emptyRows(1_000_000));
        const rows = await measure(() => uploadUntilSettled(bench, workbook, 'empty.xlsx'));
        results.push({
          name: `XLSX with a million empty rows through the app (${String(rows.outcome)}): upload until settled`,
          figure: ms(rows.ms),
          target: '< 30000 ms',
        });
      } finally {
        await bench.close();
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    return results;
  },
};
