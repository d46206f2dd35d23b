import { createRequire } from 'node:module';
import path from 'node:path';
import { Canvas, GlobalFonts } from '@napi-rs/canvas';
import type { Browser, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/* The sales pipeline screen, from a real visitor's conversation. */

const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const require = createRequire(import.meta.url);
const FONT = path.join(
  path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json')),
  '400Regular/NotoSansSC_400Regular.ttf',
);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

/** A paper business card as a phone photographs it: dark text on white. */
function paperCardPhoto(lines: string[]) {
  GlobalFonts.registerFromPath(FONT, 'Noto Sans SC');
  const canvas = new Canvas(1400, 120 + lines.length * 90);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111111';
  g.font = '52px "Noto Sans SC"';
  lines.forEach((line, i) => g.fillText(line, 60, 100 + i * 90));
  return { name: 'paper-card.png', mimeType: 'image/png', buffer: canvas.toBuffer('image/png') };
}

async function finishedCard(page: Page, companyName: string): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  await page.request.put(`/api/business-cards/${cardId}`, { data: { companyName } });
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  return cardId;
}

/** A buyer's own phone scans the card, asks about price and MOQ, and leaves the lead form. */
async function buyerChats(browser: Browser, cardId: number) {
  const context = await browser.newContext({ baseURL: BASE_URL, userAgent: IPHONE });
  const request = context.request;
  const info = await request.get(`/api/chat/session-info/${cardId}?src=qr&tz=Europe%2FBerlin`);
  expect(info.status()).toBe(200);
  for (const message of [
    'What is the price per unit for 500 pieces?',
    'What is your MOQ for the stainless valves?',
    'Can you send samples to Germany?',
  ]) {
    const answer = await request.post(`/api/chat/${cardId}`, {
      data: { message },
      headers: { origin: BASE_URL },
    });
    expect(answer.status()).toBe(200);
  }
  const lead = await request.post(`/api/chat/${cardId}/lead`, {
    data: {
      name: 'Anna Schmidt',
      company: 'Schmidt Fliesen GmbH',
      email: 'anna@schmidt-fliesen.example',
      consent: true,
    },
    headers: { origin: BASE_URL },
  });
  expect(lead.status()).toBe(200);
  await context.close();
}

async function noHorizontalOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
}

/** No raw i18n key (pipeline.xxx) is visible anywhere on the page. */
async function noRawKeys(page: Page, name: string) {
  const text = await page.locator('main').innerText();
  expect(text, `${name} shows an untranslated key`).not.toMatch(/\bpipeline\.[a-zA-Z]/);
}

/** Each tab, its screenshot name, and what shows once its data has loaded. */
const TABS = [
  ['Leads', 'leads', (page: Page) => page.getByTestId('lead-card').first()],
  ['Tasks', 'tasks', (page: Page) => page.getByTestId('task').first()],
  ['Analytics', 'analytics', (page: Page) => page.getByTestId('funnel')],
  ['Scan a paper card', 'scan', (page: Page) => page.getByTestId('scan-form')],
  ['Settings', 'settings', (page: Page) => page.getByRole('button', { name: 'Save webhook' })],
] as const;

/** Screenshots of every tab at the current viewport. */
async function snapTabs(page: Page, size: 'desktop' | 'phone') {
  for (const [tab, slug, loaded] of TABS) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(loaded(page)).toBeVisible();
    await expect(page.locator('main').getByRole('status')).toHaveCount(0);
    await noHorizontalOverflow(page, `${tab} (${size})`);
    await noRawKeys(page, `${tab} (${size})`);
    await snap(page, `pipeline-${slug}-${size}`);
  }
}

test('an owner works a chat lead and a paper card through the pipeline', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginByApi(page, await createVerifiedAccount(page));
  const cardId = await finishedCard(page, 'Hengtai Valves');

  // Before anyone scanned: the list says what will appear.
  await page.goto('/sales-pipeline');
  await expect(page.getByRole('heading', { level: 1, name: 'Sales pipeline' })).toBeVisible();
  await expect(page.getByText('No leads yet.')).toBeVisible();

  await buyerChats(browser, cardId);

  // The lead, scored from what the buyer really asked.
  await page.reload();
  const lead = page.getByTestId('lead-card').filter({ hasText: 'Anna Schmidt' });
  await expect(lead).toBeVisible();
  await expect(page.getByText('Leads: 1', { exact: true })).toBeVisible();
  await expect(lead).toContainText('Schmidt Fliesen GmbH');
  await expect(lead).toContainText('anna@schmidt-fliesen.example');
  await expect(lead).toContainText('Messages: 3');
  await expect(lead).toContainText('price');
  await expect(lead).toContainText('minimum order');
  await expect(lead).toContainText('samples');
  await expect(lead).toContainText('contact details');
  const score = Number((await lead.getByText(/^Score \d+$/).innerText()).replace(/\D/g, ''));
  expect(score).toBeGreaterThan(5);
  const stage = lead.getByRole('combobox', { name: 'Stage' });
  expect(['interested', 'qualified']).toContain(await stage.inputValue());

  // The owner's stage sticks after a reload.
  await stage.selectOption('converted');
  await expect(page.getByText('Saved', { exact: true }).first()).toBeVisible();
  await expect(lead).toContainText('set by hand');
  await page.reload();
  await expect(
    page
      .getByTestId('lead-card')
      .filter({ hasText: 'Anna Schmidt' })
      .getByRole('combobox', { name: 'Stage' }),
  ).toHaveValue('converted');

  // A task for the lead.
  await page
    .getByTestId('lead-card')
    .filter({ hasText: 'Anna Schmidt' })
    .getByRole('button', { name: 'Add task' })
    .click();
  const taskForm = page.getByTestId('task-form');
  await expect(taskForm).toContainText('Anna Schmidt');
  await taskForm.getByLabel('Title').fill('Send the quotation for 500 valves');
  await taskForm.getByLabel('Type').selectOption('quotation');
  await taskForm.getByRole('button', { name: 'Create task' }).click();
  await expect(page.getByText('Task created.').first()).toBeVisible();
  await expect(taskForm).toHaveCount(0);

  // Export links: the CSV really downloads the lead, with a BOM for Excel.
  const csvLink = page.getByRole('link', { name: 'Export CSV' });
  // The link names the interface language: the file's headers are written in it.
  await expect(csvLink).toHaveAttribute('href', '/api/sales-pipeline/leads.csv?lang=en');
  await expect(page.getByRole('link', { name: 'Export Excel' })).toHaveAttribute(
    'href',
    '/api/sales-pipeline/leads.xlsx?lang=en',
  );
  const download = page.waitForEvent('download');
  await csvLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await page.request.get('/api/sales-pipeline/leads.csv');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const csvBytes = await csv.body();
  expect([...csvBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(csvBytes.toString('utf8')).toContain('Anna Schmidt');
  const xlsx = await page.request.get('/api/sales-pipeline/leads.xlsx');
  expect(xlsx.status()).toBe(200);
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK');

  // The task is listed.
  await page.getByRole('tab', { name: 'Tasks' }).click();
  const task = page.getByTestId('task').filter({ hasText: 'Send the quotation for 500 valves' });
  await expect(task).toContainText('Quotation');
  await expect(task).toContainText('Anna Schmidt');

  // The funnel: one visitor, who became a lead and converted.
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const funnel = page.getByTestId('funnel');
  await expect(funnel).toContainText('Funnel');
  await expect(funnel.getByTestId('funnel-visitors')).toContainText('1');
  await expect(funnel.getByTestId('funnel-converted')).toContainText('1');

  // A paper card from the booth: photographed, read, checked, saved.
  await page.getByRole('tab', { name: 'Scan a paper card' }).click();
  const scan = page.getByTestId('scan-form');
  await scan
    .getByLabel('Photo of the card')
    .setInputFiles(
      paperCardPhoto([
        'Ningbo Aqualux Pump Co., Ltd.',
        'Li Wei',
        'Export Sales Manager',
        'Mobile: +86 138 1234 5678',
        'Email: li.wei@aqualux.com',
      ]),
    );
  await scan.getByRole('button', { name: 'Read the card' }).click();
  await expect(scan.getByText('Check the fields, then save the lead.')).toBeVisible({
    timeout: 60_000,
  });
  await expect(scan.getByLabel('Company')).toHaveValue(/Aqualux/);
  expect((await scan.getByLabel('Phone').inputValue()).replace(/\D/g, '')).toBe('8613812345678');
  // The owner corrects what OCR got wrong before confirming.
  await scan.getByLabel('Name').fill('Li Wei');
  await scan.getByLabel('Email').fill('li.wei@aqualux.com');
  await snap(page, 'pipeline-scan-read-desktop');
  await scan.getByRole('button', { name: 'Save lead' }).click();
  await expect(page.getByText('The lead joined the pipeline.').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Leads' }).click();
  const paper = page.getByTestId('lead-card').filter({ hasText: 'Li Wei' });
  await expect(paper).toContainText('Paper card');
  await expect(paper).toContainText('Aqualux');
  await expect(page.getByText('Leads: 2', { exact: true })).toBeVisible();

  // Every tab, on a desktop and on a phone.
  await page.setViewportSize(DESKTOP);
  await page.reload();
  await expect(page.getByTestId('lead-card')).toHaveCount(2);
  await snapTabs(page, 'desktop');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('lead-card')).toHaveCount(2);
  await snapTabs(page, 'phone');

  // The same screen in both Chinese scripts.
  for (const [language, title, leadsTab] of [
    ['zh-CN', '销售管道', '线索'],
    ['zh-TW', '銷售管道', '線索'],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem('selectedLanguage', lang), language);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('tab', { name: leadsTab })).toBeVisible();
    await expect(page.getByTestId('lead-card')).toHaveCount(2);
    await noRawKeys(page, language);
    await noHorizontalOverflow(page, language);
    await snap(page, `pipeline-leads-${language}-phone`);
  }
});
