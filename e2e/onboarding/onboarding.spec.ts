import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function noOverflow(page: Page, name: string) {
  const overflow = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollWidth - window.innerWidth;
  });
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
}

test('the guide welcomes once, then follows what the user really does', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const account = await createVerifiedAccount(page);
  await loginByApi(page, account);

  await page.goto('/onboarding');
  const welcome = page.getByTestId('onboarding-welcome');
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('about 18 minutes');
  await snap(page, 'onboarding-welcome-desktop');
  await welcome.getByRole('button', { name: 'Later' }).click();
  await expect(welcome).toHaveCount(0);

  await expect(page.getByTestId('onboarding-progress')).toContainText('0 of 5 steps done');
  await expect(page.getByTestId('onboarding-points')).toContainText('0 / 700 points');
  await expect(page.getByTestId('onboarding-minutes')).toContainText('About 18 min left');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

  // Complete the profile and start a card, as the user would elsewhere in the app.
  const profile = await page.request.put('/api/auth/profile', {
    data: {
      username: account.username,
      email: account.email,
      organization: account.organization,
      phone: '+86 757 8123 4567',
    },
  });
  expect(profile.status()).toBe(200);
  const session = await page.request.post('/api/business-card-session', { data: {} });
  const { businessCardId } = (await session.json()) as { businessCardId: number };

  await page.reload();
  await expect(page.getByTestId('onboarding-welcome')).toHaveCount(0);
  await expect(page.getByTestId('onboarding-step-profile')).toHaveAttribute(
    'data-completed',
    'true',
  );
  await expect(page.getByTestId('onboarding-points')).toContainText('100 / 700 points');
  await expect(page.getByTestId('onboarding-minutes')).toContainText('About 15 min left');
  await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  const upload = page
    .getByTestId('onboarding-step-document')
    .getByRole('link', { name: /Start: Upload your first document/ });
  await expect(upload).toHaveAttribute('href', `/document-upload/${businessCardId}`);
  await expectNoAxeViolations(page, 'onboarding (desktop)', { soft: true });
  await snap(page, 'onboarding-desktop');

  await page.setViewportSize({ width: 390, height: 844 });
  await noOverflow(page, 'onboarding (phone)');
  await expectNoAxeViolations(page, 'onboarding (phone)', { soft: true });
  await snap(page, 'onboarding-phone');

  await upload.click();
  await expect(page).toHaveURL(new RegExp(`/document-upload/${businessCardId}$`));

  // Another device of the same account: no welcome again.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phonePage = await phone.newPage();
  await phonePage.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  await loginByApi(phonePage, account);
  await phonePage.goto('/onboarding');
  await expect(phonePage.getByTestId('onboarding-steps')).toBeVisible();
  await expect(phonePage.getByTestId('onboarding-welcome')).toHaveCount(0);
  await phone.close();
});

test('a new user on a phone sees the welcome; "start guide" leads to the first open step', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await createVerifiedAccount(page);
  await loginByApi(page, account);
  await page.goto('/onboarding');
  const welcome = page.getByTestId('onboarding-welcome');
  await expect(welcome).toBeVisible();
  await expectNoAxeViolations(page, 'onboarding welcome (phone)', { soft: true });
  await snap(page, 'onboarding-welcome-phone');
  await welcome.getByRole('button', { name: 'Start guide' }).click();
  await expect(welcome).toHaveCount(0);
  await expect(
    page.getByTestId('onboarding-step-profile').getByRole('link', { name: /Start:/ }),
  ).toBeFocused();
});

test('signed out, the guide asks to log in first', async ({ page }) => {
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/login\?next=%2Fonboarding$/);
});
