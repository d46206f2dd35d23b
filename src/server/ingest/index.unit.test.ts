import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DocumentRejectedError,
  ExtractionError,
  INGEST_REASON_CODES,
  ingestFile,
  isIngestError,
  shutdownOcr,
} from './index.ts';
import { OLE_SIGNATURE } from './ole-container.ts';
import { bad, hengtai, makeTempDir, writeTemp } from './test-support/fixtures.ts';
import { HENGTAI_FILES } from './test-support/hengtai-set.ts';
import { encodeLegacy } from './test-support/legacy-encoding.ts';

const dir = makeTempDir();
afterAll(async () => {
  await shutdownOcr();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected ingestFile to throw');
}

// Readers load on first use and OCR starts a recogniser: slow on a busy machine. Speed is
// measured by `npm run bench`; a hang still fails at the timeout.
describe('ingestFile on the sample company', { timeout: 60_000 }, () => {
  it.each(HENGTAI_FILES)('ingests %s into cited chunks', async (name) => {
    const result = await ingestFile(hengtai(name), name);
    expect(result.chunks.length).toBeGreaterThan(0);
    expect(result.text).toBe(result.sections.map((section) => section.text).join('\n\n'));
    for (const chunk of result.chunks) {
      expect(chunk.page).not.toBeNull();
      const section = result.sections.find((s) => s.page === chunk.page);
      expect(section?.text).toContain(chunk.text.slice(0, 20));
      expect(chunk.tokens.length).toBeGreaterThan(0);
    }
  });

  it('cites the catalogue chunk holding HT-M8080 on page 3 and the booth on slide 1', async () => {
    const catalogue = await ingestFile(hengtai('hengtai-catalogue.pdf'), 'hengtai-catalogue.pdf');
    const thickness = catalogue.chunks.find((chunk) => chunk.tokens.includes('ht-m8080'));
    expect(thickness).toMatchObject({ page: 3 });
    expect(thickness?.tokens).toContain('10.5 mm');
    const deck = await ingestFile(hengtai('hengtai-deck.pptx'), 'hengtai-deck.pptx');
    expect(deck.chunks.find((chunk) => chunk.tokens.includes('b12'))).toMatchObject({ page: 1 });
  });

  it('says which encoding a text file was read in', async () => {
    const file = writeTemp(
      dir,
      'gb.txt',
      encodeLegacy('gb18030', '企业简介\n\n公司拥有6条全自动生产线，日产量3万平方米。'),
    );
    const result = await ingestFile(file, 'gb.txt');
    expect(result).toMatchObject({ kind: 'txt', textEncoding: 'gb18030', mimeType: 'text/plain' });
    expect(result.chunks[0]?.tokens).toContain('3万');
  });
});

describe('ingestFile on the bad files', { timeout: 60_000 }, () => {
  const rejects = async (file: string, name: string, code: string) => {
    // LibreOffice is taken as absent, so a .ppt is refused whatever this machine has.
    const error = await caught(ingestFile(file, name, { sofficePath: '/nonexistent/soffice' }));
    expect(error).toBeInstanceOf(DocumentRejectedError);
    expect(error).toMatchObject({ code });
  };
  const fails = async (file: string, name: string, code: string) => {
    const error = await caught(ingestFile(file, name));
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ code });
  };

  it('refuses empty.txt as empty', () => rejects(bad('empty.txt'), 'empty.txt', 'empty'));
  it('refuses program.docx as unsupported', () =>
    rejects(bad('program.docx'), 'program.docx', 'unsupported'));
  it('refuses an OLE .ppt as legacy-ppt', () =>
    rejects(
      writeTemp(dir, 'old.ppt', Buffer.concat([Buffer.from(OLE_SIGNATURE), Buffer.alloc(1536)])),
      'old.ppt',
      'legacy-ppt',
    ));
  it('fails truncated.pdf with corrupt-pdf', () =>
    fails(bad('truncated.pdf'), 'truncated.pdf', 'corrupt-pdf'));
  it('fails zip-bomb.docx with zip-bomb before mammoth sees it', () =>
    fails(bad('zip-bomb.docx'), 'zip-bomb.docx', 'zip-bomb'));

  it('reads png-named.pdf as the PNG it is', async () => {
    const result = await ingestFile(bad('png-named.pdf'), 'png-named.pdf');
    expect(result.kind).toBe('png');
    expect(result.text).toContain('MARBLE LOOK');
  });

  it('throws only ingestion errors, each with a listed code', async () => {
    for (const name of ['empty.txt', 'program.docx', 'truncated.pdf', 'zip-bomb.docx']) {
      const error = await caught(ingestFile(bad(name), name));
      expect(isIngestError(error)).toBe(true);
      if (isIngestError(error)) expect(INGEST_REASON_CODES).toContain(error.code);
    }
  });
});
