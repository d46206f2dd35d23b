import { describe, expect, it } from 'vitest';
import { chunkSections } from './chunk.ts';

const sentence = (n: number) => `Sentence number ${n} describes tile HT-M${1000 + n} in detail. `;
const pageText = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join('');

describe('chunkSections', () => {
  it('keeps a short page as one chunk with its page and tokens', () => {
    const chunks = chunkSections([
      { page: 3, text: 'HT-M8080: glazed porcelain, thickness 10.5 mm.' },
    ]);
    expect(chunks).toEqual([
      {
        position: 0,
        page: 3,
        text: 'HT-M8080: glazed porcelain, thickness 10.5 mm.',
        tokens: expect.stringContaining('ht-m8080') as unknown as string,
      },
    ]);
    expect(chunks[0]?.tokens).toContain('10.5 mm');
  });

  it('never lets a chunk span two pages', () => {
    const chunks = chunkSections(
      [
        { page: 1, text: pageText(0, 20) },
        { page: 2, text: pageText(100, 20) },
      ],
      { targetChars: 500, overlap: 80 },
    );
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) {
      const numbers = [...chunk.text.matchAll(/number (\d+)/g)].map((m) => Number(m[1]));
      const expectedPage = (numbers[0] ?? 0) < 100 ? 1 : 2;
      expect(chunk.page).toBe(expectedPage);
      expect(numbers.every((n) => (n < 100 ? 1 : 2) === expectedPage)).toBe(true);
    }
    expect(chunks.map((chunk) => chunk.position)).toEqual(chunks.map((_, index) => index));
  });

  it('cuts at sentence ends near the target size and overlaps neighbours', () => {
    const chunks = chunkSections([{ page: 1, text: pageText(0, 30) }], {
      targetChars: 400,
      overlap: 100,
    });
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.text.length).toBeLessThanOrEqual(400);
      expect(chunk.text.length).toBeGreaterThanOrEqual(200);
      expect(chunk.text.endsWith('detail.')).toBe(true);
    }
    // The last sentence of one chunk is repeated at the start of the next.
    for (let i = 1; i < chunks.length; i++) {
      const previousLast = chunks[i - 1]?.text.split('. ').at(-1) ?? '';
      expect(chunks[i]?.text.startsWith(previousLast.replace(/\.$/, ''))).toBe(true);
    }
    // Every sentence is in some chunk.
    const all = chunks.map((chunk) => chunk.text).join(' ');
    for (let n = 0; n < 30; n++) expect(all).toContain(`number ${n} `);
  });

  it('splits Chinese text without spaces at sentence marks', () => {
    const text = '公司拥有6条全自动生产线，日产量3万平方米，员工450人。'.repeat(40);
    const chunks = chunkSections([{ page: 1, text }], { targetChars: 300, overlap: 0 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) expect(chunk.text.endsWith('。')).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(text);
  });

  it('hard-cuts a text without any boundary and still makes progress', () => {
    const chunks = chunkSections([{ page: null, text: 'x'.repeat(2000) }], {
      targetChars: 500,
      overlap: 50,
    });
    expect(chunks.map((chunk) => chunk.text.length)).toEqual([500, 500, 500, 500]);
    expect(chunks.every((chunk) => chunk.page === null)).toBe(true);
  });

  it('cuts a section of 3,000,000 letters without a boundary into whole passages', () => {
    const text = `${'abcdefghijklmnopqrstuvwxyz'.repeat(120_000).slice(0, 3_000_000)}. The end.`;
    const chunks = chunkSections([{ page: 1, text }]);
    expect(chunks).toHaveLength(4286);
    expect(chunks.every((chunk) => chunk.text.length <= 700)).toBe(true);
    expect(chunks.at(-1)?.text.endsWith('. The end.')).toBe(true);
  });

  it('skips empty sections', () => {
    expect(chunkSections([{ page: 1, text: '  \n ' }])).toEqual([]);
  });
});
