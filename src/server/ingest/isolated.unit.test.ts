import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES } from '#server/test/fixtures.ts';
import { analyseDocuments } from './analyse.ts';
import { isIngestError } from './errors.ts';
import { ingestFile } from './index.ts';
import type * as Ingest from './index.ts';
import { createIsolatedIngestor } from './isolated.ts';
import { writePdfBomb } from './test-support/pdf-bomb.ts';

// The reader counted in this process: a document read here would be held here.
vi.mock('./index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Ingest>();
  return { ...real, ingestFile: vi.fn(real.ingestFile) };
});

const ingestor = createIsolatedIngestor({ maxMemoryMb: 512 });
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-isolated-'));
afterAll(async () => {
  await ingestor.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('ingestion in a child process', () => {
  it('returns the same document as in-process ingestion', async () => {
    const doc = await ingestor.ingest(
      path.join(FIXTURES, 'hengtai/hengtai-deck.pptx'),
      'deck.pptx',
    );
    expect(doc.kind).toBe('pptx');
    expect(doc.sections[0]!.page).toBe(1);
    expect(doc.text).toContain('B12');
  }, 30_000);

  it("analyses a card's documents in the child exactly as in-process", async () => {
    const doc = await ingestor.ingest(path.join(FIXTURES, 'hengtai/hengtai-faq.txt'), 'faq.txt');
    const documents = [{ fileName: 'faq.txt', kind: doc.kind, sections: doc.sections }];
    const { analysis } = await ingestor.analyse(documents);
    expect(analysis).toEqual(analyseDocuments(documents));
    expect(analysis.documentCount).toBe(1);
  }, 30_000);

  it('carries the reason code of a refused file across the process boundary', async () => {
    const error = await ingestor
      .ingest(path.join(FIXTURES, 'bad/zip-bomb.docx'), 'bomb.docx')
      .catch((e: unknown) => e);
    expect(isIngestError(error) && error.code).toBe('zip-bomb');
  }, 30_000);

  it('kills an overrunning reader and serves the next job with a fresh one', async () => {
    const error = await ingestor
      .ingest(path.join(FIXTURES, 'hengtai/hengtai-catalogue.pdf'), 'catalogue.pdf', {
        hardTimeoutMs: 1,
      })
      .catch((e: unknown) => e);
    expect(isIngestError(error) && error.code).toBe('timeout');
    const doc = await ingestor.ingest(path.join(FIXTURES, 'hengtai/hengtai-faq.txt'), 'faq.txt');
    expect(doc.text).toContain('5 designs');
  }, 30_000);

  describe('a PDF that inflates to 2 GB', () => {
    const bomb = path.join(dir, 'bomb.pdf');
    beforeAll(() => writePdfBomb(bomb), 60_000);

    it('stops the reader at its memory cap, and the next file reads normally', async () => {
      expect((await fs.stat(bomb)).size).toBeLessThan(3 * 1024 * 1024);
      const error = await ingestor.ingest(bomb, 'bomb.pdf').catch((e: unknown) => e);
      expect(isIngestError(error) && error.code).toBe('memory-limit');
      expect(isIngestError(error) && error.params.memoryMb).toBe(512);
      // The parent never held the inflated data: it never read the file, the child did. (How
      // long the stop takes and the parent's memory are figures of `npm run bench -- bounds`.)
      expect(ingestFile).not.toHaveBeenCalled();
      const doc = await ingestor.ingest(path.join(FIXTURES, 'hengtai/hengtai-faq.txt'), 'faq.txt');
      expect(doc.text).toContain('5 designs');
    }, 60_000);
  });
});
