import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

// axe is injected by the test (the app's CSP allows no inline script).
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function ownerWithCard(page: Page, companyName: string): Promise<number> {
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const session = await page.request.post('/api/business-card-session', { data: {} });
  expect(session.status()).toBe(201);
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  const named = await page.request.put(`/api/business-cards/${cardId}`, {
    data: { companyName },
  });
  expect(named.status()).toBe(200);
  return cardId;
}

/** Screenshots at phone and desktop width, with no sideways scrolling and no axe findings. */
async function shots(page: Page, name: string): Promise<void> {
  for (const [size, width, height] of [
    ['desktop', 1280, 900],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    const overflow = await page.evaluate(() => {
      window.scrollTo(0, 0);
      return document.documentElement.scrollWidth - window.innerWidth;
    });
    expect(overflow, `${name} overflows at ${size}`).toBeLessThanOrEqual(0);
    await snap(page, `${name}-${size}`);
  }
  await expectNoAxeViolations(page, name);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('an exhibitor makes three poster versions and downloads one with the QR code', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await ownerWithCard(page, 'Hengtai Ceramics 恒泰陶瓷');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/event-poster');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Event poster generator' }),
  ).toBeVisible();
  await expect(page.getByTestId('poster-empty')).toContainText('No poster yet');
  await expect(page.getByTestId('template-tech-innovation')).toBeVisible();
  await shots(page, 'poster-empty');

  // Nothing filled in: one notice, and no request.
  await page.getByTestId('generate-poster').click();
  await expect(
    page.getByTestId('toast').getByText('Please fill in event title, type, date and location'),
  ).toBeVisible();

  await page.getByTestId('template-tech-innovation').click();
  await expect(
    page.getByTestId('poster-styles').getByRole('button', { name: 'Tech' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Event title').fill('Canton Fair 2026 广交会');
  await page.getByLabel('Event type').selectOption('exhibition');
  await page.getByLabel('Date').fill('2026-04-15');
  await page.getByLabel('Location').fill('Guangzhou Pazhou, Booth 12.1 C08');
  await page
    .getByLabel('Description (optional)')
    .fill('New porcelain tiles for hotels. Samples at the booth. Meet our export team.');
  await page.locator('summary', { hasText: 'Custom prompt' }).click();
  await page.getByLabel('Custom prompt').fill('Blue tones');
  await expect(page.getByTestId('prompt-counter')).toHaveText('10/1000');

  await page.getByTestId('generate-versions').click();
  const versions = page.getByRole('region', { name: 'Versions' }).getByRole('button');
  await expect(versions).toHaveCount(3, { timeout: 30_000 });
  const image = page.getByTestId('poster-image');
  await expect(image).toHaveAttribute('alt', 'Poster: Canton Fair 2026 广交会');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThanOrEqual(1080);
  const firstSrc = await image.getAttribute('src');
  await versions.nth(1).click();
  await expect(versions.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(image).not.toHaveAttribute('src', firstSrc ?? '');
  await expect(page.getByTestId('poster-detail')).toContainText('Key marketing messages');

  const download = page.waitForEvent('download');
  await page.getByTestId('poster-download').click();
  expect((await download).suggestedFilename()).toMatch(
    /^Canton-Fair-2026-广交会-with-qr-\d{4}-\d{2}-\d{2}\.png$/,
  );
  await shots(page, 'poster-versions');

  // Posters are stored: after a reload the earlier ones are there to open again.
  await page.reload();
  const history = page.getByRole('region', { name: 'Earlier posters' }).getByRole('button');
  await expect(history).toHaveCount(3);
  await history.first().click();
  await expect(page.getByTestId('poster-detail')).toContainText('Canton Fair 2026 广交会');
});

test('the brand colour generator shows palettes with their text contrast', async ({ page }) => {
  test.setTimeout(60_000);
  await ownerWithCard(page, 'Sunrise Solar');
  await page.goto('/color-palette');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Brand colour generator' }),
  ).toBeVisible();
  await expect(page.getByTestId('generate-palette')).toBeDisabled();
  await page
    .getByLabel('Company description')
    .fill('We make solar panels and battery storage for green energy projects');
  await page.getByTestId('generate-palette').click();
  await expect(page.getByTestId('palette-card')).toHaveCount(4);
  await expect(page.getByTestId('palette-industry')).toHaveText('Industry detected: Green energy');
  await expect(page.getByTestId('palette-contrast').first()).toContainText('WCAG AA pass');
  await shots(page, 'color-palette');
});

test('advanced features: palette, a quick poster, and the other tabs', async ({ page }) => {
  test.setTimeout(60_000);
  const cardId = await ownerWithCard(page, 'Hengtai Ceramics');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/advanced-features/${cardId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Advanced features' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Brand palette' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('link', { name: 'Back to card' })).toHaveAttribute(
    'href',
    `/result/${cardId}`,
  );
  await shots(page, 'advanced-features-palette');

  await page.getByRole('tab', { name: 'Event poster' }).click();
  await page.getByTestId('quick-poster').click();
  await expect(
    page.getByTestId('toast').getByText('Please enter a title for your event poster'),
  ).toBeVisible();
  await page.getByLabel('Event title').fill('Spring Sourcing Week');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.getByTestId('quick-poster').click();
  await expect(page.getByTestId('poster-image')).toBeVisible({ timeout: 20_000 });
  await shots(page, 'advanced-features-poster');

  for (const tab of ['Audio content', 'Social media']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tabpanel')).toBeVisible();
  }
});
