import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import {
  createVerifiedAccount,
  drawLogo,
  expect,
  loginByApi,
  snap,
  test,
  type Account,
} from '../support/fixtures.ts';

/*
 * The visitor chat at phone size: a buyer scans the card's QR code, asks, sees the
 * streamed answer and its source, sends a photo, leaves contact details, and keeps a message
 * through a dropped connection. The card is built from the sample company's documents.
 */

const HENGTAI = path.resolve('fixtures/hengtai');
const DOCUMENTS = [
  'hengtai-catalogue.pdf',
  'hengtai-deck.pptx',
  'hengtai-faq.txt',
  'hengtai-label.png',
  'hengtai-profile.docx',
];
const COMPANY = 'Guangzhou Hengtai Precision Machinery Co., Ltd.';
const PHONE = { width: 390, height: 844 };

// 404: the missing-card check. 503: the gateway refusals the reload test provokes.
test.use({
  expectedStatuses: [404, 503],
  viewport: PHONE,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
});

let cardId = 0;
let owner: Account;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  owner = await createVerifiedAccount(page, { organization: 'Hengtai Machinery' });
  await loginByApi(page, owner);

  const created = await page.request.post('/api/business-cards', {
    multipart: {
      companyName: COMPANY,
      contactName: 'Li Wei',
      phone: '+86 20 8888 6666',
      email: 'sales@hengtai.example',
      website: 'www.hengtai-machinery.example',
      companyLogo: await drawLogo(page),
    },
  });
  expect(created.status()).toBe(201);
  cardId = ((await created.json()) as { id: number }).id;
  // Visitors reach only finished cards.
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);

  // The card's field first, so the server checks the card before it stores any file.
  const form = new FormData();
  form.append('businessCardId', String(cardId));
  for (const name of DOCUMENTS)
    form.append('documents', new Blob([await readFile(path.join(HENGTAI, name))]), name);
  const uploaded = await page.request.post('/api/documents', { multipart: form });
  expect(uploaded.status()).toBe(201);

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

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('e2e-language-set')) {
      localStorage.setItem('selectedLanguage', 'en');
      sessionStorage.setItem('e2e-language-set', '1');
    }
  });
});

/** A screenshot for reviewers, after checking that nothing sticks out sideways. */
async function shot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
  await snap(page, name);
}

async function openChat(page: Page): Promise<void> {
  await page.goto(`/chat/card/${cardId}?src=qr`);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  // A person acts once the page reads in their language (English arrives after the page).
  await expect(page.getByTestId('chat-input')).toHaveAttribute('placeholder', 'Ask a question…');
}

const assistantMessages = (page: Page) =>
  page.locator('[data-testid="chat-message"][data-role="assistant"]');
const userMessages = (page: Page, text: string) =>
  page.locator('[data-testid="chat-message"][data-role="user"]').filter({ hasText: text });

async function ask(page: Page, question: string): Promise<Locator> {
  const before = await assistantMessages(page).count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = assistantMessages(page).nth(before);
  await expect(answer).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  return answer;
}

/** The visitor's conversation as the server keeps it (the browser context's own cookie). */
async function storedQuestions(page: Page): Promise<string[]> {
  const response = await page.request.get(`/api/chat/history/${cardId}`);
  const body = (await response.json()) as { messages: Array<{ role: string; content: string }> };
  return body.messages.filter((message) => message.role === 'user').map((m) => m.content);
}

test('a visitor asks from a phone and sees the streamed, sourced answer', async ({ page }) => {
  const opened = page.waitForRequest(/\/api\/chat\/session-info\/\d+\?src=qr/);
  await openChat(page);
  await opened;
  // The QR scan loads the chat alone, from its own build (assets/chat/, Preact): no owner
  // page, shell, query cache, app stylesheet or React DOM.
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((name) => name.startsWith('/assets/')),
  );
  expect(loaded.filter((name) => !name.startsWith('/assets/chat/'))).toEqual([]);
  expect(loaded.filter((name) => /\.css$/.test(name))).toEqual([
    expect.stringMatching(/^\/assets\/chat\/chat-[\w-]+\.css$/),
  ]);
  expect(loaded.filter((name) => /app-root|my-cards|result|button|api-/.test(name))).toEqual([]);
  await expect(page.getByTestId('chat-owner')).toHaveText('Li Wei');
  await expect(page.getByTestId('chat-company')).toHaveText(COMPANY);
  await expect(page.getByTestId('chat-logo')).toBeVisible();
  await expect(page.getByTestId('chat-welcome')).toBeVisible();
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await expect(page.getByTestId('save-contact')).toBeVisible();
  await expect(page.getByTestId('leave-details')).toBeVisible();
  await shot(page, 'chat-phone-welcome');

  // Tap targets of at least 44 px in the input bar and the header.
  for (const id of [
    'chat-camera',
    'chat-image-button',
    'chat-send',
    'save-contact',
    'leave-details',
  ]) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box?.height, id).toBeGreaterThanOrEqual(44);
  }

  const streamed = page.waitForRequest(
    (request) =>
      request.url().endsWith(`/api/chat/${cardId}/stream`) && request.method() === 'POST',
  );
  await page.getByTestId('chat-input').fill('How long is the quality guarantee?');
  await page.getByTestId('chat-send').click();
  await streamed;
  await expect(userMessages(page, 'How long is the quality guarantee?')).toHaveCount(1);
  const answer = assistantMessages(page).first();
  await expect(answer).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  await expect(answer).toContainText('10 years');
  await expect(page.getByTestId('chat-analyzing')).toHaveCount(0);

  // The source is its page, as a thumbnail (e2e/chat/source-preview.spec.ts follows it further).
  const source = answer.getByTestId('source-thumbnail').first();
  await expect(source).toHaveAccessibleName(/hengtai-[\w-]+\.(pdf|pptx|docx|txt)/);
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  await shot(page, 'chat-phone-answer');

  // The source opens its page with the quoted passage; Escape closes it and the thumbnail has
  // the focus again.
  await source.click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer).toBeVisible();
  await expect(viewer.getByTestId('source-viewer-image')).toHaveAttribute('alt', /10 years/);
  await expect(viewer.getByTestId('source-viewer-title')).toContainText(/hengtai-/);
  await shot(page, 'chat-phone-source');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(source).toBeFocused();

  // Out of the documents' scope: declined politely, with no source. The answer is held back
  // a moment here to see the indicator that shows until its first words arrive.
  await page.route('**/api/chat/*/stream', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.getByTestId('chat-input').fill('What is the capital of Australia?');
  await page.getByTestId('chat-send').click();
  await expect(page.getByTestId('chat-analyzing')).toContainText('Analyzing documents...');
  await expect(userMessages(page, 'What is the capital of Australia?')).toHaveAttribute(
    'data-state',
    'sending',
  );
  await shot(page, 'chat-phone-analyzing');
  const decline = assistantMessages(page).nth(1);
  await expect(decline).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  await expect(page.getByTestId('chat-analyzing')).toHaveCount(0);
  await page.unroute('**/api/chat/*/stream');
  await expect(decline).not.toBeEmpty();
  await expect(decline.getByTestId('citation-chip')).toHaveCount(0);
  await expect(decline.getByTestId('source-thumbnail')).toHaveCount(0);
  await expect(decline).not.toContainText('Canberra');
  await shot(page, 'chat-phone-decline');

  // A reload shows the same conversation (the visitor cookie keeps the session).
  await page.reload();
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  await expect(page.locator('[data-testid="chat-message"]')).toHaveCount(4);
  expect(await storedQuestions(page)).toEqual([
    'How long is the quality guarantee?',
    'What is the capital of Australia?',
  ]);
});

test('a visitor sends a photo of a product label and gets an answer', async ({ page }) => {
  await openChat(page);
  // Something that is not an image is turned down in the visitor's language.
  await page.getByTestId('chat-image-input').setInputFiles(path.join(HENGTAI, 'hengtai-faq.txt'));
  await expect(page.getByTestId('chat-notice')).toContainText('File format error');
  await expect(page.getByTestId('chat-image-preview')).toHaveCount(0);

  await page.getByTestId('chat-image-input').setInputFiles(path.join(HENGTAI, 'hengtai-label.png'));
  await expect(page.getByTestId('chat-image-preview').locator('img')).toBeVisible();
  await expect(page.getByTestId('chat-send')).toBeEnabled();
  await shot(page, 'chat-phone-image-chosen');

  const request = page.waitForRequest((r) => r.url().endsWith(`/api/chat/image/${cardId}`));
  await page.getByTestId('chat-send').click();
  const body = (await request).postDataJSON() as { image: string; imageType: string };
  expect(body.image).not.toMatch(/^data:/);
  expect(['image/png', 'image/jpeg']).toContain(body.imageType);
  // The chosen image is cleared once sent.
  await expect(page.getByTestId('chat-image-preview')).toHaveCount(0);

  const answer = assistantMessages(page).first();
  await expect(answer).toHaveAttribute('data-state', 'sent', { timeout: 60_000 });
  await expect(answer).toContainText(/HT-M6060|600/);
  await expect(page.locator('[data-testid="chat-message"][data-role="user"] img')).toBeVisible();
  await shot(page, 'chat-phone-image-answer');
});

test('a visitor saves the contact and leaves their details', async ({ page }) => {
  await openChat(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('save-contact').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.vcf$/);
  expect(await readFile(await download.path(), 'utf8')).toContain('BEGIN:VCARD');

  await page.getByTestId('leave-details').click();
  const sheet = page.getByTestId('lead-sheet');
  await expect(sheet).toBeVisible();
  await sheet.getByTestId('lead-submit').click();
  await expect(sheet.getByTestId('lead-name-error')).toHaveText('This field is required');
  await expect(sheet.getByTestId('lead-email-error')).toHaveText(
    'Please leave an email address or a phone number.',
  );

  await sheet.getByTestId('lead-name').fill('Anna Schmidt');
  await sheet.getByTestId('lead-company').fill('Schmidt Fliesen GmbH');
  await sheet.getByTestId('lead-email').fill('anna@schmidt-fliesen.example');
  await sheet.getByTestId('lead-consent').check();
  await shot(page, 'chat-phone-lead');
  await sheet.getByTestId('lead-submit').click();
  await expect(sheet.getByTestId('lead-confirmation')).toContainText('Thank you, Anna Schmidt!');
  await shot(page, 'chat-phone-lead-sent');
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(page.getByTestId('leave-details')).toContainText('Details sent');
});

test('a message sent offline waits, then goes out exactly once', async ({ page, context }) => {
  await openChat(page);
  await ask(page, 'How long is the quality guarantee?');
  // What the page loads after its first answer has arrived: a request made while offline is
  // then the app's own, which the console guard reports (Chromium logs each as an error).
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByTestId('chat-input').fill('Which certifications do you have?');
  await page.getByTestId('chat-send').click();
  const waiting = userMessages(page, 'Which certifications do you have?');
  await expect(waiting).toHaveAttribute('data-state', 'pending');
  await expect(waiting.getByTestId('message-pending')).toBeVisible();
  await expect(page.getByTestId('chat-send')).toBeDisabled();
  const kept = await page.evaluate(
    (id) => JSON.parse(sessionStorage.getItem(`docucard.chat.pending.${id}`) ?? '[]') as unknown[],
    cardId,
  );
  expect(kept).toHaveLength(1);
  await shot(page, 'chat-phone-offline');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toBeHidden();
  await expect(waiting).toHaveAttribute('data-state', 'sent');
  await expect(assistantMessages(page)).toHaveCount(2);
  await expect(assistantMessages(page).nth(1)).toHaveAttribute('data-state', 'sent');
  await expect(assistantMessages(page).nth(1)).toContainText(/CE|ISO/);
  await expect(waiting).toHaveCount(1);
  expect(
    await page.evaluate((id) => sessionStorage.getItem(`docucard.chat.pending.${id}`), cardId),
  ).toBeNull();
  expect(await storedQuestions(page)).toEqual([
    'How long is the quality guarantee?',
    'Which certifications do you have?',
  ]);
  await shot(page, 'chat-phone-back-online');
});

test('a waiting message survives a reload and is sent once', async ({ page }) => {
  await openChat(page);
  // The fair's gateway turns the question away for a while.
  await page.route('**/api/chat/*/stream', (route) =>
    route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' }),
  );
  await page.getByTestId('chat-input').fill('What is the minimum order quantity?');
  await page.getByTestId('chat-send').click();
  const waiting = userMessages(page, 'What is the minimum order quantity?');
  await expect(waiting).toHaveAttribute('data-state', 'pending');

  await page.reload();
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toHaveAttribute('data-state', /pending|sending/);

  await page.unroute('**/api/chat/*/stream');
  await expect(waiting).toHaveAttribute('data-state', 'sent', { timeout: 20_000 });
  await expect(assistantMessages(page)).toHaveCount(1);
  expect(await storedQuestions(page)).toEqual(['What is the minimum order quantity?']);
});

test('the chat speaks Chinese, says when a card is missing, and fits a desktop', async ({
  page,
}) => {
  await openChat(page);
  await page.getByTestId('chat-language').selectOption('zh-CN');
  await expect(page.getByTestId('save-contact')).toContainText('保存联系人');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const answer = await ask(page, '公司有多少员工？');
  await expect(answer).toContainText('450');
  await expect(answer.getByTestId('source-thumbnail').first()).toBeVisible();
  await shot(page, 'chat-phone-zh-CN');
  await page.getByTestId('chat-language').selectOption('en');
  await expect(page.getByTestId('save-contact')).toContainText('Save contact');

  await page.goto('/chat/card/99999999');
  await expect(page.getByTestId('chat-not-found')).toBeVisible();
  await shot(page, 'chat-phone-not-found');
  await page.goto('/chat/card/abc/extra');
  await expect(page.getByTestId('not-found-short')).toBeVisible();
});

test('the company steps in: a live reply appears in the open chat', async ({ page, request }) => {
  const listening = page.waitForResponse((response) =>
    response.url().endsWith(`/api/chat/events/${cardId}`),
  );
  await openChat(page);
  await listening;
  const question = 'Can you ship samples to Lyon next week?';
  await ask(page, question);

  // The owner, signed in elsewhere, answers this visitor from the notification.
  const login = await request.post('/api/auth/login', {
    data: { username: owner.username, password: owner.password },
  });
  expect(login.status()).toBe(200);
  const notifications = (await (await request.get('/api/notifications')).json()) as {
    notifications: Array<{ customerId: number; message?: string }>;
  };
  const customerId = notifications.notifications.find((n) => n.message === question)?.customerId;
  expect(customerId).toBeTruthy();
  const reply = await request.post(`/api/visitor-sessions/${customerId}/reply`, {
    data: { message: 'Yes, we can send samples to Lyon next week. Li Wei' },
  });
  expect(reply.status()).toBe(200);

  const agent = page.locator('[data-testid="chat-message"][data-role="agent"]');
  await expect(agent).toContainText('Yes, we can send samples to Lyon next week.');
  await expect(agent).toContainText('Sales team');
  await shot(page, 'chat-phone-agent-reply');
});

test('the owner’s “test chat” link opens the visitor page on its own', async ({ page }) => {
  await loginByApi(page, owner);
  await page.goto('/my-cards');
  await page.getByTestId('card-test-chat').first().click();
  await expect(page).toHaveURL(new RegExp(`/chat/card/${cardId}$`));
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('chat-company')).toHaveText(COMPANY);
  // Loaded afresh: only the chat's stylesheet, not the app's, is on the page.
  const sheets = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="stylesheet"]')].map(
      (link) => new URL((link as HTMLLinkElement).href).pathname,
    ),
  );
  expect(sheets).toEqual([expect.stringMatching(/^\/assets\/chat\/chat-[\w-]+\.css$/)]);
});

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

  test('the chat is a centred column with the same actions', async ({ page }) => {
    await openChat(page);
    await ask(page, 'How long is the quality guarantee?');
    await expect(page.getByTestId('save-contact')).toBeVisible();
    await page.getByTestId('chat-input').fill('Which certifications do you have?');
    await page.getByTestId('chat-input').press('Enter');
    await expect(assistantMessages(page)).toHaveCount(2);
    await expect(assistantMessages(page).nth(1)).toHaveAttribute('data-state', 'sent');
    await shot(page, 'chat-desktop');
  });
});
