import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from '../../playwright.config.ts';
import { readOutbox } from '../../src/server/test/mail-outbox.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/*
 * The follow-up mail (issue 34, item 4): the draft screen shows what the buyer asked, what they
 * were answered (figures and sources), the card link and the headers — and exactly that is sent.
 */

const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

/** A finished card of the pump maker, its catalogue and FAQ read. */
async function pumpCard(page: Page): Promise<number> {
  const created = await page.request.post('/api/business-cards', {
    multipart: {
      companyName: 'Taizhou Qianbo Pump',
      contactName: 'Wang Xiaomei',
      phone: '+86 576 8888 1234',
      website: 'https://qianbo.example',
    },
  });
  expect(created.status()).toBe(201);
  const cardId = ((await created.json()) as { id: number }).id;
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  const form = new FormData();
  form.append('businessCardId', String(cardId));
  for (const name of ['catalogue-en.txt', 'faq-en.txt']) {
    const text = await readFile(path.resolve('fixtures/pumps', name), 'utf8');
    form.append('documents', new Blob([text], { type: 'text/plain' }), name);
  }
  expect((await page.request.post('/api/documents', { multipart: form })).status()).toBe(201);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/business-cards/${cardId}/documents`);
        return ((await response.json()) as Array<{ status: string }>).map((d) => d.status);
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toEqual(['ready', 'ready']);
  return cardId;
}

/** A buyer's phone: two questions the documents answer, one they do not, then the lead form. */
async function buyerChats(browser: Browser, cardId: number, email: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const request = context.request;
  const headers = { origin: BASE_URL, 'x-language': 'en' };
  expect((await request.get(`/api/chat/session-info/${cardId}?tz=Europe%2FBerlin`)).status()).toBe(
    200,
  );
  for (const message of [
    'What is the maximum head of the QB70?',
    'Which port do you ship from?',
    'Do you have a sales office in Brazil?',
  ]) {
    const answer = await request.post(`/api/chat/${cardId}`, { data: { message }, headers });
    expect(answer.status()).toBe(200);
  }
  const lead = await request.post(`/api/chat/${cardId}/lead`, {
    data: { name: 'Anna Weber', company: 'Weber Pumpen GmbH', email, consent: true },
    headers,
  });
  expect(lead.status()).toBe(200);
  await context.close();
}

test('the follow-up draft shows what the buyer asked and was answered, and is sent as shown', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const cardId = await pumpCard(page);
  const buyer = `anna.${Date.now().toString(36)}@weber.example`;
  await buyerChats(browser, cardId, buyer);

  await page.goto('/sales-pipeline');
  const lead = page.getByTestId('lead-card').filter({ hasText: 'Anna Weber' });
  await lead.getByRole('button', { name: 'Follow-up email' }).click();
  const draft = page.getByTestId('follow-up-form');
  await expect(draft.getByTestId('follow-up-headers')).toContainText(
    'From: Taizhou Qianbo Pump – Wang Xiaomei',
  );
  await expect(draft.getByTestId('follow-up-headers')).toContainText(`To: ${buyer}`);
  await expect(draft.getByTestId('follow-up-headers')).toContainText(
    `Replies go to: ${owner.email}`,
  );
  const body = draft.getByLabel('Message');
  await expect(body).toHaveValue(/Your question: What is the maximum head of the QB70\?/);
  const text = await body.inputValue();
  expect(text).toContain('45 m');
  expect(text).toMatch(/Source: catalogue-en\.txt/);
  expect(text).toMatch(/Source: faq-en\.txt/);
  expect(text).toContain('Ningbo');
  expect(text).toContain('we will answer it personally');
  expect(text).toContain(`${BASE_URL}/chat/card/${cardId}`);
  expect(text).not.toContain('prepared the details');
  // For the screenshots the textarea is as tall as the mail, so the whole mail shows.
  const showWholeMail = () =>
    body.evaluate((element) => {
      element.style.height = 'auto';
      element.style.height = `${element.scrollHeight + 4}px`;
      window.scrollTo(0, 0);
    });
  await showWholeMail();
  await snap(page, 'follow-up-draft-desktop');
  await page.setViewportSize(PHONE);
  await showWholeMail();
  await snap(page, 'follow-up-draft-phone');

  const subject = await draft.getByLabel('Subject').inputValue();
  await draft.getByRole('button', { name: 'Send email' }).click();
  await expect(page.getByText('Email sent.').first()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await readOutbox(path.resolve(E2E_DATA_DIR, 'mail'))).filter((m) => m.to === buyer).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  const [mail] = (await readOutbox(path.resolve(E2E_DATA_DIR, 'mail'))).filter(
    (m) => m.to === buyer,
  );
  expect(mail!.from.name).toBe('Taizhou Qianbo Pump – Wang Xiaomei');
  expect(mail!.replyTo).toBe(owner.email);
  expect(mail!.subject).toBe(subject);
  expect(mail!.text.trim()).toBe(text.trim());
});
