import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

const INTRO_SEEN_KEY = 'docucard.introSeen';
const PHONE = { width: 390, height: 844 };

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

/** The intro has been seen in this browser, so the page is usable at once. */
async function skipIntro(page: Page) {
  await page.addInitScript((key) => localStorage.setItem(key, '1'), INTRO_SEEN_KEY);
}

/** A screenshot for reviewers, after checking nothing sticks out sideways. */
async function shot(page: Page, name: string) {
  const overflow = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollWidth - window.innerWidth;
  });
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
  await snap(page, name);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test.describe('landing intro', () => {
  test('plays once per browser, then dims and shows the content', async ({ page }) => {
    await page.goto('/');
    const root = page.locator('[data-intro-phase]');
    await expect(root).toHaveAttribute('data-intro-phase', 'intro');
    await expect(page.getByTestId('landing-hero')).toHaveCSS('opacity', '0');
    // Log in and Register are usable while it plays.
    await expect(page.getByTestId('landing-login')).toBeVisible();
    // It ends within 1.5 s.
    await expect(root).toHaveAttribute('data-intro-phase', 'settled', { timeout: 2000 });
    await expect(page.getByTestId('landing-hero')).toHaveCSS('opacity', '1');
    await expect(page.getByTestId('intro-dim')).toHaveCSS('opacity', '0.7');
    await expect(page.getByTestId('skip-intro')).toHaveCount(0);

    // Same browser: straight to the content.
    await page.reload();
    await expect(root).toHaveAttribute('data-intro-phase', 'settled');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // A new browser (fresh storage) plays it again; Skip ends it at once.
    const other = await page.context().browser()!.newPage({ baseURL: page.url() });
    await other.goto('/');
    await expect(other.locator('[data-intro-phase]')).toHaveAttribute('data-intro-phase', 'intro');
    await other.getByTestId('skip-intro').click();
    await expect(other.locator('[data-intro-phase]')).toHaveAttribute(
      'data-intro-phase',
      'settled',
    );
    await other.close();
  });

  test('is skipped under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    await expect(page.locator('[data-intro-phase]')).toHaveAttribute('data-intro-phase', 'settled');
  });
});

test.describe('landing page', () => {
  test.beforeEach(async ({ page }) => {
    await skipIntro(page);
  });

  test('shows figures, ticking fair countdowns and the sections; screenshots', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Your documents, one scan away from every buyer',
    );
    await expect(page.getByTestId('stat-totalBusinessCards')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('stat-conversionRate')).toHaveText(/^\d+(\.\d)?%$/);

    const cards = page.getByTestId('fair-card');
    await expect(cards.first()).toBeVisible();
    await expect(cards).toHaveCount(6);
    const countdown = page.getByTestId('fair-countdown').first();
    const before = await countdown.innerText();
    await expect.poll(() => countdown.innerText(), { timeout: 2000 }).not.toBe(before);
    await page.getByTestId('fairs-toggle').click();
    expect(await cards.count()).toBeGreaterThan(6);
    await page.getByTestId('fairs-toggle').click();

    await expect(page.getByTestId('feature-card')).toHaveCount(6);
    await expect(page.getByRole('heading', { name: 'Three steps to your card' })).toBeVisible();
    // The defaults quote no customer (so no testimonials section) and promise no trial.
    await expect(page.getByTestId('landing-promises')).toContainText('Runs on your own server');
    await expect(page.getByRole('heading', { name: 'What exhibitors say' })).toHaveCount(0);
    await expect(page.locator('body')).not.toContainText(/free trial|credit card|2-minute/iu);
    await expect(page.getByTestId('landing-login')).toBeVisible();
    await expect(page.getByTestId('landing-register')).toBeVisible();

    // The menu's six business tools.
    await page.getByTestId('landing-menu-button').click();
    const menu = page.getByTestId('landing-menu');
    for (const href of [
      '/corporate-dashboard',
      '/sales-pipeline',
      '/social-transformer',
      '/event-poster',
      '/audio-content',
      '/push-notifications',
    ]) {
      await expect(menu.locator(`a[href="${href}"]`)).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await shot(page, 'landing-desktop');
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('landing-start')).toBeVisible();
    await shot(page, 'landing-phone');
  });

  test('Start signed out asks to register first and opens the company form', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('landing-start').click();
    await expect(page.getByTestId('toast')).toContainText('Please register first.');
    await expect(page).toHaveURL(/\/user-details$/);
  });

  test('Start signed in creates a card session and opens the upload step', async ({ page }) => {
    const account = await createVerifiedAccount(page);
    await loginByApi(page, account);
    await page.goto('/');
    await expect(page.getByTestId('landing-console')).toHaveAttribute('href', '/my-cards');

    // Slow answer: the button shows "Creating…" and cannot be pressed twice.
    await page.route('**/api/business-card-session', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const start = page.getByTestId('landing-start');
    await start.click();
    await expect(start).toBeDisabled();
    await expect(start).toHaveText('Creating…');
    await expect(page).toHaveURL(/\/document-upload\/\d+$/);
  });

  test('reads its data once, sent with its first script, and nothing jumps when it arrives', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const reads = new Map<string, number>();
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/')) reads.set(pathname, (reads.get(pathname) ?? 0) + 1);
    });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('landing-promises')).toContainText('Runs on your own server');
    await expect(page.getByTestId('stat-totalBusinessCards')).toHaveText(/^\d[\d,]*$/);
    await expect(page.getByTestId('fair-card').first()).toBeVisible();
    await expect(page.getByTestId('landing-login')).toBeVisible();
    // Each read once: the page used the answers its entry script asked for (early-requests.ts).
    for (const path of [
      '/api/auth/user',
      '/api/landing-content',
      '/api/analytics/public',
      '/api/trade-fairs',
    ]) {
      expect(reads.get(path), path).toBe(1);
    }
    const shift = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(shift).toBeLessThan(0.01);
  });
});

test.describe('landing start failure', () => {
  test.use({ expectedStatuses: [500] });
  test.beforeEach(async ({ page }) => {
    await skipIntro(page);
  });

  test('shows an error toast and re-enables the button', async ({ page }) => {
    const account = await createVerifiedAccount(page);
    await loginByApi(page, account);
    await page.route('**/api/business-card-session', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Server trouble', code: 'INTERNAL' }),
      }),
    );
    await page.goto('/');
    const start = page.getByTestId('landing-start');
    await start.click();
    await expect(page.getByTestId('toast')).toContainText('An error occurred');
    await expect(page.getByTestId('toast')).toContainText('The card could not be created.');
    await expect(start).toBeEnabled();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('card showcase', () => {
  test('autoplays every 4 s until a manual pick', async ({ page }) => {
    await page.goto('/card-demo');
    const preview = page.getByTestId('showcase-preview');
    await expect(preview).toHaveAttribute('data-sample', 'machinery');
    await expect(preview).toHaveAttribute('data-template', 'modern');
    await expect(
      page.getByTestId('template-option-chinese').getByTestId('hot-badge'),
    ).toBeVisible();
    await expect(page.getByTestId('hot-badge')).toHaveCount(1);
    await expect(preview).toHaveAttribute('data-sample', 'textiles', { timeout: 5000 });
    await expect(page.getByTestId('autoplay-toggle')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('sample-tea').click();
    await expect(preview).toHaveAttribute('data-sample', 'tea');
    await expect(preview).toHaveAttribute('data-template', 'chinese');
    await expect(page.getByTestId('autoplay-toggle')).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByTestId('sample-company')).toHaveText('Yunwu Tea Garden');
    await expect(page.getByTestId('sample-products')).toContainText('Wuyi rock tea');
    await page.waitForTimeout(4500);
    await expect(preview).toHaveAttribute('data-sample', 'tea');

    await page.getByTestId('template-option-tech').click();
    await expect(preview).toHaveAttribute('data-template', 'tech');
    await expect(page.getByTestId('card-front')).toHaveAttribute('data-template', 'tech');

    await page.getByTestId('showcase-preview-button').click();
    const dialog = page.getByTestId('showcase-preview-dialog');
    await expect(dialog.locator('svg[data-side="front"]')).toBeVisible();
    await expect(dialog.locator('svg[data-side="back"]')).toBeAttached();
    await page.keyboard.press('Escape');
  });

  test('downloads the sample card as a sharp 1920×1152 PNG (2× pixel ratio); screenshots', async ({
    page,
  }) => {
    await page.goto('/card-demo');
    await page.getByTestId('sample-tea').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('showcase-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('business-card-chinese-sample-tea.png');
    const bytes = await readFile((await download.path())!);
    expect(pngSize(bytes)).toEqual({ width: 1920, height: 1152 });
    await expect(page.getByTestId('toast')).toContainText('Card image downloaded');
    await page.getByTestId('toast').getByRole('button').click();
    await expect(page.getByTestId('toast')).toHaveCount(0);

    await shot(page, 'card-demo-desktop');
    await page.setViewportSize(PHONE);
    await expect(page.getByTestId('showcase-download')).toBeVisible();
    await shot(page, 'card-demo-phone');
  });
});
