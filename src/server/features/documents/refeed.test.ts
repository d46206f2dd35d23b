import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { documentChunks, documents } from '#server/db/schema.ts';
import {
  FIXTURES,
  api,
  createTestApp,
  freshAddress,
  multipart,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';
import { storedFilesRoot } from '#server/test/stored-files.ts';

/*
 * A finished card gets a new document and loses an old one; the assistant
 * follows (answers from the new one as soon as it is ready, never quotes the removed one).
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let cardId: number;

const PRICE_LIST = [
  'Hengtai price list 2026',
  '',
  'The HX-9 epoxy grout costs 42 USD per bag, minimum order 300 bags.',
  'The HX-9 epoxy grout comes in 12 colours and cures in 24 hours.',
].join('\n');
const QUESTION = 'How much does the HX-9 epoxy grout cost?';

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  cardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
  await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [
      {
        field: 'documents',
        path: path.join(FIXTURES, 'hengtai/hengtai-faq.txt'),
        name: 'faq.txt',
      },
    ],
  });
  await t.documents.whenIdle();
  const finished = await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
    body: {},
    cookie: owner.cookie,
  });
  expect(finished.json().finalized).toBe(true);
}, 60_000);
afterAll(() => t.close());

async function ask(message: string) {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}`,
    remoteAddress: address,
  });
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/chat/${cardId}`,
    remoteAddress: address,
    headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
    payload: JSON.stringify({ message }),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    message: string;
    citations: Array<{ documentName: string; excerpt: string }>;
  };
}

async function cardAnalysisDocuments(): Promise<number | null> {
  const card = (
    await api(t, 'GET', `/api/business-cards/${cardId}`, { cookie: owner.cookie })
  ).json();
  return card.aiModelAnalysis?.documents ?? null;
}

describe('re-feeding a finished card', () => {
  let priceListId: number;
  let storagePath: string;

  it('answers from a document added to the finished card as soon as it is ready', async () => {
    // The card's index is built and cached by this first question.
    const before = await ask(QUESTION);
    expect(before.citations.map((c) => c.documentName)).not.toContain('price-list-2026.txt');
    expect(before.message).not.toContain('42');

    const upload = await multipart(t, '/api/documents', {
      cookie: owner.cookie,
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'documents', content: PRICE_LIST, name: 'price-list-2026.txt' }],
    });
    expect(upload.statusCode).toBe(201);
    priceListId = upload.json().documents[0].id;
    await t.documents.whenIdle();
    const [ready] = await t.ctx.db
      .select({ status: documents.status })
      .from(documents)
      .where(eq(documents.id, priceListId));
    expect(ready!.status).toBe('ready');

    // "As soon as it is ready": the very next question, asked once and at once (no waiting, no
    // second try), answers from it; the index the first question cached is not served again.
    const after = await ask(QUESTION);
    expect(after.message).toContain('42');
    expect(after.citations[0]).toMatchObject({ documentName: 'price-list-2026.txt' });
    expect(await cardAnalysisDocuments()).toBe(2);
    expect(JSON.stringify(await t.assistant.intelligence(cardId))).toContain('HX-9');

    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, priceListId));
    // The filesystem store keeps the object under its key in DATA_DIR/files.
    storagePath = path.join(storedFilesRoot(t), row!.storagePath!);
    await fs.access(storagePath);
  }, 60_000);

  it('shows its owner what the assistant reads, page by page; nobody else', async () => {
    const url = `/api/documents/${priceListId}/text`;
    const mine = await api(t, 'GET', url, { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('no-store');
    const body = mine.json();
    expect(body).toMatchObject({
      id: priceListId,
      fileName: 'price-list-2026.txt',
      status: 'ready',
    });
    expect(body.pages).toHaveLength(1);
    expect(body.pages[0].text).toContain('The HX-9 epoxy grout costs 42 USD per bag');
    expect(body.pages[0].text).toContain('cures in 24 hours');

    const stranger = await signUp(t);
    const foreign = await api(t, 'GET', url, { cookie: stranger.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    expect((await api(t, 'GET', url)).statusCode).toBe(401);
    expect(
      (await api(t, 'GET', '/api/documents/abc/text', { cookie: owner.cookie })).statusCode,
    ).toBe(400);
    expect(
      (await api(t, 'GET', '/api/documents/999999/text', { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });

  it('never quotes a removed document again; its file, passages and intelligence are gone', async () => {
    const removed = await api(t, 'DELETE', `/api/documents/${priceListId}`, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(200);

    const after = await ask(QUESTION);
    expect(after.citations.map((c) => c.documentName)).not.toContain('price-list-2026.txt');
    expect(after.message).not.toContain('42 USD');
    const suggestions = (
      await t.app.inject({ method: 'GET', url: `/api/chat/suggested-questions/${cardId}?lang=en` })
    ).json().suggestedQuestions as string[];
    expect(suggestions.join(' ')).not.toMatch(/HX-9/);

    await expect(fs.access(storagePath)).rejects.toThrow();
    const chunks = await t.ctx.db
      .select()
      .from(documentChunks)
      .where(eq(documentChunks.documentId, priceListId));
    expect(chunks).toEqual([]);
    const intelligence = JSON.stringify(await t.assistant.intelligence(cardId));
    expect(intelligence).not.toContain('HX-9');
    expect(intelligence).not.toContain('price-list-2026.txt');
    expect(intelligence).toContain('faq.txt');
    expect(await cardAnalysisDocuments()).toBe(1);
    // The text of a removed document is gone too.
    const text = await api(t, 'GET', `/api/documents/${priceListId}/text`, {
      cookie: owner.cookie,
    });
    expect(text.statusCode).toBe(404);
  });

  it('clears the analysis and intelligence when the last document goes', async () => {
    const [faq] = await t.ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.businessCardId, cardId));
    await api(t, 'DELETE', `/api/documents/${faq!.id}`, { cookie: owner.cookie });
    expect(await cardAnalysisDocuments()).toBeNull();
    expect(await t.assistant.intelligence(cardId)).toBeNull();
    const answer = await ask('Can we mix designs in one container?');
    expect(answer.citations).toEqual([]);
  });
});
