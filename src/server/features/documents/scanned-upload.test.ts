import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentChunks } from '#server/db/schema.ts';
import { makeTempDir, writeTemp } from '#server/ingest/test-support/fixtures.ts';
import {
  buildImagePdf,
  cjkFontFamily,
  renderTextImage,
} from '#server/ingest/test-support/scanned-pdf.ts';
import { api, createTestApp, multipart, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * A scanned PDF (pages that are only images) uploaded through the API is read
 * by OCR, shows "OCR page n of m" while it works, and says where it stopped at the page cap
 * (OCR_MAX_PAGES).
 */

describe.skipIf(!cjkFontFamily())('a scanned Chinese PDF', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCR_MAX_PAGES: '2' } });
    cookie = (await signUp(t)).cookie;
  });
  afterAll(() => t?.close());

  it('is read by OCR with progress, up to the page cap, and its Chinese is searchable', async () => {
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
      await buildImagePdf([page('恒泰陶瓷产品目录'), page('售后服务'), page('联系我们')]),
    );
    const card = await api(t, 'POST', '/api/business-card-session', { body: {}, cookie });
    const cardId = card.json().businessCardId as number;
    const upload = await multipart(t, '/api/documents', {
      cookie,
      language: 'en',
      fields: { businessCardId: String(cardId) },
      files: [{ field: 'documents', path: file, name: path.basename(file) }],
    });
    expect(upload.statusCode).toBe(201);

    const seen = new Set<string>();
    let document: { status: string; progressText?: string | null; pageCount: number | null };
    const started = Date.now();
    for (;;) {
      const list = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, {
        cookie,
        language: 'en',
      });
      document = list.json()[0];
      if (document.progressText) seen.add(document.progressText);
      if (document.status === 'ready' || document.status === 'failed') break;
      if (Date.now() - started > 150_000) throw new Error('the scan did not settle');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(document.status).toBe('ready');
    expect(document.pageCount).toBe(3);
    expect([...seen].some((text) => /OCR page [12] of 2/.test(text))).toBe(true);
    expect(document.progressText).toBe(
      'Text recognition read 2 scanned pages and stopped at page 3 (page limit reached).',
    );

    const zh = await api(t, 'GET', `/api/business-cards/${cardId}/documents`, {
      cookie,
      language: 'zh-CN',
    });
    expect(zh.json()[0].progressText).toContain('在第 3 页停止');

    // Searchable: its chunks carry the Chinese words, cited on the page they were read from.
    const chunks = await t.ctx.db
      .select()
      .from(documentChunks)
      .where(eq(documentChunks.businessCardId, cardId));
    const priced = chunks.find((chunk) => chunk.text.includes('每平方米'));
    expect(priced?.page).toBe(1);
    expect(chunks.map((chunk) => chunk.page)).not.toContain(3);
  }, 200_000);
});
