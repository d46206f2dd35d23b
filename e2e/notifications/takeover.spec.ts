import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/*
 * One bell entry per conversation, the owner takes a conversation
 * over and the visitor's phone shows that a person answers, and the visitor's photo reaches
 * the owner as a photo.
 */

const FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');
const LABEL = path.resolve('fixtures/hengtai/hengtai-label.png');
const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };
const VISITOR_HEADERS = { 'accept-language': 'de-DE,de;q=0.9', 'x-language': 'en' };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
});

async function cardFromFaq(page: Page): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
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

test('the bell shows one entry per conversation, with its unread count and last message', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginByApi(page, await createVerifiedAccount(page));
  const cardId = await cardFromFaq(page);
  await page.goto('/my-cards');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-connection', 'connected');

  const anna = await browser.newContext({ baseURL: BASE_URL });
  const ben = await browser.newContext({ baseURL: BASE_URL });
  try {
    await anna.request.get(`/api/chat/session-info/${cardId}?src=qr`, { headers: VISITOR_HEADERS });
    for (const message of [
      'What is the minimum order?',
      'Can we mix designs in one container?',
      'Do you offer installation?',
    ])
      await anna.request.post(`/api/chat/${cardId}`, {
        headers: VISITOR_HEADERS,
        data: { message },
      });
    await anna.request.post(`/api/chat/${cardId}/lead`, {
      headers: VISITOR_HEADERS,
      data: {
        name: 'Anna Schmidt',
        company: 'Schmidt Fliesen GmbH',
        email: 'anna@schmidt.example',
        consent: true,
      },
    });
    await ben.request.get(`/api/chat/session-info/${cardId}?src=link`, {
      headers: VISITOR_HEADERS,
    });
    await ben.request.post(`/api/chat/${cardId}`, {
      headers: VISITOR_HEADERS,
      data: { message: 'Hello, are you at the fair?' },
    });

    // Anna: a scan and 3 messages; Ben: a scan and 1 message.
    await expect(bell).toHaveAttribute('data-unread', '6');
    await bell.click();
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(2);
    const annaItem = items.filter({ hasText: 'Anna Schmidt' });
    await expect(annaItem.getByTestId('notification-unread-count')).toContainText('4');
    await expect(annaItem.getByTestId('notification-company')).toHaveText('Schmidt Fliesen GmbH');
    await expect(annaItem.getByTestId('notification-message')).toHaveText(
      'Do you offer installation?',
    );
    await expect(annaItem.getByTestId('notification-message-count')).toHaveText('3 messages');
    const benItem = items.filter({ hasText: 'Hello, are you at the fair?' });
    await expect(benItem.getByTestId('notification-unread-count')).toContainText('2');
    await snap(page, 'notifications-grouped-desktop');

    // Reading Anna's conversation reads all four of its events.
    await annaItem.getByTestId('notification-open').click();
    await expect(annaItem).toHaveAttribute('data-status', 'acknowledged');
    await expect(bell).toHaveAttribute('data-unread', '2');
    // Mark all read: Ben's too, and the server remembers it.
    await page.getByTestId('notification-mark-all').click();
    await expect(bell).toHaveAttribute('data-unread', '0');
    await page.reload();
    await expect(bell).toHaveAttribute('data-connection', 'connected');
    await expect(bell).toHaveAttribute('data-unread', '0');
  } finally {
    await anna.close();
    await ben.close();
  }
});

test('the owner takes over: the assistant falls silent, the visitor sees a person answering', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginByApi(page, await createVerifiedAccount(page));
  const cardId = await cardFromFaq(page);

  // The visitor's phone opens the chat and asks once: the assistant answers.
  const phone = await browser.newContext({ baseURL: BASE_URL, locale: 'en-US', viewport: PHONE });
  const visitor = await phone.newPage();
  try {
    await visitor.goto(`/chat/card/${cardId}?src=qr`);
    await visitor.getByTestId('chat-input').fill('What is the minimum order?');
    await visitor.getByTestId('chat-send').click();
    await expect(visitor.locator('[data-role="assistant"]').first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(visitor.getByTestId('chat-takeover-banner')).toHaveCount(0);

    // The owner opens the conversation and switches to answering in person.
    const customerId = (
      (await (await page.request.get('/api/notifications')).json()) as {
        notifications: Array<{ customerId: number }>;
      }
    ).notifications[0]!.customerId;
    await page.goto(`/conversations/${customerId}`);
    const toggle = page.getByRole('switch', { name: 'A person answers' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('takeover')).toContainText('Ends by itself at');

    // The visitor's page says so at once; their next message gets no assistant answer.
    await expect(visitor.getByTestId('chat-takeover-banner')).toHaveText(
      'A member of the team is answering',
    );
    const assistantAnswers = await visitor.locator('[data-role="assistant"]').count();
    await visitor.getByTestId('chat-input').fill('Can I get a discount for 3 containers?');
    await visitor.getByTestId('chat-send').click();
    await expect(
      page.locator('[data-role="user"]').filter({ hasText: '3 containers' }),
    ).toHaveCount(1);
    // A photo from the visitor reaches the owner as a photo.
    await visitor.getByTestId('chat-image-input').setInputFiles(LABEL);
    await visitor.getByTestId('chat-send').click();
    const photo = page.getByTestId('conversation-photo');
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // The owner replies; the visitor reads it live.
    await page.getByTestId('reply-input').fill('Yes: 3% from three containers. I am at booth C18.');
    await page.getByTestId('reply-input').press('Enter');
    await expect(
      visitor.getByTestId('chat-messages').getByText('Yes: 3% from three containers.'),
    ).toBeVisible();
    expect(await visitor.locator('[data-role="assistant"]').count()).toBe(assistantAnswers);
    await expect(page.getByText('Reply sent')).toHaveCount(0, { timeout: 10_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'conversation-takeover-desktop');
    await snap(visitor, 'chat-phone-takeover');

    // Handing back: the banner goes, the assistant answers again.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(visitor.getByTestId('chat-takeover-banner')).toHaveCount(0);
  } finally {
    await phone.close();
  }
});
