import type { Browser, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/* Push campaigns, from the owner's screen to a visitor's open chat. */

const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

// axe is injected as a script tag.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function finishedCard(page: Page, companyName: string): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  await page.request.put(`/api/business-cards/${cardId}`, { data: { companyName } });
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  return cardId;
}

/** A buyer's phone with the card's chat open (live stream connected). */
async function visitorWithChatOpen(browser: Browser, cardId: number) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    userAgent: IPHONE,
    viewport: PHONE,
    locale: 'en-US',
    bypassCSP: true,
  });
  await context.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  const page = await context.newPage();
  const connected = page.waitForResponse((r) => r.url().includes(`/api/chat/events/${cardId}`));
  await page.goto(`/chat/${cardId}?src=qr`);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  await connected;
  return { context, page };
}

test('the owner writes a campaign from a template, previews it and sends it', async ({
  page,
  browser,
}) => {
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const cardId = await finishedCard(page, 'Hengtai Pumps');
  // One buyer has scanned the card.
  const buyer = await browser.newContext({ baseURL: BASE_URL, userAgent: IPHONE });
  expect((await buyer.request.get(`/api/chat/session-info/${cardId}?src=qr`)).status()).toBe(200);

  await page.goto('/push-notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Push notifications' })).toBeVisible();
  await expect(page.getByTestId('campaigns-empty')).toBeVisible();
  const builtIn = page.getByTestId('template-list').getByRole('listitem').filter({
    hasText: 'Booth invitation',
  });
  await builtIn.getByRole('button', { name: 'Use' }).click();
  const editor = page.getByTestId('campaign-editor');
  await expect(editor.getByLabel('Title')).toHaveValue('Visit us at our booth today');
  await expect(page.getByTestId('campaign-preview')).toContainText('Visit us at our booth today');
  await expect(page.getByText('Reaches 1 visitor now')).toBeVisible();
  await editor.getByLabel('Campaign name').fill('Day 2 booth invitation');
  await editor.getByLabel('Title').fill('Live pump demo at 14:00');
  await expect(page.getByTestId('campaign-preview')).toContainText('Live pump demo at 14:00');
  await snap(page, 'campaigns-editor-desktop');

  await editor.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Sent to 1 visitor').first()).toBeVisible();
  const row = page.getByTestId('campaign-results').getByRole('row', { name: /Day 2 booth/ });
  await expect(row).toContainText('Sent');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');

  // A scheduled one waits in the list.
  await editor.getByLabel('Campaign name').fill('Last day reminder');
  await editor.getByLabel('Title').fill('Last day of the fair');
  await editor.getByLabel('Message').fill('We are at booth B12 until 17:00.');
  await editor.getByLabel('Send at (optional)').fill('2099-05-01T09:30');
  await editor.getByRole('button', { name: 'Schedule' }).click();
  await expect(
    page.getByTestId('campaign-results').getByRole('row', { name: /Last day reminder/ }),
  ).toContainText('Scheduled');

  // An own template: created, then listed as "Yours".
  await page.getByRole('button', { name: 'New template' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Template name').fill('Catalogue follow-up');
  await dialog.getByLabel('Title').fill('Your catalogue is ready');
  await dialog.getByLabel('Message').fill('Ask us for the printed 2026 catalogue.');
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page
      .getByTestId('template-list')
      .getByRole('listitem')
      .filter({ hasText: 'Catalogue follow-up' }),
  ).toContainText('Yours');

  await snap(page, 'campaigns-desktop');
  await expectNoAxeViolations(page, 'push notifications (desktop)', { soft: true });
  await page.setViewportSize(PHONE);
  await expect(page.getByRole('heading', { level: 1, name: 'Push notifications' })).toBeVisible();
  // Nothing wider than the phone: the results table scrolls inside its card.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
  await snap(page, 'campaigns-phone');
  await page.setViewportSize(DESKTOP);
  await buyer.close();
});

test('a visitor with the chat open sees the banner when the owner sends', async ({
  page,
  browser,
}) => {
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const cardId = await finishedCard(page, 'Aqualux Valves');
  const visitor = await visitorWithChatOpen(browser, cardId);

  await page.goto('/push-notifications');
  const editor = page.getByTestId('campaign-editor');
  await editor.getByLabel('Campaign name').fill('Samples');
  await editor.getByLabel('Title').fill('Free samples at booth C4');
  await editor.getByLabel('Message').fill('Pick up valve samples until 16:00 today.');
  await editor.getByLabel('Button text (optional)').fill('Directions');
  await editor.getByLabel('Button link (optional)').fill('https://example.com/hall-3');
  await editor.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText('Sent to 1 visitor').first()).toBeVisible();

  const banner = visitor.page.getByTestId('chat-announcement');
  await expect(banner).toContainText('Free samples at booth C4');
  await expect(banner.getByRole('link', { name: 'Directions' })).toHaveAttribute(
    'href',
    'https://example.com/hall-3',
  );
  await snap(visitor.page, 'campaigns-chat-banner-phone');
  await expectNoAxeViolations(visitor.page, 'chat with announcement (phone)', { soft: true });

  // Keyboard: the close button is reachable and dismisses it; the owner sees the dismissal.
  const close = banner.getByRole('button', { name: 'Dismiss announcement' });
  await close.focus();
  await visitor.page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect
    .poll(async () => {
      const response = await page.request.get('/api/push/campaigns');
      const { campaigns } = (await response.json()) as {
        campaigns: Array<{ name: string; dismissCount: number }>;
      };
      return campaigns.find((c) => c.name === 'Samples')?.dismissCount;
    })
    .toBe(1);

  // Reopening the chat: a dismissed announcement stays away.
  await visitor.page.reload();
  await expect(visitor.page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  await expect(visitor.page.getByTestId('chat-announcement')).toHaveCount(0);
  await visitor.context.close();

  await page.reload();
  const row = page.getByTestId('campaign-results').getByRole('row', { name: /Samples/ });
  await expect(row.getByRole('cell').nth(4)).toHaveText('1');
});
