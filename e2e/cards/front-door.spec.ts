import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  createVerifiedAccount,
  expect,
  loginByApi,
  snap,
  test,
  type Account,
} from '../support/fixtures.ts';

const FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');
const PHONE = { width: 390, height: 844 };

test.use({ expectedStatuses: [404] });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function newDraft(page: Page, fields: Record<string, string> = {}): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  expect(session.status()).toBe(201);
  const id = ((await session.json()) as { businessCardId: number }).businessCardId;
  if (Object.keys(fields).length > 0) {
    expect((await page.request.put(`/api/business-cards/${id}`, { data: fields })).status()).toBe(
      200,
    );
  }
  return id;
}

async function addFaq(page: Page, cardId: number) {
  const upload = await page.request.post('/api/documents', {
    multipart: {
      businessCardId: String(cardId),
      documents: { name: 'hengtai-faq.txt', mimeType: 'text/plain', buffer: await readFile(FAQ) },
    },
  });
  expect(upload.status()).toBe(201);
}

async function loginThroughForm(page: Page, account: Account) {
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Every visible piece of text on the page, HTML or inside a card SVG, in CSS pixels. */
async function smallestTextPx(page: Page): Promise<{ size: number; text: string }> {
  return page.evaluate(() => {
    let smallest = { size: Infinity, text: '' };
    const note = (size: number, text: string) => {
      if (size < smallest.size) smallest = { size, text };
    };
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (element.closest('svg')) continue;
      const own = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!own || element.closest('[aria-hidden="true"], .sr-only')) continue;
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (rect.width === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      note(parseFloat(style.fontSize), element.textContent?.trim().slice(0, 30) ?? '');
    }
    for (const text of document.querySelectorAll<SVGTextElement>('svg text')) {
      const svg = text.ownerSVGElement!;
      const shown = svg.getBoundingClientRect().width;
      if (shown === 0 || getComputedStyle(text).visibility === 'hidden') continue;
      // Only the face in front counts (the flip card hides the other with backface-visibility).
      const scale = shown / svg.viewBox.baseVal.width;
      note(parseFloat(text.getAttribute('font-size') ?? '16') * scale, text.textContent ?? '');
    }
    return smallest;
  });
}

test('signed out, a private page goes to login and comes back after it', async ({ page }) => {
  const account = await createVerifiedAccount(page);
  await page.goto('/my-cards');
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-cards$/);
  await loginThroughForm(page, account);
  await expect(page).toHaveURL(/\/my-cards$/);
  await expect(page.getByRole('heading', { name: `Hello, ${account.username}` })).toBeVisible();
});

test('login goes to /my-cards, or to the next page on this site only', async ({ page }) => {
  const account = await createVerifiedAccount(page);
  // A new account first gets the getting-started guide, until its welcome is answered.
  await page.goto('/login');
  await loginThroughForm(page, account);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByTestId('onboarding-welcome').getByRole('button', { name: 'Later' }).click();
  await page.request.post('/api/logout');
  await page.goto('/login');
  await loginThroughForm(page, account);
  await expect(page).toHaveURL(/\/my-cards$/);

  await page.request.post('/api/logout');
  await page.goto('/login?next=%2Fuser-management%3Ftab%3Dprofile');
  await loginThroughForm(page, account);
  await expect(page).toHaveURL(/\/user-management\?tab=profile$/);

  await page.request.post('/api/logout');
  await page.goto('/login?next=%2F%2Fevil.example%2Fphish');
  await loginThroughForm(page, account);
  await expect(page).toHaveURL(/localhost:\d+\/my-cards$/);
});

test('drafts are listed apart and Continue reopens the wizard where it stopped', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page);
  await loginByApi(page, account);
  const noDocuments = await newDraft(page, { companyName: 'Draft Without Files' });
  const withDocuments = await newDraft(page, { companyName: 'Draft With Files' });
  await addFaq(page, withDocuments);
  const finished = await newDraft(page, { companyName: 'Finished Hengtai' });
  await page.request.post(`/api/business-cards/${finished}/finalize`, { data: {} });

  await page.goto('/my-cards');
  const drafts = page.getByTestId('draft-tile');
  await expect(drafts).toHaveCount(2);
  await expect(page.getByTestId('card-tile')).toHaveCount(1);
  // A draft has no share link, chat or QR code: only Continue (and delete).
  const draftSection = page.getByTestId('draft-section');
  await expect(draftSection.getByTestId('card-share')).toHaveCount(0);
  await expect(draftSection.getByTestId('qr-pdf')).toHaveCount(0);
  // The finished card has its print files and public page.
  const tile = page.getByTestId('card-tile');
  await expect(tile.getByTestId('qr-pdf')).toHaveAttribute(
    'href',
    `/api/business-cards/${finished}/qr.pdf`,
  );
  await expect(tile.getByTestId('card-public-page')).toHaveAttribute('href', `/card/${finished}`);
  await snap(page, 'my-cards-drafts-desktop');

  const noDocsTile = page.locator(`[data-testid="draft-tile"][data-card-id="${noDocuments}"]`);
  await expect(noDocsTile.getByTestId('draft-next-step')).toHaveText('Next: upload documents');
  await noDocsTile.getByTestId('draft-continue').click();
  await expect(page).toHaveURL(
    new RegExp(`/document-upload/\\d+\\?businessCardId=${noDocuments}$`),
  );

  await page.goto('/my-cards');
  const docsTile = page.locator(`[data-testid="draft-tile"][data-card-id="${withDocuments}"]`);
  await docsTile.getByTestId('draft-continue').click();
  await expect(page).toHaveURL(
    new RegExp(`/ai-model-selection/\\d+\\?businessCardId=${withDocuments}$`),
  );

  // A draft's result page sends the owner back into the wizard, not to "100 % complete".
  await page.goto(`/result/${noDocuments}`);
  await expect(page).toHaveURL(
    new RegExp(`/document-upload/\\d+\\?businessCardId=${noDocuments}$`),
  );
});

test('a missing or foreign result, an unknown path and a draft card page are not found', async ({
  page,
}) => {
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const draft = await newDraft(page, { companyName: 'Secret Draft' });
  await page.request.post('/api/logout');

  const stranger = await createVerifiedAccount(page);
  await loginByApi(page, stranger);
  await page.goto(`/result/${draft}`);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByText('100%')).toHaveCount(0);
  await page.goto('/result/99999999');
  await expect(page.getByTestId('not-found')).toBeVisible();

  const unknown = await page.goto('/no-such-page/at-all');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();
  const removed = await page.goto('/test-logout');
  expect(removed?.status()).toBe(404);
  await expect(page.getByTestId('not-found')).toBeVisible();

  await page.goto(`/card/${draft}`);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('a buyer reads the public card page, saves the contact and downloads a sharp image', async ({
    page,
    browser,
  }) => {
    const owner = await createVerifiedAccount(page);
    await loginByApi(page, owner);
    const id = await newDraft(page, {
      companyName: 'Foshan Hengtai Ceramics',
      contactPerson: 'Li Jiaxin',
      phone: '+86 757 8888 1234',
      email: 'sales@hengtai.example',
      website: 'https://hengtai.example',
      address: 'Nanzhuang, Foshan, Guangdong',
    });
    expect(
      (await page.request.post(`/api/business-cards/${id}/finalize`, { data: {} })).status(),
    ).toBe(200);

    // The owner's list at 390 px: no tiny labels on the card preview.
    await page.goto('/my-cards');
    await expect(page.getByTestId('card-tile')).toHaveCount(1);
    await expect(page.locator('[data-testid="card-tile"] svg text').first()).toBeAttached();
    const ownerSmallest = await smallestTextPx(page);
    expect(ownerSmallest.size, ownerSmallest.text).toBeGreaterThanOrEqual(12);

    // The buyer: another phone, not signed in.
    const buyerContext = await browser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      acceptDownloads: true,
    });
    const buyer = await buyerContext.newPage();
    await buyer.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    await buyer.goto(`/card/${id}`);
    await expect(buyer.getByTestId('public-card')).toBeVisible();
    await expect(buyer.getByRole('heading', { name: 'Foshan Hengtai Ceramics' })).toBeVisible();
    await expect(buyer.getByTestId('card-front')).toBeVisible();
    await expect(buyer.getByTestId('public-card-contact')).toContainText('+86 757 8888 1234');
    await expect(buyer.getByTestId('public-card-chat')).toHaveAttribute(
      'href',
      new RegExp(`/chat/card/${id}\\?src=link$`),
    );
    await expect(buyer.getByTestId('public-card-download')).toBeEnabled();
    const smallest = await smallestTextPx(buyer);
    expect(smallest.size, smallest.text).toBeGreaterThanOrEqual(12);
    await snap(buyer, 'public-card-phone');

    // Save contact: the vCard.
    const [vcard] = await Promise.all([
      buyer.waitForEvent('download'),
      buyer.getByTestId('public-card-save-contact').click(),
    ]);
    const vcardText = await readFile((await vcard.path())!, 'utf8');
    expect(vcardText).toContain('BEGIN:VCARD');
    expect(vcardText).toContain('Foshan Hengtai Ceramics');

    // The card image at 2× pixel ratio: 1920×1152.
    const [image] = await Promise.all([
      buyer.waitForEvent('download'),
      buyer.getByTestId('public-card-download').click(),
    ]);
    expect(image.suggestedFilename()).toBe(`business-card-modern-${id}.png`);
    const png = await readFile((await image.path())!);
    expect(png.readUInt32BE(16)).toBe(1920);
    expect(png.readUInt32BE(20)).toBe(1152);
    await image.saveAs(path.resolve('e2e/artifacts/public-card-download.png'));

    // The back of the card.
    await buyer.getByTestId('card-front').click();
    await expect(buyer.getByTestId('card-back')).toBeVisible();
    await buyerContext.close();
  });

  test('the phone menu logs out', async ({ page }) => {
    const account = await createVerifiedAccount(page);
    await loginByApi(page, account);
    await page.goto('/my-cards');
    await page.getByTestId('mobile-menu-button').click();
    await snap(page, 'mobile-menu-signed-in-phone');
    await page.getByTestId('logout-mobile').click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});
