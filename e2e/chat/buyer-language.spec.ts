import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/*
 * A foreign buyer on a phone, a pump maker whose price list and profile are Chinese: the facts
 * come in English (the original line below them), a Russian question is answered in English,
 * a Hong Kong buyer asking in Cantonese reads Traditional characters.
 */

const PUMPS = path.resolve('fixtures/pumps');
const DOCUMENTS = ['profile-zh.txt', 'price-list-zh.csv', 'terms-zh.txt', 'faq-en.txt'];
const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };
let cardId = 0;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  await loginByApi(page, await createVerifiedAccount(page));
  const session = await page.request.post('/api/business-card-session', { data: {} });
  cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  await page.request.put(`/api/business-cards/${cardId}`, { data: { companyName: 'Qianbo Pump' } });
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  const form = new FormData();
  form.append('businessCardId', String(cardId));
  for (const name of DOCUMENTS)
    form.append('documents', new Blob([await readFile(path.join(PUMPS, name))]), name);
  expect((await page.request.post('/api/documents', { multipart: form })).status()).toBe(201);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/business-cards/${cardId}/documents`);
        const documents = (await response.json()) as Array<{ status: string }>;
        return documents.map((document) => document.status).join(',');
      },
      { timeout: 150_000, intervals: [500, 1000, 2000] },
    )
    .toBe(DOCUMENTS.map(() => 'ready').join(','));
  await context.close();
});

async function ask(page: Page, question: string) {
  const answers = page.locator('[data-testid="chat-message"][data-role="assistant"]');
  const before = await answers.count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = answers.nth(before);
  await expect(answer).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  return answer;
}

test('an English phone reads the Chinese price list in English, the original below', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/chat/card/${cardId}?src=qr`);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');

  const price = await ask(page, 'What is the price of the QB70 pump?');
  await expect(price).toContainText('unit price USD 46');
  await expect(price).toContainText('Original (Chinese):');
  const russian = await ask(page, 'Какая цена насоса QB60?');
  await expect(russian).toContainText('unit price USD 38');
  const samples = await ask(page, 'Do you provide free samples?');
  await expect(samples).toContainText('free for distributors');
  await expect(samples).toContainText('1.5');
  await snap(page, 'chat-phone-english-buyer-chinese-documents');
  await context.close();
});

test('a Hong Kong phone asking in Cantonese reads Traditional characters', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE_URL, locale: 'zh-HK', viewport: PHONE });
  const page = await context.newPage();
  await page.goto(`/chat/card/${cardId}?src=qr`);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  const answer = await ask(page, 'QB60 水泵幾錢一台？');
  await expect(answer).toContainText('單價 38 美元');
  await snap(page, 'chat-phone-cantonese-buyer');
  await context.close();
});
