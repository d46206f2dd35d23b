import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#server/db/schema.ts';
import {
  buildImagePdf,
  cjkFontFamily,
  renderTextImage,
  type TextImageOptions,
} from '#server/ingest/test-support/scanned-pdf.ts';
import { isWebp, overlaps, parseMarks, yellowShare } from '#server/test/preview-marks.ts';
import { storedFilesDir } from '#server/test/stored-files.ts';
import {
  api,
  createTestApp,
  multipart,
  newCard,
  signUp,
  visitorChat,
  type TestApp,
} from '#server/test/test-app.ts';
import type { Box } from './page-layout.ts';

/*
 * A scanned page and a photographed label have no text layer: their previews are marked on the
 * words OCR found when they were read (decision 032). Through the HTTP API, with a real OCR
 * reading at upload, the real render child and the real store; the text is drawn here, so
 * where each line sits is known.
 */

/** A4 at 200 dpi, as renderTextImage draws a scanned page by default. */
const SCAN = { width: 1654, height: 2339, fontSize: 40 } as const;
const PDF_PAGE = { width: 595, height: 842 } as const;
const SCAN_LINES = [
  'Lotus Pumps service sheet',
  'The AquaJet 700 is a booster pump for villas.',
  'The unit price of the AquaJet 700 is USD 2,480 per set.',
  'Spare seals ship within ten days.',
] as const;
const LABEL = { width: 1000, height: 420, fontSize: 36 } as const;
const LABEL_LINES = [
  'Hengtai ceramic tile HT-M6012',
  'The net weight is 32 kg per carton.',
  'Made in Foshan, China.',
] as const;

/** Where renderTextImage draws a line, in the picture's pixels (top-left origin). */
function lineBox(lines: readonly string[], index: number, options: Required<TextImageOptions>) {
  const context = createCanvas(10, 10).getContext('2d');
  context.font = `${options.fontSize}px ${cjkFontFamily()}`;
  const baseline = options.fontSize * 3 + index * options.fontSize * 1.8;
  return {
    x: options.fontSize * 2,
    y: baseline - options.fontSize * 0.8,
    width: context.measureText(lines[index]!).width,
    height: options.fontSize,
  } satisfies Box;
}

const scaled = (box: Box, scale: number): Box => ({
  x: box.x * scale,
  y: box.y * scale,
  width: box.width * scale,
  height: box.height * scale,
});

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

const get = (url: string) => t.app.inject({ method: 'GET', url });

async function upload(cardId: number, name: string, content: Buffer): Promise<number> {
  const response = await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [{ field: 'documents', content, name }],
  });
  expect(response.statusCode).toBe(201);
  await t.documents.whenIdle();
  const id = response.json().documents[0].id as number;
  const [row] = await t.ctx.db
    .select({ status: documents.status })
    .from(documents)
    .where(eq(documents.id, id));
  expect(row?.status).toBe('ready');
  return id;
}

describe.skipIf(!cjkFontFamily())('previews of pages read by OCR', () => {
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUp(t);
  });
  afterAll(() => t?.close());

  it('marks the quoted price on a scanned PDF page, where the scan shows it', async () => {
    const cardId = await newCard(t, owner.cookie);
    const scan = await buildImagePdf([renderTextImage(SCAN_LINES, SCAN)]);
    const id = await upload(cardId, 'service-sheet.pdf', Buffer.from(scan));
    const buyer = await visitorChat(t, cardId, 'en');
    const answer = (await buyer.ask('What is the unit price of the AquaJet 700?')) as unknown as {
      citations: Array<{ documentId: number; page: number; previewUrl: string; excerpt: string }>;
    };
    const citation = answer.citations[0]!;
    expect(citation).toMatchObject({ documentId: id, page: 1 });
    expect(citation.excerpt).toContain('2,480');

    const response = await get(citation.previewUrl);
    expect(response.statusCode).toBe(200);
    expect(isWebp(response.rawPayload)).toBe(true);
    const image = await loadImage(response.rawPayload);
    expect(image.width).toBeLessThanOrEqual(1200);
    // The scan's pixels -> PDF points -> the preview's pixels.
    const scale = (PDF_PAGE.width / SCAN.width) * (image.width / PDF_PAGE.width);
    const price = scaled(lineBox(SCAN_LINES, 2, SCAN), scale);
    const marks = parseMarks(response.headers['x-preview-marks']);
    expect(marks.some((mark) => overlaps(mark, price))).toBe(true);
    // Only the quoted line: not the one above it (which names the pump too), nor the one below.
    for (const other of [1, 3]) {
      const line = scaled(lineBox(SCAN_LINES, other, SCAN), scale);
      expect(marks.some((mark) => overlaps(mark, line))).toBe(false);
    }
    // The mark shows over the price.
    expect(await yellowShare(response.rawPayload, price)).toBeGreaterThan(0.3);
    await fs.mkdir('e2e/artifacts', { recursive: true });
    await fs.writeFile('e2e/artifacts/preview-scanned-page.webp', response.rawPayload);
  }, 180_000);

  it('marks the quoted words on an image document, and the boxes go with the document', async () => {
    const cardId = await newCard(t, owner.cookie);
    const label = renderTextImage(LABEL_LINES, LABEL);
    const id = await upload(cardId, 'label.png', label);
    const buyer = await visitorChat(t, cardId, 'en');
    const answer = (await buyer.ask('What is the net weight per carton?')) as unknown as {
      citations: Array<{ documentId: number; page: number; previewUrl: string; excerpt: string }>;
    };
    const citation = answer.citations[0]!;
    expect(citation).toMatchObject({ documentId: id, page: 1 });
    expect(citation.excerpt).toContain('32 kg');

    const response = await get(citation.previewUrl);
    expect(response.statusCode).toBe(200);
    expect(isWebp(response.rawPayload)).toBe(true);
    const image = await loadImage(response.rawPayload);
    expect([image.width, image.height]).toEqual([LABEL.width, LABEL.height]);
    const weight = lineBox(LABEL_LINES, 1, LABEL);
    const marks = parseMarks(response.headers['x-preview-marks']);
    expect(marks.some((mark) => overlaps(mark, weight))).toBe(true);
    for (const other of [0, 2]) {
      expect(marks.some((mark) => overlaps(mark, lineBox(LABEL_LINES, other, LABEL)))).toBe(false);
    }
    expect(await yellowShare(response.rawPayload, weight)).toBeGreaterThan(0.3);
    await fs.writeFile('e2e/artifacts/preview-image-document.webp', response.rawPayload);

    // The word boxes are kept beside the document's file, and removed with it.
    const [row] = await t.ctx.db
      .select({ storagePath: documents.storagePath })
      .from(documents)
      .where(eq(documents.id, id));
    const pagesDir = path.join(
      storedFilesDir(t, owner.id, 'documents'),
      `${path.basename(row!.storagePath!)}.pages`,
    );
    expect(await fs.readdir(pagesDir)).toContain('p1-ocr.json');
    expect(
      (await api(t, 'DELETE', `/api/documents/${id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    await expect(fs.stat(pagesDir)).rejects.toThrow();
    expect((await get(citation.previewUrl)).statusCode).toBe(404);
  }, 180_000);
});
