import { describe, expect, it } from 'vitest';
import { chunkSections } from '#server/ingest/chunk.ts';
import { pagesFromPassages } from './document-pages.ts';

describe('pagesFromPassages', () => {
  it('gives back each page as it was read, the overlap between passages written once', () => {
    const page1 = Array.from(
      { length: 40 },
      (_, i) => `Sentence ${i + 1} says the HT-${i} tile is rated R${(i % 3) + 9}.`,
    ).join(' ');
    const page2 = Array.from(
      { length: 30 },
      (_, i) => `第${i + 1}句：釉面砖的吸水率低于百分之零点五。`,
    ).join('');
    const chunks = chunkSections([
      { page: 1, text: page1 },
      { page: 2, text: page2 },
    ]);
    expect(chunks.filter((chunk) => chunk.page === 1).length).toBeGreaterThan(1);
    const pages = pagesFromPassages(chunks);
    expect(pages.map((page) => page.page)).toEqual([1, 2]);
    expect(pages[0]!.text.replace(/\s+/g, ' ')).toBe(page1);
    expect(pages[1]!.text.replace(/\n/g, '')).toBe(page2);
  });

  it('keeps pages without a number apart from numbered ones', () => {
    expect(
      pagesFromPassages([
        { page: null, text: 'Plain text file.' },
        { page: 1, text: 'First slide.' },
        { page: 1, text: 'Same slide, a new passage.' },
      ]),
    ).toEqual([
      { page: null, text: 'Plain text file.' },
      { page: 1, text: 'First slide.\nSame slide, a new passage.' },
    ]);
  });
});
