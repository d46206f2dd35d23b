import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#server/db/schema.ts';
import { buildPdfWithToUnicode } from '#server/ingest/test-support/pdf-to-unicode.ts';
import { api, createTestApp, multipart, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * A page whose text layer decodes to garbage (a font without a usable Unicode
 * mapping) is read by OCR, as a scanned page is, and the document says so.
 */

const LETTER_PAGE = [
  'Dear customer, thank you for choosing the Aqualux booster pump.',
  'The pump carries a warranty of three years from the day of delivery.',
  'Our factory in Ningbo ships every order within thirty working days.',
  'Spare impellers and seals are kept in stock for ten years after sale.',
  'Please contact the export office for prices, samples and catalogues.',
];

/** Each letter decoded as the next one ("The" -> "Uif"), as a broken subset font does. */
const shiftLetters = (char: string) =>
  /[a-yA-Y]/.test(char) ? String.fromCharCode(char.charCodeAt(0) + 1) : char;

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t)).cookie;
});
afterAll(() => t?.close());

describe('a PDF whose text layer is garbage', () => {
  it('is read by OCR instead, and its progress says so', async () => {
    const cardId = (await api(t, 'POST', '/api/business-card-session', { body: {}, cookie })).json()
      .businessCardId as number;
    const pdf = await buildPdfWithToUnicode([LETTER_PAGE], shiftLetters);
    const upload = await multipart(t, '/api/documents', {
      cookie,
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'documents', content: Buffer.from(pdf), name: 'letter.pdf' }],
    });
    expect(upload.statusCode).toBe(201);
    await t.documents.whenIdle();

    const list = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, {
      cookie,
      language: 'en',
    });
    const [document] = list.json() as Array<{
      id: number;
      status: string;
      progressText: string | null;
    }>;
    expect(document!.status).toBe('ready');
    expect(document!.progressText).toBe(
      '1 of 1 pages had text that could not be decoded; text recognition read them instead.',
    );
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, document!.id));
    const content = row!.content ?? '';
    expect(content).toMatch(/warranty of three years/i);
    expect(content).toMatch(/thirty working days/i);
    // The garbage is gone: "Uif qvnq dbssjft" is nowhere.
    expect(content).not.toContain('dbssjft');
  }, 120_000);
});
