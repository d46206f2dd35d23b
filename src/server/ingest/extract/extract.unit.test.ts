import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '../errors.ts';
import {
  bad,
  hengtai,
  makeTempDir,
  sourceSections,
  sourceText,
  writeTemp,
} from '../test-support/fixtures.ts';
import { encodeLegacy } from '../test-support/legacy-encoding.ts';
import { buildTextPdf } from '../test-support/pdf-writer.ts';
import { buildDocx, buildZip, readZipEntries } from '../test-support/zip-writer.ts';
import { paragraphsFromHtml } from './docx.ts';
import { extractDocument, shutdownOcr } from './index.ts';
import { slideOrderFromPresentation } from './pptx.ts';
import type { ExtractedDocument } from './types.ts';

const dir = makeTempDir();
afterAll(async () => {
  await shutdownOcr();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Whitespace-insensitive: PDF lines wrap where the source lines did not. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
const pageOf = (doc: ExtractedDocument, needle: string) =>
  doc.sections.find((section) => flat(section.text).includes(flat(needle)))?.page;

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExtractionError) return error;
    throw error;
  }
  throw new Error('expected an ExtractionError');
}

describe('PDF', () => {
  it('extracts the catalogue per page, every fact on the page it is printed on', async () => {
    const doc = await extractDocument(hengtai('hengtai-catalogue.pdf'), 'pdf');
    expect(doc.pageCount).toBe(5);
    expect(pageOf(doc, 'FOSHAN HENGTAI CERAMICS CO., LTD.')).toBe(1);
    // The source's "Page:" sections are pages 2 to 5, in order.
    sourceSections('catalogue-en.txt').forEach((section, index) => {
      expect(pageOf(doc, section.title)).toBe(index + 2);
      for (const line of section.lines) expect(pageOf(doc, line)).toBe(index + 2);
    });
    const page3 = doc.sections.find((section) => section.page === 3)?.text ?? '';
    expect(flat(page3)).toContain('HT-M8080: glazed porcelain, 800 x 800 mm, thickness 10.5 mm');
  });

  it('numbers pages of a generated PDF and skips a page without text', async () => {
    const bytes = await buildTextPdf(['First page about tiles.', '', 'Third page about slabs.']);
    const file = writeTemp(dir, 'three.pdf', bytes);
    const doc = await extractDocument(file, 'pdf');
    expect(doc.pageCount).toBe(3);
    expect(doc.sections).toEqual([
      { page: 1, text: 'First page about tiles.' },
      { page: 3, text: 'Third page about slabs.' },
    ]);
  });

  it('reports a PDF without any text layer as no-text', async () => {
    const file = writeTemp(dir, 'scan.pdf', await buildTextPdf(['', '']));
    expect((await failure(extractDocument(file, 'pdf'))).code).toBe('no-text');
  });

  it('reports the truncated PDF as corrupt-pdf', { timeout: 30_000 }, async () => {
    const error = await failure(extractDocument(bad('truncated.pdf'), 'pdf'));
    expect(error.code).toBe('corrupt-pdf');
  });

  it('refuses more pages than the limit', async () => {
    const file = writeTemp(dir, 'pages.pdf', await buildTextPdf(['a page', 'a page', 'a page']));
    const error = await failure(extractDocument(file, 'pdf', { maxPages: 2 }));
    expect(error).toMatchObject({ code: 'too-large', params: { limit: 'pages' } });
  });

  it('stops at the time limit with a timeout error', async () => {
    const error = await failure(
      extractDocument(hengtai('hengtai-catalogue.pdf'), 'pdf', { timeoutMs: 1 }),
    );
    expect(error.code).toBe('timeout');
  });
});

describe('PPTX', () => {
  it('extracts each slide under its slide number', async () => {
    const doc = await extractDocument(hengtai('hengtai-deck.pptx'), 'pptx');
    expect(doc.pageCount).toBe(3);
    expect(pageOf(doc, 'Booth B12')).toBe(1);
    for (const line of sourceText('deck-en.txt').split('\n')) {
      const marker = /^Slide (\d+): (.+)$/.exec(line);
      if (marker) expect(pageOf(doc, marker[2] ?? '')).toBe(Number(marker[1]));
    }
    expect(pageOf(doc, 'heat resistant up to 1200 degrees Celsius')).toBe(2);
    expect(pageOf(doc, '52 export countries')).toBe(3);
  });

  it('follows the order of the show, not the order of the slide files', async () => {
    const entries = await readZipEntries(hengtai('hengtai-deck.pptx'));
    const reordered = entries.map((entry) =>
      entry.name === 'ppt/presentation.xml'
        ? {
            name: entry.name,
            data: entry.data
              .toString('utf8')
              .replace(
                /<p:sldIdLst>[\s\S]*?<\/p:sldIdLst>/,
                '<p:sldIdLst><p:sldId id="258" r:id="rId4"/><p:sldId id="256" r:id="rId2"/><p:sldId id="257" r:id="rId3"/></p:sldIdLst>',
              ),
          }
        : entry,
    );
    const file = writeTemp(dir, 'reordered.pptx', buildZip(reordered));
    const doc = await extractDocument(file, 'pptx');
    expect(pageOf(doc, 'Why Hengtai')).toBe(1);
    expect(pageOf(doc, 'Booth B12')).toBe(2);
    expect(pageOf(doc, 'Crystal Slab')).toBe(3);
    expect(doc.sections.map((section) => section.page)).toEqual([1, 2, 3]);
  });

  it('maps slide parts to positions from presentation.xml', () => {
    const order = slideOrderFromPresentation(
      '<p:sldIdLst><p:sldId id="1" r:id="rId7"/><p:sldId id="2" r:id="rId3"/></p:sldIdLst>',
      '<Relationships><Relationship Id="rId3" Target="slides/slide1.xml"/><Relationship Id="rId7" Target="slides/slide2.xml"/></Relationships>',
    );
    expect([...order]).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('reports a PPTX without slides as corrupt-document', async () => {
    const file = writeTemp(
      dir,
      'broken.pptx',
      buildZip([{ name: 'ppt/presentation.xml', data: '<p:presentation' }]),
    );
    expect((await failure(extractDocument(file, 'pptx'))).code).toMatch(/corrupt-document|no-text/);
  });
});

describe('DOCX', () => {
  it('extracts the Chinese profile with every line of its source', async () => {
    const doc = await extractDocument(hengtai('hengtai-profile.docx'), 'docx');
    const text = doc.sections.map((section) => section.text).join('\n');
    for (const line of sourceText('profile-zh.txt')
      .split('\n')
      .filter((l) => l.trim())) {
      expect(text).toContain(line.trim());
    }
    expect(pageOf(doc, '员工450人')).toBe(1);
  });

  it('groups paragraphs into blocks of a few hundred characters, a heading opening a block', async () => {
    const long = 'The factory runs six automatic lines and ships to fifty-two countries. '.repeat(
      5,
    );
    const file = writeTemp(
      dir,
      'blocks.docx',
      buildDocx([
        '# Company',
        long,
        long,
        '# Products',
        'HT-M8080 glazed porcelain, 10.5 mm.',
        '# Terms',
        'Payment by T/T.',
      ]),
    );
    const doc = await extractDocument(file, 'docx', { blockChars: 600 });
    expect(doc.sections.map((section) => section.text.split('\n')[0])).toEqual([
      'Company',
      long.trim(),
      'Products',
      'Terms',
    ]);
    expect(doc.sections.map((section) => section.page)).toEqual([1, 2, 3, 4]);
    expect(doc.pageCount).toBe(4);
  });

  it('keeps table rows as lines that name each value by its column header', () => {
    const html =
      '<h1>Specs</h1><table><tr><td><p>Model</p></td><td><p>Thickness</p></td></tr><tr><td><p>HT-M8080</p></td><td><p>10.5 mm</p></td></tr></table><p>After &amp; more</p>';
    expect(paragraphsFromHtml(html)).toEqual([
      { text: 'Specs', isHeading: true },
      { text: 'Model · Thickness', isHeading: false },
      { text: 'Model: HT-M8080 · Thickness: 10.5 mm', isHeading: false },
      { text: 'After & more', isHeading: false },
    ]);
  });

  it('reports a zip that is not really a DOCX as corrupt-document', async () => {
    const file = writeTemp(
      dir,
      'hollow.docx',
      buildZip([{ name: '[Content_Types].xml', data: '<Types/>' }]),
    );
    expect((await failure(extractDocument(file, 'docx'))).code).toBe('corrupt-document');
  });
});

describe('TXT', () => {
  it('extracts the FAQ with every question and answer', async () => {
    const doc = await extractDocument(hengtai('hengtai-faq.txt'), 'txt');
    const text = doc.sections.map((section) => section.text).join('\n');
    for (const line of sourceText('faq-en.txt')
      .split('\n')
      .filter((l) => l.trim())) {
      expect(text).toContain(line.trim());
    }
    expect(doc.sections[0]?.page).toBe(1);
  });

  it('reads GB18030 text and splits it into numbered blocks', async () => {
    const paragraph = '公司拥有6条全自动生产线，日产量3万平方米，员工450人。'.repeat(12);
    const text = `企业简介\n\n${paragraph}\n\n${paragraph}\n\n联系方式\n\n电话：+86 757 8566 2020`;
    const bytes = encodeLegacy('gb18030', text);
    const file = writeTemp(dir, 'gb.txt', bytes);
    const doc = await extractDocument(file, 'txt', { textEncoding: 'gb18030' });
    expect(doc.sections.map((section) => section.page)).toEqual([1, 2, 3]);
    expect(doc.sections[0]?.text.startsWith('企业简介\n公司拥有6条')).toBe(true);
    expect(doc.sections[2]?.text).toBe('联系方式\n电话：+86 757 8566 2020');
    // Without the encoding from detection, the file is sniffed again.
    expect(await extractDocument(file, 'txt')).toEqual(doc);
  });

  it('refuses text beyond the character limit as too-large', async () => {
    const file = writeTemp(dir, 'long.txt', 'word '.repeat(10_000));
    expect((await failure(extractDocument(file, 'txt', { maxTextChars: 1000 }))).code).toBe(
      'too-large',
    );
  });
});

// OCR starts a recogniser: slow on a busy machine (speed is measured by `npm run bench`).
describe('images', { timeout: 60_000 }, () => {
  it('reads the label PNG with OCR, offline, every line of the label', async () => {
    const doc = await extractDocument(hengtai('hengtai-label.png'), 'png');
    expect(doc).toMatchObject({ pageCount: 1, sections: [{ page: 1 }] });
    const text = flat(doc.sections[0]?.text ?? '');
    for (const line of sourceText('label.txt')
      .split('\n')
      .filter((l) => l.trim())) {
      expect(text).toContain(flat(line));
    }
  });

  it('uses describeImage instead of OCR when given, and OCR when it fails', async () => {
    const described = await extractDocument(hengtai('hengtai-label.png'), 'png', {
      describeImage: () => Promise.resolve('A box label for HT-M6060 marble look tiles.'),
    });
    expect(described.sections[0]?.text).toBe('A box label for HT-M6060 marble look tiles.');
    const fallback = await extractDocument(hengtai('hengtai-label.png'), 'png', {
      describeImage: () => Promise.reject(new Error('provider down')),
    });
    expect(fallback.sections[0]?.text).toContain('HT-M6060');
  });

  it('terminates OCR at the time limit and recovers for the next image', async () => {
    const error = await failure(
      extractDocument(hengtai('hengtai-label.png'), 'png', { timeoutMs: 5 }),
    );
    expect(error.code).toBe('timeout');
    const doc = await extractDocument(hengtai('hengtai-label.png'), 'png');
    expect(doc.sections[0]?.text).toContain('MARBLE LOOK');
  });

  it('refuses a truncated PNG as corrupt-document before OCR', async () => {
    const png = fs.readFileSync(hengtai('hengtai-label.png'));
    const file = writeTemp(dir, 'cut.png', png.subarray(0, 3000));
    expect((await failure(extractDocument(file, 'png'))).code).toBe('corrupt-document');
  });

  it('refuses an image with more pixels than the limit', async () => {
    const error = await failure(
      extractDocument(hengtai('hengtai-label.png'), 'png', { maxImagePixels: 1000 }),
    );
    expect(error).toMatchObject({ code: 'too-large', params: { limit: 'pixels' } });
  });
});
