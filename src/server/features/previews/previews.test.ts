import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDocuments,
  FIXTURES,
  api,
  multipart,
  newCard,
  signUp,
  visitorChat,
  type TestApp,
  createTestApp,
} from '#server/test/test-app.ts';
import { documents } from '#server/db/schema.ts';
import { buildZip, readZipEntries } from '#server/ingest/test-support/zip-writer.ts';
import { storedFilesDir } from '#server/test/stored-files.ts';
import { isWebp, overlaps, parseMarks, yellowShare } from '#server/test/preview-marks.ts';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import type { Box } from './page-layout.ts';

/*
 * The buyer opens a citation: through the HTTP API, with a real PDF catalogue made here (a
 * product photo and a price table on its second page), real DOCX and XLSX fixtures, the real
 * render child and the real store.
 */

const PAGE = { width: 595, height: 842 } as const;
/** Where the catalogue's second page draws the photo and the price (PDF points, bottom-left). */
const PHOTO = { x: 60, y: 470, width: 240, height: 180 } as const;
const PRICE = { x: 330, y: 600, size: 14, text: 'Unit price of the AquaJet 500: USD 1,250' };

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let catalogueId: number;
let priceWidth: number;

/** A 4:3 product photo (a PNG drawn here: a pump's silhouette on a blue ground). */
async function productPhoto(): Promise<Buffer> {
  const canvas = createCanvas(400, 300);
  const context = canvas.getContext('2d');
  context.fillStyle = '#1d4ed8';
  context.fillRect(0, 0, 400, 300);
  context.fillStyle = '#f59e0b';
  context.fillRect(120, 80, 160, 140);
  return canvas.encode('png');
}

async function catalogue(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const cover = pdf.addPage([PAGE.width, PAGE.height]);
  cover.drawText('Lotus Pumps catalogue 2026', { x: 60, y: 760, size: 24, font: bold });
  cover.drawText('Garden irrigation and pressure boosting since 1998.', {
    x: 60,
    y: 720,
    size: 12,
    font,
  });
  const product = pdf.addPage([PAGE.width, PAGE.height]);
  product.drawText('AquaJet 500 booster pump', { x: 60, y: 760, size: 22, font: bold });
  const photo = await pdf.embedPng(await productPhoto());
  product.drawImage(photo, PHOTO);
  // A small logo in the corner: an icon, not the product's picture.
  product.drawImage(photo, { x: 520, y: 790, width: 24, height: 18 });
  const rows = [
    ['Model', 'Flow', 'Head'],
    ['AquaJet 500', '60 L/min', '42 m'],
  ];
  rows.forEach((row, i) =>
    row.forEach((cell, j) =>
      product.drawText(cell, { x: 330 + j * 80, y: 660 - i * 22, size: 12, font }),
    ),
  );
  product.drawText(PRICE.text, { x: PRICE.x, y: PRICE.y, size: PRICE.size, font });
  product.drawRectangle({
    x: 325,
    y: 590,
    width: 250,
    height: 95,
    borderColor: rgb(0.6, 0.6, 0.6),
    borderWidth: 1,
  });
  priceWidth = font.widthOfTextAtSize(PRICE.text, PRICE.size);
  return pdf.save();
}

function expectWebp(body: Buffer) {
  expect(isWebp(body)).toBe(true);
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  const upload = await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [{ field: 'documents', content: Buffer.from(await catalogue()), name: 'lotus.pdf' }],
  });
  expect(upload.statusCode).toBe(201);
  catalogueId = upload.json().documents[0].id;
  await t.documents.whenIdle();
}, 120_000);
afterAll(() => t.close());

describe('a PDF catalogue', () => {
  let answer: {
    citations: Array<{ documentId: number; page: number; previewUrl: string; excerpt: string }>;
    images?: Array<{
      url: string;
      width: number;
      height: number;
      documentId: number;
      page: number;
    }>;
  };

  beforeAll(async () => {
    const buyer = await visitorChat(t, cardId, 'en');
    answer = (await buyer.ask('What is the price of the AquaJet 500?')) as unknown as typeof answer;
  }, 60_000);

  it('cites the page with a preview URL of the contract', () => {
    const citation = answer.citations[0]!;
    expect(citation).toMatchObject({ documentId: catalogueId, page: 2 });
    expect(citation.excerpt).toContain('1,250');
    const url = new URL(citation.previewUrl, 'http://x');
    expect(url.pathname).toBe(`/api/documents/${catalogueId}/pages/2/preview`);
  });

  it('draws that page with the quoted price marked over the words', async () => {
    const response = await get(answer.citations[0]!.previewUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toMatch(/public, max-age=\d{5,}/);
    expectWebp(response.rawPayload);
    const image = await loadImage(response.rawPayload);
    expect(image.width).toBeLessThanOrEqual(1200);
    const scale = image.width / PAGE.width;
    expect(image.height).toBeCloseTo(PAGE.height * scale, -1);
    // Where pdf-lib put the price, in the image's pixels (top-left origin).
    const words: Box = {
      x: PRICE.x * scale,
      y: (PAGE.height - PRICE.y - PRICE.size * 0.8) * scale,
      width: priceWidth * scale,
      height: PRICE.size * scale,
    };
    const marks = parseMarks(response.headers['x-preview-marks']);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.some((mark) => overlaps(mark, words))).toBe(true);
    // Nothing is marked in the title or the photo.
    const photo: Box = {
      x: PHOTO.x * scale,
      y: (PAGE.height - PHOTO.y - PHOTO.height) * scale,
      width: PHOTO.width * scale,
      height: PHOTO.height * scale,
    };
    expect(marks.some((mark) => overlaps(mark, photo))).toBe(false);
    // The mark shows: the page is yellow under the price (white elsewhere).
    expect(await yellowShare(response.rawPayload, words)).toBeGreaterThan(0.3);
    expect(await yellowShare(response.rawPayload, { ...words, y: words.y - 80 * scale })).toBe(0);
    await fs.mkdir(path.resolve('e2e/artifacts'), { recursive: true });
    await fs.writeFile(
      path.resolve('e2e/artifacts/preview-catalogue-page.webp'),
      response.rawPayload,
    );
    // Later views come from storage, the same image.
    const second = await get(answer.citations[0]!.previewUrl);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(response.rawPayload)).toBe(true);
    const unchanged = await t.app.inject({
      method: 'GET',
      url: answer.citations[0]!.previewUrl,
      headers: { 'if-none-match': String(second.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
  });

  it('carries the product photo beside the price, cut from the page', async () => {
    expect(answer.images).toHaveLength(1);
    const picture = answer.images![0]!;
    expect(picture).toMatchObject({ documentId: catalogueId, page: 2 });
    expect(picture.url).toBe(`/api/documents/${catalogueId}/pages/2/image/1`);
    expect(picture.width / picture.height).toBeCloseTo(PHOTO.width / PHOTO.height, 1);
    const response = await get(picture.url);
    expect(response.statusCode).toBe(200);
    expectWebp(response.rawPayload);
    const image = await loadImage(response.rawPayload);
    expect([image.width, image.height]).toEqual([picture.width, picture.height]);
    // The photo itself: blue at its edge, orange in its middle.
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const edge = context.getImageData(5, 5, 1, 1).data;
    const middle = context.getImageData(image.width >> 1, image.height >> 1, 1, 1).data;
    expect(edge[2]!).toBeGreaterThan(150);
    expect(middle[0]!).toBeGreaterThan(200);
  });

  it('streams the same sources, and the history keeps them', async () => {
    const info = await t.app.inject({ method: 'GET', url: `/api/chat/session-info/${cardId}` });
    const visitor = info.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const cookie = `${VISITOR_COOKIE}=${visitor.value}`;
    const streamed = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}/stream`,
      headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify({ message: 'How much is the AquaJet 500?' }),
    });
    const done = JSON.parse(/event: done\ndata: (.*)/u.exec(streamed.body)![1]!);
    expect(done.citations[0]).toMatchObject({
      documentId: catalogueId,
      page: 2,
      previewUrl: expect.stringMatching(
        new RegExp(`^/api/documents/${catalogueId}/pages/2/preview\\?q=`, 'u'),
      ),
    });
    expect(done.images).toEqual(answer.images);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/chat/history/${cardId}`,
      headers: { cookie },
    });
    const last = history.json().messages.at(-1);
    expect(last.citations).toEqual(done.citations);
    expect(last.images).toEqual(done.images);
  });

  it('answers 404 for a page the document does not have, or an unknown document', async () => {
    expect((await get(`/api/documents/${catalogueId}/pages/3/preview?q=x`)).statusCode).toBe(404);
    expect((await get(`/api/documents/${catalogueId}/pages/2/image/9`)).statusCode).toBe(404);
    expect((await get(`/api/documents/999999/pages/1/preview`)).statusCode).toBe(404);
    const odd = await get(`/api/documents/${catalogueId}/pages/0/preview`);
    expect(odd.statusCode).toBe(400);
  });
});

describe('documents without pages of their own', () => {
  let officeCard: number;
  beforeAll(async () => {
    officeCard = await newCard(t, owner.cookie);
    await addDocuments(t, owner.cookie, officeCard, ['office/spec.docx', 'office/price-list.xlsx']);
  }, 120_000);

  it.each([
    ['spec.docx', 'What is the flow of the QB60?', 'Flow: 40 L/min'],
    ['price-list.xlsx', 'What is the FOB Ningbo price of the AX-Mini 12?', 'AX-Mini 12'],
  ])(
    '%s: its cited section is drawn as a page with the quote marked',
    async (name, question, words) => {
      const buyer = await visitorChat(t, officeCard, 'en');
      const reply = (await buyer.ask(question)) as unknown as {
        citations: Array<{ documentName: string; previewUrl: string | null; excerpt: string }>;
      };
      const citation = reply.citations.find((c) => c.documentName === name);
      expect(citation?.excerpt).toContain(words);
      const response = await get(citation!.previewUrl!);
      expect(response.statusCode).toBe(200);
      expectWebp(response.rawPayload);
      const image = await loadImage(response.rawPayload);
      expect(image.width).toBeLessThanOrEqual(1200);
      expect(parseMarks(response.headers['x-preview-marks']).length).toBeGreaterThan(0);
      await fs.mkdir(path.resolve('e2e/artifacts'), { recursive: true });
      await fs.writeFile(path.resolve(`e2e/artifacts/preview-${name}.webp`), response.rawPayload);
    },
  );
});

describe('a slide with a product photo', () => {
  /** The office fixture deck with a 4:3 photo placed right of slide 2's price table. */
  async function deckWithPhoto(): Promise<Buffer> {
    const entries = await readZipEntries(path.join(FIXTURES, 'office/deck.pptx'));
    const picture =
      '<p:pic><p:nvPicPr><p:cNvPr id="99" name="Photo"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr>' +
      '<p:blipFill><a:blip r:embed="rIdPhoto"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>' +
      '<p:spPr><a:xfrm><a:off x="8100000" y="1800000"/><a:ext cx="1800000" cy="1350000"/>' +
      '</a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>';
    const relationship =
      '<Relationship Id="rIdPhoto" Target="../media/photo1.png" ' +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"/>';
    const edits: Record<string, (xml: string) => string> = {
      'ppt/slides/slide2.xml': (xml) => xml.replace('</p:spTree>', `${picture}</p:spTree>`),
      'ppt/slides/_rels/slide2.xml.rels': (xml) =>
        xml.replace('</Relationships>', `${relationship}</Relationships>`),
    };
    return buildZip([
      ...entries.map(({ name, data }) => {
        const edit = edits[name];
        return { name, data: edit ? edit(data.toString('utf8')) : data };
      }),
      { name: 'ppt/media/photo1.png', data: await productPhoto() },
    ]);
  }

  it('answers with the photo beside the cited table, from the deck itself', async () => {
    const card = await newCard(t, owner.cookie);
    const upload = await multipart(t, '/api/documents', {
      cookie: owner.cookie,
      fields: { businessCardId: String(card) },
      files: [{ field: 'documents', content: await deckWithPhoto(), name: 'deck.pptx' }],
    });
    expect(upload.statusCode).toBe(201);
    const deckId = upload.json().documents[0].id as number;
    await t.documents.whenIdle();
    const buyer = await visitorChat(t, card, 'en');
    const reply = (await buyer.ask('What is the head of the QB60?')) as unknown as {
      citations: Array<{ page: number; previewUrl: string }>;
      images?: Array<{ url: string; width: number; height: number }>;
    };
    expect(reply.citations[0]!.page).toBe(2);
    expect(reply.images).toHaveLength(1);
    const picture = reply.images![0]!;
    expect(picture.url).toBe(`/api/documents/${deckId}/pages/2/image/1`);
    expect(picture.width / picture.height).toBeCloseTo(4 / 3, 1);
    const response = await get(picture.url);
    expect(response.statusCode).toBe(200);
    const image = await loadImage(response.rawPayload);
    expect([image.width, image.height]).toEqual([picture.width, picture.height]);
    // The slide's text is drawn as a page, the quoted row marked.
    const preview = await get(reply.citations[0]!.previewUrl);
    expect(preview.statusCode).toBe(200);
    expect(parseMarks(preview.headers['x-preview-marks']).length).toBeGreaterThan(0);
  });
});

describe('a page that cannot be drawn', () => {
  it('shows the quote drawn as a page instead, and keeps nothing of it', async () => {
    const card = await newCard(t, owner.cookie);
    const upload = await multipart(t, '/api/documents', {
      cookie: owner.cookie,
      fields: { businessCardId: String(card) },
      files: [{ field: 'documents', content: Buffer.from(await catalogue()), name: 'lost.pdf' }],
    });
    const id = upload.json().documents[0].id as number;
    await t.documents.whenIdle();
    // The original is gone from the store (a disk restored without it).
    const documentsDir = storedFilesDir(t, owner.id, 'documents');
    const stored = await fs.readdir(documentsDir);
    const [row] = await t.ctx.db
      .select({ storagePath: documents.storagePath })
      .from(documents)
      .where(eq(documents.id, id));
    const storagePath = row!.storagePath;
    const file = stored.find((name) => storagePath!.endsWith(name))!;
    await fs.rm(path.join(documentsDir, file));
    const response = await get(
      `/api/documents/${id}/pages/2/preview?q=${encodeURIComponent('USD 1,250')}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expectWebp(response.rawPayload);
    expect(parseMarks(response.headers['x-preview-marks'])).toHaveLength(1);
    expect(await fs.readdir(documentsDir)).not.toContain(`${file}.pages`);
  });
});

describe('who may see a page', () => {
  it("a draft's documents are its owner's alone", async () => {
    const draft = await newCard(t, owner.cookie, { finished: false });
    await addDocuments(t, owner.cookie, draft, ['hengtai/hengtai-faq.txt']);
    const listed = await api(t, 'GET', `/api/business-cards/${draft}/documents`, {
      cookie: owner.cookie,
    });
    const id = listed.json()[0].id as number;
    const url = `/api/documents/${id}/pages/1/preview?q=warranty`;
    expect((await get(url)).statusCode).toBe(404);
    const stranger = await signUp(t);
    expect((await get(url, stranger.cookie)).statusCode).toBe(404);
    const own = await get(url, owner.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toMatch(/^private/);
  });

  it('a removed document answers 404 and its drawn pages go with it', async () => {
    const card = await newCard(t, owner.cookie);
    await addDocuments(t, owner.cookie, card, ['hengtai/hengtai-faq.txt']);
    const listed = await api(t, 'GET', `/api/business-cards/${card}/documents`, {
      cookie: owner.cookie,
    });
    const id = listed.json()[0].id as number;
    const url = `/api/documents/${id}/pages/1/preview?q=warranty`;
    expect((await get(url)).statusCode).toBe(200);
    const documentsDir = storedFilesDir(t, owner.id, 'documents');
    const drawn = async () =>
      (await fs.readdir(documentsDir)).filter((name) => name.endsWith('.pages'));
    const before = await drawn();
    expect(before.length).toBeGreaterThan(0);
    expect(
      (await api(t, 'DELETE', `/api/documents/${id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await drawn()).length).toBe(before.length - 1);
  });

  it("the history keeps a removed document's quote but no preview of it", async () => {
    const card = await newCard(t, owner.cookie);
    await addDocuments(t, owner.cookie, card, ['hengtai/hengtai-faq.txt']);
    const info = await t.app.inject({ method: 'GET', url: `/api/chat/session-info/${card}` });
    const visitor = info.cookies.find((c) => c.name === VISITOR_COOKIE)!;
    const cookie = `${VISITOR_COOKIE}=${visitor.value}`;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${card}`,
      headers: { cookie, 'x-language': 'en' },
      payload: { message: 'Can we mix designs in one container?' },
    });
    const cited = asked.json().citations[0];
    expect(cited.previewUrl).toMatch(/^\/api\/documents\/\d+\/pages\/\d+\/preview/u);
    expect(
      (await api(t, 'DELETE', `/api/documents/${cited.documentId}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/chat/history/${card}`,
      headers: { cookie },
    });
    const last = history.json().messages.at(-1);
    expect(last.citations[0]).toMatchObject({
      excerpt: cited.excerpt,
      documentId: null,
      previewUrl: null,
    });
  });
});
