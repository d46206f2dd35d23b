import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, makeTempDir, writeTemp } from '../test-support/fixtures.ts';
import { buildFilledFormPdf, buildTablePdf } from '../test-support/pdf-table-form.ts';
import { hasHyphenatedLineEnd, joinHyphenatedWords } from './pdf-hyphenation.ts';
import { extractDocument, type ExtractProgress, shutdownOcr } from './index.ts';

/*
 * PDFs an exhibitor really has: Chinese and Japanese files whose fonts are not embedded (they
 * need pdf.js's CMap data), filled-in forms, price tables.
 */

afterAll(() => shutdownOcr());

const cjk = (name: string) => path.join(FIXTURES, 'cjk', name);
const textOf = async (file: string) =>
  (await extractDocument(file, 'pdf')).sections.map((section) => section.text).join('\n');

describe('PDFs with non-embedded CJK fonts (predefined CMaps)', () => {
  it('reads Simplified Chinese in STSong-Light (UniGB-UCS2-H)', async () => {
    const text = await textOf(cjk('stsong-price-list.pdf'));
    expect(text).toContain('恒泰陶瓷 2026 年价格表');
    expect(text).toContain('型号 HT-M6012 抛釉砖');
    expect(text).toContain('离岸价 宁波 每平方米 8.5 美元');
  });

  it('reads Traditional Chinese in MSung-Light (UniCNS-UCS2-H)', async () => {
    const text = await textOf(cjk('msung-catalogue.pdf'));
    expect(text).toContain('恆泰陶瓷產品目錄');
    expect(text).toContain('型號 HT-W2408 木紋磚 適用於客廳');
  });

  it('reads Japanese in HeiseiMin-W3 (UniJIS-UCS2-H)', async () => {
    const text = await textOf(cjk('heiseimin-report.pdf'));
    expect(text).toContain('年次報告書');
    expect(text).toContain('製品番号 HT-S1200 の価格');
  });
});

describe('form fields and annotations', () => {
  it('puts the values typed into form fields beside their labels', async () => {
    const dir = makeTempDir();
    const file = writeTemp(
      dir,
      'form.pdf',
      await buildFilledFormPdf([
        ['Company', 'Hengtai Ceramics'],
        ['Contact person', 'Wang Lei'],
      ]),
    );
    const text = await textOf(file);
    expect(text).toContain('Company: Hengtai Ceramics');
    expect(text).toContain('Contact person: Wang Lei');
  });

  it('reads a list box as the page shows it, the chosen entries marked, and a dropdown’s choice', async () => {
    const dir = makeTempDir();
    const file = writeTemp(
      dir,
      'choices.pdf',
      await buildFilledFormPdf(
        [['Company', 'Hengtai Ceramics']],
        [
          {
            label: 'Markets',
            kind: 'list',
            options: ['Europe', 'North America', 'Middle East', 'Africa'],
            chosen: ['Europe', 'Middle East'],
          },
          { label: 'Incoterm', kind: 'dropdown', options: ['FOB', 'CIF', 'EXW'], chosen: ['CIF'] },
        ],
      ),
    );
    const lines = (await textOf(file)).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining(['Europe ✓', 'North America', 'Middle East ✓', 'Africa']),
    );
    expect(lines).toContain('Incoterm: CIF');
    expect(lines.join(' ')).not.toMatch(/FOB|EXW/);
  });

  const realWidgets = '/work/shared/fixtures/real-pdfs/annotation-text-widget.pdf';
  it.skipIf(!fs.existsSync(realWidgets))('reads a real file’s text-field values', async () => {
    const text = await textOf(realWidgets);
    expect(text).toContain('Single line, length 10 Lorem ipsu');
    expect(text).toContain('Morbi id porttitor quam, a iaculis dui.');
    expect(text).toContain('abcdefghijklmnopqrstuvwxyz');
  });
});

describe('tables', () => {
  it('gives every row its column headers, so "flow of QB80" finds the row', async () => {
    const dir = makeTempDir();
    const file = writeTemp(
      dir,
      'pumps.pdf',
      await buildTablePdf(
        ['Model', 'Flow (L/min)', 'Head (m)', 'Price (USD)'],
        [
          ['QB60', '40', '25', '29.50'],
          ['QB80', '55', '32', '41.00'],
        ],
      ),
    );
    const lines = (await textOf(file)).split('\n');
    expect(lines).toContain('Model: QB60 · Flow (L/min): 40 · Head (m): 25 · Price (USD): 29.50');
    expect(lines).toContain('Model: QB80 · Flow (L/min): 55 · Head (m): 32 · Price (USD): 41.00');
    // Prose below the table stays prose.
    expect(lines).toContain('Prices are FOB Ningbo and valid until 31 December 2026.');
  });
});

describe('scanned PDFs', () => {
  it('OCRs image-only pages in Chinese, reports progress and stops at the page cap', async () => {
    const { buildImagePdf, cjkFontFamily, renderTextImage } =
      await import('../test-support/scanned-pdf.ts');
    if (!cjkFontFamily()) {
      console.log('skipped: no CJK font installed (Debian fonts-noto-cjk)');
      return;
    }
    const page = (title: string) =>
      renderTextImage([
        title,
        '型号 HT-M6012 抛釉砖 600x1200 毫米',
        '离岸价 宁波 每平方米 8.5 美元',
      ]);
    const dir = makeTempDir();
    const file = writeTemp(
      dir,
      'scan.pdf',
      await buildImagePdf([page('恒泰陶瓷产品目录'), page('售后服务说明'), page('联系我们')]),
    );
    const progress: ExtractProgress[] = [];
    const result = await extractDocument(file, 'pdf', {
      ocrMaxPages: 2,
      timeoutMs: 120_000,
      onProgress: (step) => progress.push(step),
    });
    expect(result.pageCount).toBe(3);
    expect(result.sections.map((section) => section.page)).toEqual([1, 2]);
    expect(result.sections[0]!.text).toContain('产品目录');
    expect(result.sections[0]!.text).toContain('HT-M6012');
    // Chinese comes out without the spaces tesseract puts between characters.
    expect(result.sections[1]!.text).toContain('每平方米');
    expect(progress).toEqual([
      { stage: 'ocr', done: 0, total: 2 },
      { stage: 'ocr', done: 1, total: 2 },
      { stage: 'ocr', done: 2, total: 2 },
    ]);
    expect(result.ocr).toEqual({
      pagesNeeded: 3,
      pagesRead: 2,
      stoppedAtPage: 3,
      stoppedBy: 'page-cap',
    });
  }, 120_000);
});

describe('words hyphenated at the end of a line', () => {
  it('are joined again, so a search finds the whole word; a compound keeps its hyphen', () => {
    const [page] = joinHyphenatedWords([
      [
        'provides key insight into the rela-',
        'tionship of people to their environment',
        'heart rate measured once a second for high-',
        'intensity activities such as running',
        'Glazed porcelain tile model HT-',
        'M6012, a well-known range',
        'Pre-',
        'order now at a high price for the intensity of the work',
      ].join('\n'),
    ]);
    expect(page!.split('\n')).toEqual([
      'provides key insight into the relationship of people to their environment',
      'heart rate measured once a second for high-intensity activities such as running',
      'Glazed porcelain tile model HT-',
      'M6012, a well-known range',
      'Pre-',
      'order now at a high price for the intensity of the work',
    ]);
  });

  it('are looked for page by page: a page without one is joined by the thread that read it', () => {
    expect(hasHyphenatedLineEnd('provides key insight into the rela-\ntionship of people')).toBe(
      true,
    );
    expect(hasHyphenatedLineEnd('Glazed porcelain tile model HT-\nM6012, a well-known range')).toBe(
      false,
    );
    expect(hasHyphenatedLineEnd('Pre-\norder now')).toBe(false);
  });
});
