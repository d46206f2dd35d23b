import type { Browser, Locator, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  createVerifiedAccount,
  expect,
  loginByApi,
  snap,
  test,
  type Account,
  finishedCardWithFaq,
} from '../support/fixtures.ts';

/*
 * axe-core (WCAG 2.1 AA and best practice) finds nothing on any main
 * owner screen — my cards, result, the wizard steps, red list, both dashboards, the sales
 * pipeline, a conversation with its takeover switch, the open notification panel and the
 * public card page — at phone and desktop size in English, Simplified and Traditional Chinese.
 * One owner with a finished card, documents, a red-list keyword and a visitor who chatted and
 * left details is built once; each language and size then walks every screen.
 */

const BASE_URL = `http://localhost:${E2E_PORT}`;
const SIZES = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;
const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
const COMPANY = 'Aoxin Pump Industry';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

// The app's CSP allows no inline script; axe is injected by the test, not by the app.
test.use({ bypassCSP: true });

let owner: Account;
let cardId = 0;
let customerId = 0;

/** A visitor's own phone scans the card, asks, and leaves details. */
async function visitorChats(cardId: number, browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE_URL, userAgent: IPHONE });
  const request = context.request;
  const headers = { origin: BASE_URL, 'x-language': 'en' };
  expect(
    (await request.get(`/api/chat/session-info/${cardId}?src=qr&tz=Europe%2FBerlin`)).status(),
  ).toBe(200);
  for (const message of ['Can we mix designs in one container?', 'What is the price for 500?'])
    expect(
      (await request.post(`/api/chat/${cardId}`, { data: { message }, headers })).status(),
    ).toBe(200);
  const lead = await request.post(`/api/chat/${cardId}/lead`, {
    data: {
      name: 'Anna Schmidt',
      company: 'Schmidt Fliesen GmbH',
      email: 'anna@schmidt.example',
      consent: true,
    },
    headers,
  });
  expect(lead.status()).toBe(200);
  await context.close();
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  owner = await createVerifiedAccount(page, { organization: COMPANY });
  await loginByApi(page, owner);
  cardId = await finishedCardWithFaq(page, {
    companyName: COMPANY,
    contactName: 'Wang Fang',
    phone: '+86 21 5555 1234',
    email: 'sales@aoxin.example',
    website: 'www.aoxin.example',
  });
  expect(
    (
      await page.request.post(`/api/business-cards/${cardId}/red-list`, {
        data: { keyword: 'price' },
      })
    ).status(),
  ).toBe(201);
  await visitorChats(cardId, browser);
  const notifications = (await (await page.request.get('/api/notifications')).json()) as {
    notifications: Array<{ customerId: number }>;
  };
  customerId = notifications.notifications[0]!.customerId;
  await context.close();
});

/** The interface language for every page of the test. */
async function useLanguage(page: Page, language: string) {
  await page.addInitScript((lang) => {
    localStorage.setItem('selectedLanguage', lang);
    localStorage.setItem('docucard.introSeen', '1');
  }, language);
}

interface Screen {
  name: string;
  path: () => string;
  /** Shows once the screen has its data (nothing left loading). */
  ready: (page: Page) => Locator;
  /** Brings the screen into the state to check (a panel opened…). */
  open?: (page: Page) => Promise<Locator>;
  /** Every tab of the screen's first tab list is checked too. */
  tabs?: boolean;
}

/** Waits until nothing in the page's main area still loads (spinner, skeleton, aria-busy). */
async function settled(page: Page, where: string) {
  await expect(
    page.locator(
      'main [aria-busy="true"], main [class*="animate-spin"], main [class*="animate-pulse"]',
    ),
    where,
  ).toHaveCount(0, { timeout: 20_000 });
}

/** axe on the page as it is, and its screenshot in Traditional Chinese. */
async function check(page: Page, where: string, shot: string | null) {
  // Soft: one run reports every screen's violations, not only the first screen's.
  await expectNoAxeViolations(page, where, { soft: true });
  if (shot) await snap(page, shot);
}

const SCREENS: Screen[] = [
  {
    name: 'my-cards',
    path: () => '/my-cards',
    ready: (page) => page.getByTestId('card-tile').first(),
  },
  {
    name: 'notifications',
    path: () => '/my-cards',
    ready: (page) => page.getByTestId('notification-bell'),
    open: async (page) => {
      await expect(page.getByTestId('notification-bell')).toHaveAttribute(
        'data-connection',
        'connected',
      );
      await page.getByTestId('notification-bell').click();
      return page.getByTestId('notification-item').first();
    },
  },
  {
    name: 'result',
    path: () => `/result/${cardId}`,
    ready: (page) => page.getByTestId('card-front'),
  },
  {
    name: 'user-details',
    path: () => '/user-details',
    ready: (page) => page.getByTestId('details-submit'),
  },
  {
    name: 'document-upload',
    path: () => `/document-upload/${cardId}?businessCardId=${cardId}`,
    ready: (page) => page.locator('[data-testid="upload-item"][data-status="ready"]').first(),
  },
  {
    name: 'ai-model-selection',
    path: () => `/ai-model-selection/${cardId}?businessCardId=${cardId}`,
    ready: (page) => page.getByTestId('recommended-badge'),
  },
  {
    name: 'analysis',
    path: () => `/analysis/${cardId}?businessCardId=${cardId}`,
    ready: (page) => page.getByTestId('analysis-summary'),
  },
  {
    name: 'logo-upload',
    path: () => '/logo-upload',
    ready: (page) => page.getByTestId('logo-save'),
  },
  {
    name: 'red-list',
    path: () => `/red-list-management?businessCardId=${cardId}`,
    ready: (page) => page.getByTestId('red-list-subtitle'),
  },
  {
    name: 'corporate-dashboard',
    path: () => '/corporate-dashboard',
    ready: (page) => page.getByTestId('tile-visits'),
  },
  {
    name: 'analytics',
    tabs: true,
    path: () => '/analytics',
    ready: (page) => page.getByTestId('kpi-visitors'),
  },
  {
    name: 'sales-pipeline',
    tabs: true,
    path: () => '/sales-pipeline',
    ready: (page) => page.getByTestId('lead-card').first(),
  },
  {
    name: 'conversation',
    path: () => `/conversations/${customerId}`,
    ready: (page) => page.getByTestId('takeover'),
  },
  {
    name: 'public-card',
    path: () => `/card/${cardId}`,
    ready: (page) => page.getByTestId('public-card'),
  },
];

for (const language of LANGUAGES) {
  for (const size of SIZES) {
    test(`every owner screen has no axe violations (${size.name}, ${language})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size.viewport);
      await loginByApi(page, owner);
      await useLanguage(page, language);
      for (const screen of SCREENS) {
        const where = `${screen.name} (${size.name}, ${language})`;
        const shot = language === 'zh-TW' ? `a11y-${screen.name}-${size.name}-${language}` : null;
        await page.goto(screen.path());
        await expect(page.locator('h1').first(), where).toBeVisible();
        await expect(screen.ready(page), where).toBeVisible({ timeout: 30_000 });
        if (screen.open) await expect(await screen.open(page), where).toBeVisible();
        await settled(page, where);
        await check(page, where, shot);
        if (!screen.tabs) continue;
        const tabs = page.locator('main [role="tablist"]').first().getByRole('tab');
        const count = await tabs.count();
        expect(count, `${where}: tabs`).toBeGreaterThan(1);
        for (let index = 1; index < count; index += 1) {
          const tabWhere = `${screen.name} tab ${index + 1} (${size.name}, ${language})`;
          await tabs.nth(index).click();
          await expect(tabs.nth(index), tabWhere).toHaveAttribute('aria-selected', 'true');
          await expect(
            page.locator('main [role="tabpanel"][data-state="active"]'),
            tabWhere,
          ).toBeVisible();
          await settled(page, tabWhere);
          await check(page, tabWhere, shot && `${shot}-tab${index + 1}`);
        }
      }
    });
  }
}
