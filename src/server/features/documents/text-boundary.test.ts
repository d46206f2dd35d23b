import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks, documents } from '#server/db/schema.ts';
import { buildPdfWithToUnicode } from '#server/ingest/test-support/pdf-to-unicode.ts';
import { inlineCell, buildXlsx } from '#server/ingest/test-support/xlsx-writer.ts';
import { buildDocx } from '#server/ingest/test-support/zip-writer.ts';
import { api, createTestApp, multipart, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * One bad character never fails a document. Each reader is handed text with
 * characters PostgreSQL refuses or a person cannot see (NUL, other C0 and C1 controls, half a
 * surrogate pair, decomposed accents); the document ends ready, its words intact and in NFC.
 */

// eslint-disable-next-line no-control-regex
const UNWANTED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]|[\uD800-\uDFFF]/u;
const CAFE_NFD = 'Cafe\u0301';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUp(t)).cookie;
});
afterAll(() => t?.close());

async function uploadAndSettle(name: string, content: Buffer | Uint8Array) {
  const cardId = (await api(t, 'POST', '/api/business-card-session', { body: {}, cookie })).json()
    .businessCardId as number;
  const response = await multipart(t, '/api/documents', {
    cookie,
    fields: { businessCardId: String(cardId) },
    files: [{ field: 'documents', content: Buffer.from(content), name }],
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.documents.whenIdle();
  const id = response.json().documents[0].id as number;
  const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, id));
  const chunks = await t.ctx.db
    .select({ text: documentChunks.text })
    .from(documentChunks)
    .where(eq(documentChunks.documentId, id));
  return { status: row!.status, error: row!.error, content: row!.content ?? '', chunks };
}

describe('a bad character in the text', () => {
  it.each([
    [
      'PDF (a checkbox decoded as NUL, half a surrogate pair)',
      'form.pdf',
      async () =>
        buildPdfWithToUnicode(
          [['Warranty: Yes x No ~', 'Model QB60 pump ^ three years of warranty.']],
          (char) => (char === '~' ? '\u0000' : char === '^' ? '\uD800' : char),
        ),
      ['Model QB60 pump', 'three years of warranty'],
    ],
    [
      'DOCX (C1 controls, decomposed accents)',
      'menu.docx',
      async () => buildDocx([`${CAFE_NFD} QB60\u0090 corner`, 'Warranty\u009C three years']),
      ['Café QB60 corner', 'Warranty three years'],
    ],
    [
      'XLSX (NUL and escape written as _x0000_ and _x001B_)',
      'stock.xlsx',
      async () =>
        buildXlsx(
          `<row r="1">${inlineCell('A1', 'Model')}${inlineCell('B1', 'Warranty')}</row>` +
            `<row r="2">${inlineCell('A2', 'QB60_x0000_')}${inlineCell('B2', '3_x001B_ years')}</row>`,
        ),
      ['QB60', '3 years'],
    ],
    [
      'CSV (a control character, decomposed accents)',
      'prices.csv',
      async () => Buffer.from(`Model,Price\nQB60\u0001,29.5\n${CAFE_NFD},12\n`),
      ['QB60', 'Café'],
    ],
    [
      'TXT (escape and bell characters, decomposed accents)',
      'notes.txt',
      async () =>
        Buffer.from(`${CAFE_NFD} corner pump QB60\u001B.\nWarranty\u0007: three years.\n`),
      ['Café corner pump QB60.', 'Warranty: three years.'],
    ],
  ])('%s: the document ends ready with its words', async (_label, name, build, expected) => {
    const document = await uploadAndSettle(name, await build());
    expect({ status: document.status, error: document.error }).toEqual({
      status: 'ready',
      error: null,
    });
    for (const text of expected) expect(document.content).toContain(text);
    expect(document.content).not.toMatch(UNWANTED);
    expect(document.content).toBe(document.content.normalize('NFC'));
    expect(document.chunks.length).toBeGreaterThan(0);
    for (const chunk of document.chunks) expect(chunk.text).not.toMatch(UNWANTED);
  });
});
