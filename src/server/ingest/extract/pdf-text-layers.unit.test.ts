import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExtractionError } from '../errors.ts';
import { makeTempDir, writeTemp } from '../test-support/fixtures.ts';
import { buildTextPdf } from '../test-support/pdf-writer.ts';
import { extractDocument } from './index.ts';
import { openPdf } from './pdf-document.ts';
import { canLendHelper, lendHelper } from './pdf-page-helper.ts';
import { PageClaims, type PageResult } from './pdf-pages.ts';
import { readTextLayers } from './pdf-text-layers.ts';
import { DEFAULT_EXTRACT_LIMITS } from './types.ts';

/*
 * Long PDFs are read by two threads sharing out the pages (pdf-text-layers.ts): the text must be
 * the same, page for page, as one thread would read, and limits must hold across both.
 */

const PAGES = 60;
const dir = makeTempDir();
let longPdf = '';

/** Page n's own words, so a page delivered twice, lost or put in the wrong place shows. */
const marker = (page: number) => `Catalogue page marker P${String(page).padStart(3, '0')}`;

beforeAll(async () => {
  const pages = Array.from(
    { length: PAGES },
    (_, index) =>
      `${marker(index + 1)}\n` +
      'Glazed porcelain tile HT-M6012, 600 x 1200 mm, water absorption below 0.5 percent. '.repeat(
        12,
      ),
  );
  longPdf = writeTemp(dir, 'long.pdf', await buildTextPdf(pages));
});
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

async function untilHelperFree(): Promise<void> {
  while (!canLendHelper()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('long PDFs read by two threads', () => {
  it('gives every page once, in page order, with its own text', async () => {
    // The first read starts the helper thread; the second finds it ready.
    for (let round = 0; round < 2; round++) {
      const doc = await extractDocument(longPdf, 'pdf', { timeoutMs: 120_000 });
      expect(doc.pageCount).toBe(PAGES);
      expect(doc.sections.map((section) => section.page)).toEqual(
        Array.from({ length: PAGES }, (_, index) => index + 1),
      );
      for (const section of doc.sections) {
        expect(section.text.startsWith(marker(section.page!)), `page ${section.page}`).toBe(true);
      }
    }
  }, 120_000);

  it('has the helper thread read the pages it takes from the shared counter', async () => {
    await untilHelperFree();
    const claims = new PageClaims(PAGES);
    const delivered: PageResult[] = [];
    const run = lendHelper({ filePath: longPdf, pageCount: PAGES, claims: claims.memory }, (page) =>
      delivered.push(page),
    );
    expect(run).not.toBeNull();
    await run!.finished;
    expect(delivered.map((page) => page.page)).toEqual(
      Array.from({ length: PAGES }, (_, index) => index + 1),
    );
    expect(delivered[41]!.text).toContain(marker(42));
    expect(claims.next()).toBeNull();
  }, 120_000);

  it('has the helper take no page while the process holds more memory than it may', async () => {
    await untilHelperFree();
    const claims = new PageClaims(PAGES);
    const delivered: PageResult[] = [];
    const run = lendHelper(
      { filePath: longPdf, pageCount: PAGES, claims: claims.memory, maxProcessBytes: 1 },
      (page) => delivered.push(page),
    );
    expect(run).not.toBeNull();
    await run!.finished;
    expect(delivered).toEqual([]);
    // Every page is still there for the reading thread.
    expect(claims.next()).toBe(1);
  }, 120_000);

  it('holds the character limit over the pages of both threads', async () => {
    await untilHelperFree();
    const error = await failure(
      extractDocument(longPdf, 'pdf', { maxTextChars: 20_000, timeoutMs: 120_000 }),
    );
    expect(error).toMatchObject({ code: 'too-large', params: { limit: 'characters' } });
  }, 120_000);

  it('reads the next PDF whole after one ran out of time', async () => {
    await untilHelperFree();
    const error = await failure(extractDocument(longPdf, 'pdf', { timeoutMs: 30 }));
    expect(error.code).toBe('timeout');
    const doc = await extractDocument(longPdf, 'pdf', { timeoutMs: 120_000 });
    expect(doc.sections).toHaveLength(PAGES);
  }, 120_000);

  it('lets the event loop turn between pages: timers (the deadline) and the helper get in', async () => {
    await untilHelperFree();
    const pdf = await openPdf(new Uint8Array(fs.readFileSync(longPdf)));
    let pagesOpened = 0;
    let openedWhenTimerRan: number | null = null;
    const getPage = pdf.getPage.bind(pdf);
    pdf.getPage = (pageNumber) => {
      // Set once the fonts are loaded (the first pages wait for files, which lets timers in).
      if (++pagesOpened === 5) setTimeout(() => (openedWhenTimerRan = pagesOpened), 0);
      return getPage(pageNumber);
    };
    try {
      // Too large for a helper: this thread reads every page, in microtasks alone when pdf.js
      // waits for nothing asynchronous (pdfjs-port.ts, pdfjs-inflate.ts).
      const pages = await readTextLayers(
        pdf,
        { path: longPdf, bytes: Number.MAX_SAFE_INTEGER },
        {
          ...DEFAULT_EXTRACT_LIMITS,
          signal: new AbortController().signal,
          deadlineAt: Date.now() + 120_000,
        },
      );
      expect(pages).toHaveLength(PAGES);
    } finally {
      await pdf.destroy();
    }
    expect(pagesOpened).toBe(PAGES);
    expect(openedWhenTimerRan).not.toBeNull();
    expect(openedWhenTimerRan!).toBeLessThan(PAGES);
  }, 120_000);

  it('keeps Node’s own Array push and JSON once pdf.js is loaded', async () => {
    await extractDocument(longPdf, 'pdf', { timeoutMs: 120_000 });
    const native = /\{\s*\[native code\]\s*\}$/;
    expect(Function.prototype.toString.call(Array.prototype.push)).toMatch(native);
    expect(Function.prototype.toString.call(JSON.parse)).toMatch(native);
    expect(Function.prototype.toString.call(JSON.stringify)).toMatch(native);
  }, 120_000);
});

describe('PageClaims', () => {
  it('hands out each page once to whichever thread asks', () => {
    const first = new PageClaims(5);
    const second = new PageClaims(5, first.memory);
    const taken = [first.next(), second.next(), second.next(), first.next(), first.next()];
    expect(taken).toEqual([1, 2, 3, 4, 5]);
    expect(first.next()).toBeNull();
    expect(second.next()).toBeNull();
  });

  it('hands out nothing more once stopped', () => {
    const claims = new PageClaims(5);
    claims.next();
    claims.stop();
    expect(claims.next()).toBeNull();
  });
});
