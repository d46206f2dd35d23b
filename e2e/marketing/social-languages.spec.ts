import fs from 'node:fs';
import path from 'node:path';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  createVerifiedAccount,
  expect,
  loginByApi,
  snap,
  test,
  uploadUntilReady,
} from '../support/fixtures.ts';

/*
 * The social tab with English and Portuguese ticked, no language model configured, for the
 * pump maker of fixtures/pumps: the English post is written from its documents (its models,
 * not its capacity sentence), Portuguese is named as needing a provider with a link to the
 * model settings, never replaced by Chinese.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const PUMPS = path.join(process.cwd(), 'fixtures', 'pumps');

// axe is injected as an inline script.
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

test('a post in each language ticked; the ones that need a provider are named', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const owner = await createVerifiedAccount(page, {
    organization: 'Taizhou Qianbo Pump Co., Ltd.',
  });
  await loginByApi(page, owner);
  const created = await page.request.post('/api/business-cards', {
    multipart: { companyName: 'Taizhou Qianbo Pump Co., Ltd.', contactName: 'Chen Lixin' },
  });
  expect(created.status()).toBe(201);
  const cardId = ((await created.json()) as { id: number }).id;
  for (const name of ['profile-zh.txt', 'catalogue-en.txt', 'faq-en.txt']) {
    await uploadUntilReady(page, cardId, name, fs.readFileSync(path.join(PUMPS, name), 'utf8'));
  }

  await page.setViewportSize(DESKTOP);
  await page.goto(`/advanced-features/${cardId}`);
  await page.getByRole('tab', { name: 'Social media' }).click();
  const panel = page.getByTestId('social-panel');
  await expect(panel.getByTestId('social-language-en')).toBeChecked();
  await panel.getByTestId('social-language-pt').check();
  await panel.getByRole('button', { name: 'Generate post' }).click();

  const english = panel.getByTestId('social-post-en');
  await expect(english).toContainText('Taizhou Qianbo Pump Co., Ltd.');
  await expect(english).toContainText('QB60');
  await expect(english).not.toContainText('80万台');
  await expect(panel.getByTestId('social-post-pt')).toHaveCount(0);
  const notice = panel.getByTestId('provider-notice');
  await expect(notice).toContainText('Not written: Português');
  await expect(notice.getByRole('link')).toHaveAttribute('href', /\/ai-model-selection\//u);
  // The header sticks: a full-page picture is taken from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'social-languages-en-pt-desktop');

  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'social-languages-en-pt-phone');
  await expectNoAxeViolations(page, 'social tab, languages (phone)', { soft: true });

  // No language ticked: the form says so and sends nothing.
  await page.setViewportSize(DESKTOP);
  await panel.getByTestId('social-language-en').uncheck();
  await panel.getByTestId('social-language-pt').uncheck();
  await panel.getByRole('button', { name: 'Generate post' }).click();
  await expect(panel.getByRole('alert')).toContainText('Tick at least one language.');
});

test('a generated palette is applied to the card and its posters in one step', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await createVerifiedAccount(page, { organization: 'Foshan Hengtai Ceramics' });
  await loginByApi(page, owner);
  const created = await page.request.post('/api/business-cards', {
    multipart: { companyName: 'Foshan Hengtai Ceramics Co., Ltd.', contactName: 'Li Jiaxin' },
  });
  const cardId = ((await created.json()) as { id: number }).id;
  await page.setViewportSize(DESKTOP);
  await page.goto(`/advanced-features/${cardId}`);
  await page.getByLabel('Company description').fill('We make porcelain tiles for hotels');
  await page.getByTestId('generate-palette').click();
  const first = page.getByTestId('palette-card').first();
  const primary = (await first.locator('.font-mono').first().textContent())!.trim();
  await first.getByTestId('apply-palette').click();
  await expect(page.getByTestId('toast')).toContainText(
    'Applied to Foshan Hengtai Ceramics Co., Ltd.',
  );
  await snap(page, 'palette-applied-desktop');
  const card = await (await page.request.get(`/api/business-cards/${cardId}`)).json();
  expect(String(card.primaryColor).toLowerCase()).toBe(primary);
});
