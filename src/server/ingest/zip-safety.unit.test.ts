import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError } from './errors.ts';
import { bad, hengtai, makeTempDir, writeTemp } from './test-support/fixtures.ts';
import { countInflatedBytes } from './test-support/inflate-counter.ts';
import { buildZip } from './test-support/zip-writer.ts';
import { assertZipIsSafe } from './zip-safety.ts';

const dir = makeTempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExtractionError) return error;
    throw error;
  }
  throw new Error('expected an ExtractionError');
}

describe('assertZipIsSafe', () => {
  it('passes the sample DOCX and PPTX and counts their real size', async () => {
    const docx = await assertZipIsSafe(hengtai('hengtai-profile.docx'));
    expect(docx.entries).toBeGreaterThan(3);
    expect(docx.uncompressedBytes).toBeGreaterThan(docx.compressedBytes);
    const pptx = await assertZipIsSafe(hengtai('hengtai-deck.pptx'));
    expect(pptx.uncompressedBytes).toBeGreaterThan(10_000);
  });

  // Their time and the process's memory are figures of `npm run bench -- bounds`.
  it('rejects the fixture zip bomb at once, without inflating it', async () => {
    const inflated = countInflatedBytes();
    try {
      const error = await failure(assertZipIsSafe(bad('zip-bomb.docx')));
      expect(error.code).toBe('zip-bomb');
      expect(error.params.limit).toBe('total-size');
      // Refused from what the directory declares: of its two entries only [Content_Types].xml
      // (297 bytes, looked at for a DTD) was inflated, not a byte of the 400 MB document.xml.
      expect(inflated.bytes).toBeLessThanOrEqual(297);
    } finally {
      inflated.restore();
    }
  });

  it('catches a bomb whose headers lie about its size, while inflating, with flat memory', async () => {
    // The fixture's 400 MB entry, re-declared as 1 KB: only the real output gives it away.
    const lying = Buffer.from(fs.readFileSync(bad('zip-bomb.docx')));
    rewriteDeclaredSizes(lying, 1024);
    const file = writeTemp(dir, 'lying.docx', lying);
    const inflated = countInflatedBytes();
    try {
      const error = await failure(assertZipIsSafe(file));
      expect(error.code).toBe('zip-bomb');
      expect(error.params.limit).toBe('size-mismatch');
      // Stopped within the first chunks past the declared 1 KB (streamed, counted, dropped),
      // never the whole 400 MB: inflating it all, or holding it, is the defect.
      expect(inflated.bytes).toBeGreaterThan(1024);
      expect(inflated.bytes).toBeLessThan(1024 * 1024);
    } finally {
      inflated.restore();
    }
  });

  it('rejects an entry that inflates far beyond its compressed size (ratio check)', async () => {
    const file = writeTemp(
      dir,
      'zeros.docx',
      buildZip([{ name: 'word/document.xml', data: Buffer.alloc(8 * 1024 * 1024) }]),
    );
    const error = await failure(assertZipIsSafe(file));
    expect(error.code).toBe('zip-bomb');
    expect(error.params.limit).toBe('ratio');
  });

  it('rejects more inflated bytes than the cap', async () => {
    const random = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < random.length; i++) random[i] = (i * 2654435761) >>> 24;
    const file = writeTemp(
      dir,
      'big.docx',
      buildZip([{ name: 'a.bin', data: random, store: true }]),
    );
    const error = await failure(assertZipIsSafe(file, { maxTotalUncompressedBytes: 1024 * 1024 }));
    expect(error.code).toBe('zip-bomb');
  });

  it('rejects a single XML part too large for the parsers', async () => {
    const xml = `<w:document>${'<w:p>text</w:p>'.repeat(100_000)}</w:document>`;
    const file = writeTemp(
      dir,
      'huge-xml.docx',
      buildZip([{ name: 'word/document.xml', data: xml }]),
    );
    const error = await failure(
      assertZipIsSafe(file, { maxXmlPartBytes: 512 * 1024, maxCompressionRatio: 10_000 }),
    );
    expect(error).toMatchObject({ code: 'too-large', params: { limit: 'xml-part' } });
  });

  it('rejects too many entries', async () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' }));
    const file = writeTemp(dir, 'many.docx', buildZip(entries));
    const error = await failure(assertZipIsSafe(file, { maxEntries: 20 }));
    expect(error.code).toBe('too-large');
  });

  it('reports a file that is not a zip as corrupt-document', async () => {
    const error = await failure(assertZipIsSafe(bad('program.docx')));
    expect(error.code).toBe('corrupt-document');
  });
});

/** Lowers the declared uncompressed size of every entry larger than `size` to `size`. */
function rewriteDeclaredSizes(zip: Buffer, size: number): void {
  for (let offset = 0; offset + 30 <= zip.length; offset++) {
    const signature = zip.readUInt32LE(offset);
    const field = signature === 0x04034b50 ? 22 : signature === 0x02014b50 ? 24 : 0;
    if (field && zip.readUInt32LE(offset + field) > size) zip.writeUInt32LE(size, offset + field);
  }
}
