import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { firstLink, latestMailTo } from '../../src/server/test/mail-outbox.ts';
import { E2E_DATA_DIR } from '../../playwright.config.ts';

export { expect };

const SAMPLE_FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');

const ARTIFACTS = path.resolve('e2e/artifacts');

/** Statuses the browser reports as console errors that are expected answers, not defects. */
const ALWAYS_EXPECTED = [401, 403, 409, 429];

let counter = 0;
export function newAccount(overrides: Partial<Account> = {}): Account {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    username: `buyer${tag}`,
    email: `buyer${tag}@example.com`,
    password: 'Canton-Fair-2026',
    organization: 'Guangzhou Hengtai Machinery',
    ...overrides,
  };
}

export interface Account {
  username: string;
  email: string;
  password: string;
  organization: string;
}

/**
 * The link in the newest mail written to the outbox for an address (of the e2e server, or of
 * a server a spec started itself on `dataDir`). With `unlike`, waits for a mail whose link is
 * another one: mails leave in the background, so a later mail may not be written yet.
 */
export async function mailedLink(
  email: string,
  dataDir = E2E_DATA_DIR,
  unlike?: string,
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const mail = await latestMailTo(path.resolve(dataDir, 'mail'), email);
    const link = mail && firstLink(mail);
    if (link && link !== unlike) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${unlike ? 'newer ' : ''}mail for ${email}`);
}

/**
 * Verifies an address as its mailbox holder does: the newest link's token with the password
 * typed on the page. That signs the context in; `signOut` leaves it signed out as before.
 * `server` names another server than the e2e one: its origin and its DATA_DIR.
 */
export async function verifyByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  options: { signOut?: boolean; server?: { origin: string; dataDir: string } } = {},
): Promise<void> {
  const origin = options.server?.origin ?? '';
  const token = new URL(await mailedLink(email, options.server?.dataDir)).searchParams.get('token');
  const verified = await request.post(`${origin}/api/auth/verify-email`, {
    data: { token, password },
  });
  expect(verified.status()).toBe(200);
  if (options.signOut) expect((await request.post(`${origin}/api/auth/logout`)).status()).toBe(200);
}

/** Saves a screenshot of the page for reviewers: e2e/artifacts/<name>.png */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/**
 * Browser console errors fail the test, except the browser's own note about an expected 4xx
 * answer. A spec that provokes more refusals names them: test.use({ expectedStatuses: [415] }).
 */
export const test = base.extend<{ expectedStatuses: number[]; consoleGuard: void }>({
  expectedStatuses: [[], { option: true }],
  consoleGuard: [
    async ({ page, expectedStatuses }, use) => {
      const statuses = [...ALWAYS_EXPECTED, ...expectedStatuses].join('|');
      const expected = new RegExp(
        `Failed to load resource: the server responded with a status of (${statuses})`,
      );
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !expected.test(message.text()))
          problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(String(error)));
      await use();
      expect(problems, 'browser console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Registers and verifies through the API and the mailed link, as a user would. */
export async function createVerifiedAccount(page: Page, overrides: Partial<Account> = {}) {
  const account = newAccount(overrides);
  const response = await page.request.post('/api/auth/register', {
    data: account,
    headers: { 'x-language': 'en' },
  });
  expect(response.status()).toBe(201);
  await verifyByApi(page.request, account.email, account.password, { signOut: true });
  return account;
}

/** Logs in through the API; the browser context shares the cookie. */
export async function loginByApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(response.status()).toBe(200);
}

/**
 * A finished card of the signed-in owner holding the sample FAQ, processed (ready): what the
 * chat and owner-screen specs start from. Answers the card's id.
 */
export async function finishedCardWithFaq(
  page: Page,
  fields: Record<string, string>,
): Promise<number> {
  const created = await page.request.post('/api/business-cards', { multipart: fields });
  expect(created.status()).toBe(201);
  const cardId = ((await created.json()) as { id: number }).id;
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  await uploadUntilReady(page, cardId, 'hengtai-faq.txt', await readFile(SAMPLE_FAQ, 'utf8'));
  return cardId;
}

/** Uploads one document to the owner's card and waits until it is read (status ready). */
export async function uploadUntilReady(
  page: Page,
  cardId: number,
  name: string,
  content: string,
): Promise<void> {
  const form = new FormData();
  form.append('businessCardId', String(cardId));
  form.append('documents', new Blob([content], { type: 'text/plain' }), name);
  expect((await page.request.post('/api/documents', { multipart: form })).status()).toBe(201);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/business-cards/${cardId}/documents`);
        return ((await response.json()) as Array<{ status: string }>)[0]?.status;
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe('ready');
}

/** A company logo drawn in the browser: a blue disc with the initials, as a PNG upload. */
export async function drawLogo(
  page: Page,
): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 256;
    canvas.height = 256;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1E40AF';
    context.beginPath();
    context.arc(128, 128, 128, 0, Math.PI * 2);
    context.fill();
    context.fillStyle = '#FFFFFF';
    context.font = 'bold 110px sans-serif';
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    context.fillText('HT', 128, 136);
    return canvas.toDataURL('image/png');
  });
  return {
    name: 'hengtai-logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
  };
}
