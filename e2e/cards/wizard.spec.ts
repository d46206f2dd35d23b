import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { drawLogo, expect, newAccount, snap, test, verifyByApi } from '../support/fixtures.ts';

const HENGTAI = path.resolve('fixtures/hengtai');
const BAD = path.resolve('fixtures/bad');
const SAMPLE_DOCUMENTS = [
  'hengtai-catalogue.pdf',
  'hengtai-deck.pptx',
  'hengtai-faq.txt',
  'hengtai-label.png',
  'hengtai-profile.docx',
].map((name) => path.join(HENGTAI, name));

// These flows provoke refusals on purpose: files the server must turn down.
test.use({ expectedStatuses: [413, 415, 422] });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

/* One verified owner, signed in once, serves every test of this file. */
const OWNER_STATE = path.resolve('.tmp/e2e-cards-owner.json');

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  // A context of its own: the file's storage state does not exist yet.
  const context = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    storageState: { cookies: [], origins: [] },
  });
  const owner = newAccount({ organization: 'Hengtai Machinery' });
  const registered = await context.request.post('/api/auth/register', { data: owner });
  expect(registered.status()).toBe(201);
  await verifyByApi(context.request, owner.email, owner.password, { signOut: true });
  const login = await context.request.post('/api/auth/login', {
    data: { username: owner.username, password: owner.password },
  });
  expect(login.status()).toBe(200);
  await context.storageState({ path: OWNER_STATE });
  await context.close();
});

test.use({ storageState: OWNER_STATE });

/** Starts from an owner without cards, whatever ran before. */
async function removeAllCards(page: Page): Promise<void> {
  const cards = (await (await page.request.get('/api/business-cards')).json()) as Array<{
    id: number;
  }>;
  for (const card of cards) {
    const response = await page.request.delete(
      `/api/business-cards/${card.id}?deleteDocuments=true`,
    );
    expect(response.status()).toBe(200);
  }
}

/**
 * A screenshot for reviewers, taken from the top of the page (the top bar is sticky), after
 * checking that nothing sticks out sideways.
 */
async function shot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollWidth - window.innerWidth;
  });
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
  await snap(page, name);
}

/** Width and height from a PNG's IHDR chunk (bytes 16–19 and 20–23). */
async function pngSize(download: Download): Promise<{ width: number; height: number }> {
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function downloadCard(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-card').click(),
  ]);
  return download;
}

test('an owner builds a card from the sample documents, downloads it and manages it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await removeAllCards(page);

  // Step 1: company details. The shared schema's messages, in English, under the fields.
  await page.goto('/user-details');
  await expect(page.getByTestId('wizard-progress')).toContainText('Step 1 of 4');
  // Required fields are marked before anything is sent; the logo rule is the editor's.
  await expect(page.getByTestId('required-note')).toHaveText('Fields marked * are required.');
  for (const label of ['Your name', 'Company name', 'Phone', 'Website']) {
    await expect(page.getByLabel(label)).toHaveAttribute('aria-required', 'true');
  }
  await expect(page.getByLabel(/^Email/)).not.toHaveAttribute('aria-required', 'true');
  await expect(page.getByTestId('logo-input-hint')).toContainText(
    'PNG, JPG, GIF or WebP, up to 5 MB.',
  );
  await shot(page, 'user-details-desktop');
  await page.getByLabel('Your name').fill('A');
  await page.getByLabel('Company name').fill('H');
  await page.getByTestId('details-submit').click();
  await expect(page.getByText('Name must be at least 2 characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Company name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a contact phone number')).toBeVisible();
  await expect(page.getByText('Please enter the company website')).toBeVisible();
  await expect(page.getByText('Company logo is required')).toBeVisible();
  await shot(page, 'user-details-validation-desktop');

  await page.getByLabel('Your name').fill('Li Wei');
  await page.getByLabel('Company name').fill('Guangzhou Hengtai Precision Machinery Co., Ltd.');
  await page.getByLabel('Phone').fill('+86 20 8888 6666');
  await page.getByLabel('Website').fill('www.hengtai-machinery.example');
  await page.getByLabel(/Address/).fill('88 Kexue Avenue, Huangpu District, Guangzhou');
  await page.getByTestId('logo-input').setInputFiles(await drawLogo(page));
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await page.getByTestId('details-submit').click();

  // Step 2: the five sample documents, each with its upload progress and then its status.
  await expect(page).toHaveURL(/\/document-upload\/\d+\?businessCardId=\d+$/);
  const cardId = Number(new URL(page.url()).searchParams.get('businessCardId'));
  await expect(page.getByTestId('wizard-progress')).toContainText('50%');
  await page.getByTestId('upload-next').click();
  await expect(page.getByTestId('upload-error')).toHaveText('Please upload at least one document');

  await page.getByTestId('upload-input').setInputFiles(SAMPLE_DOCUMENTS);
  const items = page.getByTestId('upload-item');
  await expect(items).toHaveCount(5);
  await expect(page.locator('[data-testid="upload-item"][data-status="ready"]')).toHaveCount(5, {
    timeout: 120_000,
  });
  await expect(page.getByTestId('upload-summary')).toContainText('5 of 5 documents ready');
  await shot(page, 'document-upload-desktop');

  // A program named .docx is refused with a reason a person understands.
  await page.getByTestId('upload-input').setInputFiles(path.join(BAD, 'program.docx'));
  const refused = page.locator('[data-testid="upload-item"][data-name="program.docx"]');
  await expect(refused).toHaveAttribute('data-status', /failed|rejected/);
  await expect(refused.getByTestId('upload-item-error')).not.toBeEmpty();
  const reason = (await refused.getByTestId('upload-item-error').textContent()) ?? '';
  expect(reason).not.toMatch(/^\d{3}:/);
  await shot(page, 'document-upload-error-desktop');
  await refused.getByTestId('upload-remove').click();
  await expect(items).toHaveCount(5);

  // Step 3: the model. This server has no key: the built-in assistant is the recommendation,
  // and a model that is not set up says so without naming any environment variable.
  await page.getByTestId('upload-next').click();
  await expect(page).toHaveURL(new RegExp(`/ai-model-selection/\\d+\\?businessCardId=${cardId}$`));
  await expect(page.getByTestId('wizard-progress')).toContainText('75%');
  await expect(page.getByTestId('recommended-badge')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByTestId('model-option-local').getByTestId('recommended-badge'),
  ).toBeVisible();
  await expect(page.getByTestId('model-option-local')).toHaveAttribute('data-selected', 'true');
  // The analysis is shown once, on the next step; no percentage here.
  await expect(page.getByTestId('analysis-summary')).toHaveCount(0);
  await expect(page.getByText(/confidence|accuracy/i)).toHaveCount(0);
  await expect(page.getByTestId('model-confirmation')).toBeVisible();
  await expect(page.getByTestId('model-engine-explanation')).toContainText('built-in engine');
  await expect(page.getByTestId('model-readiness-qwen')).toHaveText(
    'Not set up on this server — ask your administrator.',
  );
  await page.getByTestId('model-option-ollama').click();
  await expect(page.getByTestId('model-not-set-up')).toContainText('ask your administrator');
  await expect(page.locator('main')).not.toContainText(/_API_KEY|_BASE_URL/);
  await shot(page, 'ai-model-selection-not-set-up-desktop');
  await page.getByTestId('model-option-local').click();
  await expect(page.getByTestId('model-not-set-up')).toHaveCount(0);
  await shot(page, 'ai-model-selection-desktop');
  await page.getByTestId('model-confirm').click();

  await expect(page).toHaveURL(new RegExp(`/analysis/\\d+\\?businessCardId=${cardId}$`));
  await expect(page.getByTestId('analysis-document-count')).toHaveText('5');
  await expect(page.getByTestId('analysis-facts')).toContainText('Li Wei');
  await expect(page.getByTestId('analysis-summary')).toBeVisible();
  await expect(page.getByTestId('analysis-selected-model')).toHaveText('Built-in assistant');
  await expect(page.getByRole('meter')).toHaveCount(0);
  await shot(page, 'analysis-desktop');
  await page.getByTestId('generate-card').click();

  // Step 4: the card, flipped, downloaded as a 960×576 card at 2× pixel ratio, in two templates.
  await expect(page).toHaveURL(new RegExp(`/result/${cardId}$`));
  const front = page.getByTestId('card-front');
  await expect(front).toHaveAttribute('data-template', 'modern');
  await expect(front.getByTestId('card-logo')).toBeAttached();
  await expect(page.getByTestId('card-back').getByTestId('card-qr')).toBeAttached();
  await expect(page.getByTestId('info-documents')).toHaveText('5');
  await expect(page.getByTestId('download-card')).toBeEnabled();
  await shot(page, 'result-modern-desktop');

  await page.getByTestId('flip-card').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('flip-card')).toHaveAttribute('data-flipped', 'true');
  await expect(page.getByTestId('card-back')).toContainText('Scan to Connect');
  await page.waitForTimeout(800);
  await shot(page, 'result-back-desktop');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('flip-card')).toHaveAttribute('data-flipped', 'false');

  const modern = await downloadCard(page);
  expect(modern.suggestedFilename()).toBe(`business-card-modern-${cardId}.png`);
  expect(await pngSize(modern)).toEqual({ width: 1920, height: 1152 });
  await modern.saveAs(path.resolve('e2e/artifacts/download-modern.png'));

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/business-cards/${cardId}`) &&
      response.request().method() === 'PUT',
  );
  await page.getByTestId('template-option-chinese').click();
  expect((await saved).status()).toBe(200);
  await expect(front).toHaveAttribute('data-template', 'chinese');
  await expect(page.getByTestId('info-template')).toHaveText('Chinese style');
  await page.waitForTimeout(800);
  await shot(page, 'result-chinese-desktop');
  const chinese = await downloadCard(page);
  expect(chinese.suggestedFilename()).toBe(`business-card-chinese-${cardId}.png`);
  expect(await pngSize(chinese)).toEqual({ width: 1920, height: 1152 });
  await chinese.saveAs(path.resolve('e2e/artifacts/download-chinese.png'));

  await page.reload();
  await expect(page.getByTestId('card-front')).toHaveAttribute('data-template', 'chinese');

  // Every template, front face, for reviewers.
  for (const template of ['minimal', 'gradient', 'corporate', 'tech', 'chinese', 'modern']) {
    await page.getByTestId(`template-option-${template}`).click();
    await expect(page.getByTestId('card-front')).toHaveAttribute('data-template', template);
    await page.getByTestId('card-front').screenshot({
      path: path.resolve(`e2e/artifacts/card-${template}-front.png`),
    });
  }
  await expect(page.getByTestId('info-template')).toHaveText('Modern');

  // My cards: stats, the template edit that persists, the share dialog and the delete.
  await page.goto('/my-cards');
  const tile = page.locator(`[data-testid="card-tile"][data-card-id="${cardId}"]`);
  await expect(tile).toBeVisible();
  await expect(page.getByTestId('stat-total')).toHaveText('1');
  await expect(page.getByTestId('stat-documents')).toHaveText('5');
  await expect(page.getByTestId('stat-new-this-week')).toHaveText('1');
  await expect(page.getByTestId('stat-status')).toHaveText('Active');
  await shot(page, 'my-cards-desktop');

  await tile.getByTestId('card-edit').click();
  const dialog = page.getByTestId('edit-dialog');
  await dialog.getByTestId('template-option-tech').click();
  await shot(page, 'my-cards-edit-dialog-desktop');
  await dialog.getByTestId('edit-save').click();
  await expect(page.getByTestId('toast')).toContainText('Card updated');
  await expect(tile).toHaveAttribute('data-template', 'tech');
  await page.reload();
  await expect(tile).toHaveAttribute('data-template', 'tech');
  await expect(tile.getByTestId('card-template-name')).toHaveText('Tech');

  await tile.getByTestId('card-share').click();
  const share = page.getByTestId('share-dialog');
  await expect(share.getByTestId('share-linkedin')).toHaveAttribute('href', /linkedin\.com/);
  await expect(share.getByTestId('share-weibo')).toHaveAttribute('href', /weibo\.com/);
  await expect(share.getByTestId('share-mail')).toHaveAttribute('href', /^mailto:/);
  await share.getByTestId('share-wechat').click();
  await expect(share.getByTestId('share-wechat-hint')).toBeVisible();
  await shot(page, 'my-cards-share-dialog-desktop');
  await page.keyboard.press('Escape');

  await tile.getByTestId('card-delete').click();
  await expect(page.getByTestId('delete-dialog')).toContainText(
    'Are you sure you want to delete this business card? This action cannot be undone.',
  );
  await shot(page, 'my-cards-delete-dialog-desktop');
  const deleted = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/business-cards/${cardId}?deleteDocuments=true`) &&
      response.request().method() === 'DELETE',
  );
  await page.getByTestId('confirm-delete-card').click();
  expect((await deleted).status()).toBe(200);
  await expect(tile).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('cards-empty')).toBeVisible();
  await expect(tile).toHaveCount(0);
  await shot(page, 'my-cards-empty-desktop');
});

test('the logo upload screen replaces the signed-in owner’s logo', async ({ page }) => {
  await page.goto('/logo-upload');
  await expect(page.getByTestId('logo-save')).toBeDisabled();
  await page.getByTestId('logo-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByTestId('toast')).toContainText('File format not supported');
  await expect(page.getByTestId('logo-save')).toBeDisabled();
  await page.getByTestId('logo-input').setInputFiles(await drawLogo(page));
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  await shot(page, 'logo-upload-desktop');
  await page.getByTestId('logo-save').click();
  await expect(page).toHaveURL(/\/my-cards$/);
  await expect(page.getByTestId('toast')).toContainText('Logo uploaded');
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(user.user.companyLogo).toMatch(/^\/api\/files\/logos\//);
});

test('long Chinese names wrap, then shrink, inside every template', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'zh-CN'));
  const created = await page.request.post('/api/business-cards', {
    multipart: {
      template: 'chinese',
      includeQR: 'true',
      companyName: '广州恒泰精密机械制造有限公司国际贸易与海外市场拓展事业部',
      contactName: '欧阳娜娜',
      email: 'overseas.sales.department@hengtai-precision-machinery.example.com',
      phone: '+86 20 8888 6666 转 8001',
      website: 'https://www.hengtai-precision-machinery.example.com/zh-cn/products',
      address: '广东省广州市黄埔区科学大道88号恒泰科技园A座12楼',
    },
  });
  expect(created.status()).toBe(201);
  const card = (await created.json()) as { id: number };
  // The result page shows finished cards (a draft goes back into the wizard).
  expect(
    (await page.request.post(`/api/business-cards/${card.id}/finalize`, { data: {} })).status(),
  ).toBe(200);

  await page.goto(`/result/${card.id}`);
  await expect(page.getByTestId('card-front')).toHaveAttribute('data-template', 'chinese');
  await expect(page.getByTestId('card-back')).toContainText('扫码联系我');
  for (const template of ['modern', 'minimal', 'gradient', 'corporate', 'chinese', 'tech']) {
    await page.getByTestId(`template-option-${template}`).click();
    const front = page.getByTestId('card-front');
    await expect(front).toHaveAttribute('data-template', template);
    // Every line of text stays inside the 960×576 card, on both faces.
    for (const face of ['card-front', 'card-back']) {
      const outside = await page.getByTestId(face).evaluate((svg) =>
        [...svg.querySelectorAll('text')]
          .map((text) => ({ text: text.textContent ?? '', box: text.getBBox() }))
          .filter(
            ({ box }) =>
              box.x < 0 || box.y < 0 || box.x + box.width > 960 || box.y + box.height > 576,
          )
          .map(({ text }) => text),
      );
      expect(outside, `${template} ${face}`).toEqual([]);
    }
    await front.screenshot({ path: path.resolve(`e2e/artifacts/card-${template}-front-zh.png`) });
  }
  await page.getByTestId('flip-card').click();
  await page.waitForTimeout(800);
  await page.getByTestId('card-back').screenshot({
    path: path.resolve('e2e/artifacts/card-tech-back-zh.png'),
  });
  await shot(page, 'result-zh-CN-desktop');
});

test.describe('with a card that does not exist', () => {
  test.use({ expectedStatuses: [404] });

  test('wizard routes check their ids and the card session', async ({ page }) => {
    await page.goto('/document-upload/abc');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/ai-model-selection/12');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/document-upload/999999');
    await expect(page.getByTestId('missing-session')).toContainText(
      'Missing business card session. Please start over.',
    );
    await page.goto('/analysis');
    await expect(page.getByTestId('missing-session')).toBeVisible();
  });
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the card screens hold at 390 px', async ({ page }) => {
    test.setTimeout(120_000);

    await page.goto('/user-details');
    await expect(page.getByTestId('details-form')).toBeVisible();
    await shot(page, 'user-details-phone');

    // The landing's Start: a card session, then the upload page with the card id in the path.
    const session = await page.request.post('/api/business-card-session', { data: {} });
    expect(session.status()).toBe(201);
    const { businessCardId } = (await session.json()) as { businessCardId: number };
    await page.goto(`/document-upload/${businessCardId}`);
    await page
      .getByTestId('upload-input')
      .setInputFiles([
        path.join(HENGTAI, 'hengtai-faq.txt'),
        path.join(HENGTAI, 'hengtai-profile.docx'),
      ]);
    await expect(page.locator('[data-testid="upload-item"][data-status="ready"]')).toHaveCount(2, {
      timeout: 60_000,
    });
    await shot(page, 'document-upload-phone');

    await page.getByTestId('upload-next').click();
    await expect(page).toHaveURL(
      new RegExp(`/ai-model-selection/${businessCardId}\\?businessCardId=${businessCardId}$`),
    );
    await expect(page.getByTestId('recommended-badge')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'ai-model-selection-phone');
    await page.getByTestId('model-skip').click();
    await expect(page.getByTestId('analysis-document-count')).toHaveText('2');
    await shot(page, 'analysis-phone');
    await page.getByTestId('generate-card').click();
    await expect(page).toHaveURL(new RegExp(`/result/${businessCardId}$`));
    await expect(page.getByTestId('download-card')).toBeEnabled();
    await shot(page, 'result-phone');

    await page.goto('/my-cards');
    await expect(
      page.locator(`[data-testid="card-tile"][data-card-id="${businessCardId}"]`),
    ).toBeVisible();
    await shot(page, 'my-cards-phone');
  });
});
