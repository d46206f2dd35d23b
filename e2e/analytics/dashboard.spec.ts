import type { Browser, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/* The corporate dashboard and the analytics dashboard, from real visitors. */

const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';

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

/** A visitor's own browser scans the card, asks questions and maybe leaves details. */
async function visitor(
  browser: Browser,
  cardId: number,
  options: { userAgent: string; src: string; tz: string; questions: number; lead?: boolean },
) {
  const context = await browser.newContext({ baseURL: BASE_URL, userAgent: options.userAgent });
  const request = context.request;
  const info = await request.get(
    `/api/chat/session-info/${cardId}?src=${options.src}&tz=${encodeURIComponent(options.tz)}`,
  );
  expect(info.status()).toBe(200);
  for (let i = 0; i < options.questions; i++) {
    const answer = await request.post(`/api/chat/${cardId}`, {
      data: { message: `What is your MOQ for model ${i}?` },
      headers: { origin: BASE_URL },
    });
    expect(answer.status()).toBe(200);
  }
  if (options.lead) {
    const lead = await request.post(`/api/chat/${cardId}/lead`, {
      data: { name: 'Anna Buyer', email: 'anna@example.com', consent: true },
      headers: { origin: BASE_URL },
    });
    expect(lead.status()).toBe(200);
  }
  await context.close();
}

async function noHorizontalOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
}

test('an owner sees the empty state, then real visitors on both dashboards', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginByApi(page, await createVerifiedAccount(page));

  // Nobody has scanned yet: the page says what to do.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Visitor analytics' })).toBeVisible();
  await expect(page.getByTestId('analytics-empty')).toContainText('No visitors yet');
  await expect(page.getByTestId('analytics-empty')).toContainText('Share your QR code');
  await snap(page, 'analytics-empty-desktop');

  const valves = await finishedCard(page, 'Hengtai Valves');
  const pumps = await finishedCard(page, 'Hengtai Pumps');
  await visitor(browser, valves, {
    userAgent: IPHONE,
    src: 'qr',
    tz: 'Asia/Shanghai',
    questions: 2,
    lead: true,
  });
  await visitor(browser, valves, {
    userAgent: IPHONE,
    src: 'qr',
    tz: 'Europe/Berlin',
    questions: 1,
  });
  await visitor(browser, pumps, {
    userAgent: DESKTOP,
    src: 'poster',
    tz: 'America/New_York',
    questions: 1,
  });

  // Corporate dashboard: four tiles from the real figures.
  await page.goto('/corporate-dashboard');
  await expect(page.getByTestId('tile-visits')).toContainText('3');
  await expect(page.getByTestId('tile-cards')).toContainText('2');
  await expect(page.getByTestId('tile-conversion')).toContainText('33.3%');
  await expect(page.getByTestId('tile-engagement')).toContainText('100%');
  await expect(page.getByTestId('tile-visits')).toContainText('new');
  await expect(page.getByTestId('feature-video')).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('link', { name: /My cards \(2\)/ })).toHaveAttribute(
    'href',
    '/my-cards',
  );
  await noHorizontalOverflow(page, 'corporate dashboard');
  await snap(page, 'corporate-dashboard-desktop');

  // Keyboard: the analytics feature card is reachable and opens the analytics dashboard.
  await page
    .getByRole('link', { name: /^Visitor analytics/ })
    .first()
    .focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/analytics$/);

  await expect(page.getByTestId('kpi-visitors')).toContainText('3');
  await expect(page.getByTestId('kpi-messages')).toContainText('4');
  await expect(page.getByTestId('kpi-conversion')).toContainText('33.3%');
  await expect(page.getByTestId('traffic-sources')).toContainText('QR code');
  await expect(page.getByTestId('device-breakdown')).toContainText('Mobile');
  await expect(page.getByTestId('locations')).toContainText('China');
  await noHorizontalOverflow(page, 'analytics overview');
  await snap(page, 'analytics-overview-desktop');

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByTestId('sessions-table').locator('table')).toContainText('Hengtai Pumps');
  await page.getByRole('tab', { name: 'Traffic trend' }).click();
  // A real recharts chart: an SVG with one area per series.
  await expect(page.getByTestId('traffic-chart').locator('svg[role="application"]')).toBeVisible();
  await expect(page.getByTestId('traffic-chart').locator('.recharts-area')).toHaveCount(3);
  await expect(page.getByTestId('traffic-chart')).toContainText(
    'visitors: 3, messages: 4, leads: 1',
  );
  await snap(page, 'analytics-traffic-desktop');
  await page.getByRole('tab', { name: 'Card ranking' }).click();
  await expect(page.getByTestId('card-ranking').locator('li').first()).toContainText(
    'Hengtai Valves',
  );

  // 30 days: the period buttons refetch.
  await page.getByRole('button', { name: 'Past 30 days' }).click();
  await expect(page.getByRole('button', { name: 'Past 30 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // On a phone, in Chinese.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'zh-CN'));
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: '访客分析' })).toBeVisible();
  await expect(page.getByTestId('kpi-visitors')).toContainText('3');
  await noHorizontalOverflow(page, 'analytics on a phone');
  await snap(page, 'analytics-overview-phone');
  await page.getByRole('tab', { name: '流量趋势' }).click();
  await expect(page.getByTestId('traffic-chart').locator('.recharts-area')).toHaveCount(3);
  await snap(page, 'analytics-traffic-phone');
  await page.goto('/corporate-dashboard');
  await expect(page.getByTestId('tile-visits')).toContainText('3');
  await noHorizontalOverflow(page, 'corporate dashboard on a phone');
  await snap(page, 'corporate-dashboard-phone');
});
