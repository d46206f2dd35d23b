import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

const FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');
const BASE_URL = `http://localhost:${E2E_PORT}`;

// The conversation of a visitor who does not exist answers 404 on purpose.
test.use({ expectedStatuses: [404] });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
    // Record the desktop notifications and tones the page makes.
    const w = window as unknown as {
      __desktop: Array<{ title: string; body: string | undefined }>;
      __tones: number[];
    };
    w.__desktop = [];
    w.__tones = [];
    const Original = window.Notification;
    if (Original) {
      class Recording extends Original {
        constructor(title: string, options?: NotificationOptions) {
          w.__desktop.push({ title, body: options?.body });
          super(title, options);
        }
      }
      window.Notification = Recording as typeof Notification;
    }
    const setValueAtTime = AudioParam.prototype.setValueAtTime;
    AudioParam.prototype.setValueAtTime = function (value: number, time: number) {
      if (value === 800) w.__tones.push(value);
      return setValueAtTime.call(this, value, time);
    };
  });
});

/** A card built from the sample FAQ through the API, waited on until its document is ready. */
async function cardFromFaq(page: Page): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  expect(session.status()).toBe(201);
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  const named = await page.request.put(`/api/business-cards/${cardId}`, {
    data: { companyName: 'Hengtai Ceramics' },
  });
  expect(named.status()).toBe(200);
  // Visitors reach only finished cards.
  const finished = await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} });
  expect(finished.status()).toBe(200);
  const upload = await page.request.post('/api/documents', {
    multipart: {
      businessCardId: String(cardId),
      documents: { name: 'hengtai-faq.txt', mimeType: 'text/plain', buffer: await readFile(FAQ) },
    },
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/business-cards/${cardId}/documents`);
        const documents = (await response.json()) as Array<{ status: string }>;
        return documents.length > 0 && documents.every((d) => d.status === 'ready');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return cardId;
}

/** No part of the page sticks out sideways. */
async function expectNoOverflow(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
}

/** A full-page screenshot from the top (the top bar is sticky), after the overflow check. */
async function shot(page: Page, name: string): Promise<void> {
  await expectNoOverflow(page, name);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

const VISITOR_HEADERS = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8', 'x-language': 'en' };

async function visitorHistory(visitor: APIRequestContext, cardId: number) {
  const response = await visitor.get(`/api/chat/history/${cardId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { messages: Array<{ role: string; content: string }> })
    .messages;
}

test('a visitor writes, the owner hears it within a second, replies, and the visitor gets it', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const cardId = await cardFromFaq(page);

  // The owner at the booth: the bell is live and empty.
  await page.goto('/my-cards');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-connection', 'connected');
  await expect(bell).toHaveAttribute('data-unread', '0');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);
  await bell.click();
  await expect(page.getByTestId('notification-empty')).toContainText('No customer notifications');
  await expect(page.getByTestId('notification-empty-status')).toContainText('Listening');
  await expect(page.getByTestId('notification-connection')).toHaveText('Live');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notification-panel')).toHaveCount(0);
  await expect(bell).toBeFocused();

  // A buyer's phone: a context of its own, driven through the chat API.
  const visitorContext = await browser.newContext({ baseURL: BASE_URL, locale: 'de-DE' });
  const visitor = visitorContext.request;
  try {
    const opened = await visitor.get(`/api/chat/session-info/${cardId}?src=qr`, {
      headers: VISITOR_HEADERS,
    });
    expect(opened.status()).toBe(200);
    await expect(bell).toHaveAttribute('data-unread', '1', { timeout: 1000 });
    await expect(page.getByTestId('notification-badge')).toHaveText('1');

    const lead = await visitor.post(`/api/chat/${cardId}/lead`, {
      headers: VISITOR_HEADERS,
      data: {
        name: 'Anna Schmidt',
        company: 'Schmidt Fliesen GmbH',
        email: 'anna@schmidt-fliesen.example',
        phone: '+49 30 1234 5678',
        consent: true,
      },
    });
    expect(lead.status()).toBe(200);

    // The message is announced when it arrives, not after the answer: within a second.
    const question = 'Can we mix designs in one container?';
    const sending = visitor.post(`/api/chat/${cardId}`, {
      headers: VISITOR_HEADERS,
      data: { message: question },
    });
    await expect(bell).toHaveAttribute('data-unread', '2', { timeout: 1000 });
    expect((await sending).status()).toBe(200);
    await expect(page.getByTestId('notification-badge')).toHaveText('2');

    // Sound and desktop notification for each new one.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __tones: number[] }).__tones.length))
      .toBeGreaterThanOrEqual(2);
    const desktop = await page.evaluate(
      () => (window as unknown as { __desktop: Array<{ title: string; body?: string }> }).__desktop,
    );
    expect(desktop.map((d) => d.title)).toEqual(['New customer message', 'New customer message']);
    expect(desktop[1]?.body).toContain('Anna Schmidt');

    // The panel: one entry for the visitor's conversation (scan and message together), with its
    // fields and actions.
    await bell.click();
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(1);
    const message = items.nth(0);
    await expect(message.getByTestId('notification-unread-count')).toContainText('2');
    await expect(message.getByTestId('notification-name')).toHaveText('Anna Schmidt');
    await expect(message.getByTestId('notification-company')).toHaveText('Schmidt Fliesen GmbH');
    await expect(message.getByTestId('notification-location')).toHaveText('Germany');
    await expect(message.getByTestId('notification-message')).toHaveText(question);
    // The lead's priority in the sales pipeline, as last scored (when she left her details).
    await expect(message.getByTestId('notification-priority')).toContainText('Low');
    await expect(message.getByTestId('notification-status')).toHaveText('New');
    await expect(message.getByTestId('notification-call')).toHaveAttribute(
      'href',
      'tel:+493012345678',
    );
    await expect(page.getByTestId('notification-unread')).toHaveText('2 unread');
    await expect(page.getByTestId('notification-dashboard-link')).toHaveAttribute(
      'href',
      '/corporate-dashboard',
    );

    // Details: the lead the visitor left.
    await message.getByTestId('notification-details').click();
    await expect(message.getByTestId('notification-details')).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(message.getByTestId('notification-details-panel')).toContainText(
      'anna@schmidt-fliesen.example',
    );
    await expectNoOverflow(page, 'notification panel');
    await snap(page, 'notifications-panel-desktop');

    // Opening the details was a click on it: the whole conversation read, badge at 0.
    await expect(message).toHaveAttribute('data-status', 'acknowledged');
    await expect(bell).toHaveAttribute('data-unread', '0');

    // Phone size: the panel fits the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('notification-panel')).toBeVisible();
    await expectNoOverflow(page, 'notification panel (phone)');
    const box = await page.getByTestId('notification-panel').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await page.screenshot({
      path: path.resolve('e2e/artifacts/notifications-panel-phone.png'),
      animations: 'disabled',
    });
    await page.setViewportSize({ width: 1280, height: 800 });

    // All read already (one conversation): nothing left to mark; the server remembers it.
    await expect(page.getByTestId('notification-mark-all')).toBeDisabled();
    await expect(bell).toHaveAttribute('data-unread', '0');
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await page.reload();
    await expect(bell).toHaveAttribute('data-connection', 'connected');
    await expect(bell).toHaveAttribute('data-unread', '0');
    await bell.click();
    await expect(page.getByTestId('notification-item')).toHaveCount(1);
    await expect(page.getByTestId('notification-status').first()).toHaveText('Acknowledged');

    // Reply: the conversation view for this visitor.
    await page.getByTestId('notification-item').first().getByTestId('notification-reply').click();
    await expect(page).toHaveURL(/\/conversations\/\d+$/);
    await expect(page.getByTestId('conversation-title')).toHaveText(
      'Conversation with Anna Schmidt',
    );
    const messages = page.getByTestId('conversation-message');
    await expect(messages.first()).toHaveAttribute('data-role', 'user');
    await expect(messages.first()).toContainText(question);
    await expect(
      page.locator('[data-testid="conversation-message"][data-role="assistant"]'),
    ).toHaveCount(1);
    await expect(page.getByTestId('lead-card')).toContainText('Schmidt Fliesen GmbH');
    await expect(page.getByTestId('assistant-notice')).toBeVisible();

    // A second question arrives while the owner reads: the view refreshes by itself.
    const second = 'Do you offer installation?';
    expect(
      (
        await visitor.post(`/api/chat/${cardId}`, {
          headers: VISITOR_HEADERS,
          data: { message: second },
        })
      ).status(),
    ).toBe(200);
    await expect(page.locator('[data-role="user"]').filter({ hasText: second })).toHaveCount(1);
    await expect(page.locator('[data-role="assistant"]')).toHaveCount(2);
    // Being on the conversation reads its notifications.
    await expect(bell).toHaveAttribute('data-unread', '0');

    // Shift+Enter is a new line; Enter sends.
    const input = page.getByTestId('reply-input');
    await input.fill('Hello Anna, this is Li Wei at booth 12.1 C18.');
    await input.press('Shift+Enter');
    await input.pressSequentially('Yes: up to 5 designs per 20-foot container.');
    await expect(input).toHaveValue(
      'Hello Anna, this is Li Wei at booth 12.1 C18.\nYes: up to 5 designs per 20-foot container.',
    );
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(page.locator('[data-role="agent"]')).toContainText('booth 12.1 C18');

    // The visitor's history has the owner's reply.
    await expect
      .poll(async () => (await visitorHistory(visitor, cardId)).map((m) => m.role))
      .toContain('agent');
    const history = await visitorHistory(visitor, cardId);
    expect(history.find((m) => m.role === 'agent')?.content).toContain('20-foot container');

    // customer_handled: this visitor's conversation shows as responded.
    await bell.click();
    const statuses = page.getByTestId('notification-status');
    await expect(statuses).toHaveText(['Responded']);
    await page.keyboard.press('Escape');

    // The same panel in Simplified Chinese: priority labels 紧急/高/中/低, statuses.
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'zh-CN'));
    await page.reload();
    await expect(page.getByTestId('conversation-title')).toHaveText('与 Anna Schmidt 的对话');
    await expect(bell).toHaveAttribute('data-connection', 'connected');
    await bell.click();
    await expect(page.getByTestId('notification-status')).toHaveText(['已回复']);
    await expect(page.getByTestId('notification-name')).toHaveText('Anna Schmidt');
    await expect(page.getByTestId('notification-priority')).toContainText('低');
    await expect(page.getByTestId('notification-connection')).toHaveText('实时');
    await page.screenshot({
      path: path.resolve('e2e/artifacts/notifications-panel-zh-CN-desktop.png'),
      animations: 'disabled',
    });
    await page.keyboard.press('Escape');
    await page.evaluate(() => localStorage.setItem('selectedLanguage', 'en'));
    await page.reload();
    await expect(page.getByTestId('conversation-title')).toHaveText(
      'Conversation with Anna Schmidt',
    );

    // Screenshots once the "reply sent" toast is gone.
    await expect(page.getByText('Reply sent')).toHaveCount(0, { timeout: 10_000 });
    await shot(page, 'conversation-desktop');
    // On a phone the page scrolls and the reply box stays at the bottom of the screen.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoOverflow(page, 'conversation (phone)');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.locator('[data-role="agent"]').last().scrollIntoViewIfNeeded();
    await expect(page.getByTestId('reply-input')).toBeInViewport();
    await page.screenshot({
      path: path.resolve('e2e/artifacts/conversation-phone.png'),
      animations: 'disabled',
    });
  } finally {
    await visitorContext.close();
  }
});

test('the conversation of another owner’s visitor is not found', async ({ page }) => {
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  await page.goto('/conversations/987654');
  await expect(page.getByTestId('conversation-not-found')).toContainText('Conversation not found');
  await expect(page.getByRole('link', { name: 'Back to my cards' })).toBeVisible();
});

test('a signed-out visitor of the conversation view is sent to log in', async ({ page }) => {
  await page.goto('/conversations/1');
  await expect(page).toHaveURL(/\/login\?next=%2Fconversations%2F1$/);
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
});
