import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { E2E_PORT } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/* The chat page speaks the browser's language until the visitor picks one. */

const FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');
const BASE_URL = `http://localhost:${E2E_PORT}`;
let cardId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await loginByApi(page, await createVerifiedAccount(page));
  const session = await page.request.post('/api/business-card-session', { data: {} });
  cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  await page.request.put(`/api/business-cards/${cardId}`, { data: { companyName: 'Hengtai' } });
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  await page.request.post('/api/documents', {
    multipart: {
      businessCardId: String(cardId),
      documents: { name: 'hengtai-faq.txt', mimeType: 'text/plain', buffer: await readFile(FAQ) },
    },
  });
  await context.close();
});

const PHONE = { width: 390, height: 844 };

for (const [locale, lang, title] of [
  ['en-US', 'en', 'Hello! Ask me about Hengtai'],
  ['zh-TW', 'zh-TW', '您好！歡迎諮詢 Hengtai'],
  ['zh-HK', 'zh-TW', '您好！歡迎諮詢 Hengtai'],
  ['zh-SG', 'zh-CN', '您好！欢迎咨询 Hengtai'],
] as const) {
  test(`a ${locale} phone gets the chat in ${lang}`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, locale, viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`/chat/card/${cardId}?src=qr`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByText(title)).toBeVisible();
    if (locale === 'en-US' || locale === 'zh-TW') await snap(page, `chat-phone-locale-${locale}`);
    await context.close();
  });
}

test('the switcher’s choice wins over the browser and is kept', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/chat/card/${cardId}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('chat-language').selectOption('zh-TW');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByText('您好！歡迎諮詢 Hengtai')).toBeVisible();
  await context.close();
});
