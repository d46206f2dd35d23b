import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '#server/test/fixtures.ts';
import { isIngestError } from './errors.ts';
import { createIsolatedIngestor } from './isolated.ts';

const ingestor = createIsolatedIngestor({ maxMemoryMb: 512 });
afterAll(() => ingestor.close());

describe('ingestion in a worker thread', () => {
  it('returns the same document as in-process ingestion', async () => {
    const doc = await ingestor.ingest(
      path.join(FIXTURES, 'hengtai/hengtai-deck.pptx'),
      'deck.pptx',
    );
    expect(doc.kind).toBe('pptx');
    expect(doc.sections[0]!.page).toBe(1);
    expect(doc.text).toContain('B12');
  }, 30_000);

  it('carries the reason code of a refused file across the thread', async () => {
    const error = await ingestor
      .ingest(path.join(FIXTURES, 'bad/zip-bomb.docx'), 'bomb.docx')
      .catch((e: unknown) => e);
    expect(isIngestError(error) && error.code).toBe('zip-bomb');
  }, 30_000);

  it('kills an overrunning worker and serves the next job with a fresh one', async () => {
    const error = await ingestor
      .ingest(path.join(FIXTURES, 'hengtai/hengtai-catalogue.pdf'), 'catalogue.pdf', {
        hardTimeoutMs: 1,
      })
      .catch((e: unknown) => e);
    expect(isIngestError(error) && error.code).toBe('timeout');
    const doc = await ingestor.ingest(path.join(FIXTURES, 'hengtai/hengtai-faq.txt'), 'faq.txt');
    expect(doc.text).toContain('5 designs');
  }, 30_000);
});
