import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import {
  createVerifiedAccount,
  expect,
  finishedCardWithFaq,
  loginByApi,
  snap,
  test,
  type Account,
} from '../support/fixtures.ts';

/*
 * The guide is found. It opens by itself after a login until its welcome is
 * answered or every step is done; then the welcome does not return and its links (the top
 * bar's user menu, the dashboard) say "Done".
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function logInThroughForm(page: Page, account: Account) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

async function openUserMenu(page: Page) {
  await page.getByTestId('nav-username').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test('after login the guide opens by itself until its welcome is dismissed, then says done', async ({
  page,
}) => {
  const account = await createVerifiedAccount(page);

  // The first login: the guide opens by itself, with its welcome.
  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/onboarding$/);
  const welcome = page.getByTestId('onboarding-welcome');
  await expect(welcome).toBeVisible();
  await expect(page.getByTestId('onboarding-progress')).toContainText('0 of 5 steps done');
  await snap(page, 'onboarding-opens-after-first-login-desktop');

  // Not answered yet: the dashboard and the user menu lead to it, with the real progress.
  await page.goto('/my-cards');
  const panel = page.getByTestId('dashboard-guide');
  await expect(panel).toHaveAttribute('data-done', 'false');
  await expect(panel).toContainText('0 of 5 steps done');
  await snap(page, 'onboarding-dashboard-panel-desktop');
  await openUserMenu(page);
  const menuLink = page.getByTestId('nav-onboarding');
  await expect(menuLink).toContainText('Getting started guide');
  await expect(menuLink.getByTestId('guide-state')).toHaveText('0 of 5');
  await expect(menuLink.getByTestId('guide-state')).toHaveAttribute('data-done', 'false');
  await snap(page, 'onboarding-user-menu-open-desktop');
  await page.keyboard.press('Escape');

  // Until the welcome is answered, every login opens the guide again. "Later" dismisses it.
  await page.request.post('/api/logout');
  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(welcome).toBeVisible();
  await welcome.getByRole('button', { name: 'Later' }).click();
  await expect(welcome).toHaveCount(0);

  // Dismissed: the next login goes to the cards; the links say "Done"; no welcome again.
  await openUserMenu(page);
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/my-cards$/);
  await expect(panel).toHaveAttribute('data-done', 'true');
  await expect(panel).toContainText('Getting started guide');
  await expect(panel.getByTestId('guide-state')).toHaveText('Done');
  await openUserMenu(page);
  await expect(menuLink.getByTestId('guide-state')).toHaveText('Done');
  await snap(page, 'onboarding-user-menu-done-desktop');
  await menuLink.click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByTestId('onboarding-steps')).toBeVisible();
  await expect(welcome).toHaveCount(0);

  // The corporate dashboard links the guide too, and its "Company profile" opens the profile
  // (the account's profile tab), not the new-card wizard (item 7).
  await page.goto('/corporate-dashboard');
  await expect(page.getByTestId('corporate-guide').getByTestId('guide-state')).toHaveText('Done');
  await page.getByTestId('corporate-profile').click();
  await expect(page).toHaveURL(/\/user-management$/);
  await expect(page.getByTestId('profile-form')).toBeVisible();
});

test('a guide whose every step is done does not open by itself and says done', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount(page);
  await loginByApi(page, account);

  // Every step, done as the user would elsewhere: profile, document, card, red list, a visitor.
  const profile = await page.request.put('/api/auth/profile', {
    data: {
      username: account.username,
      email: account.email,
      organization: account.organization,
      phone: '+86 20 8888 6666',
    },
  });
  expect(profile.status()).toBe(200);
  const cardId = await finishedCardWithFaq(page, {
    companyName: account.organization,
    contactName: 'Li Wei',
    phone: '+86 20 8888 6666',
    email: 'sales@hengtai.example',
  });
  const keyword = await page.request.post(`/api/business-cards/${cardId}/red-list`, {
    data: { keyword: 'lead time' },
  });
  expect(keyword.status()).toBe(201);
  const phone = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  expect((await phone.request.get(`/api/chat/session-info/${cardId}?src=qr`)).status()).toBe(200);
  await phone.close();
  const guide = (await (await page.request.get('/api/onboarding')).json()) as {
    completedCount: number;
    welcomeSeen: boolean;
  };
  expect(guide).toMatchObject({ completedCount: 5, welcomeSeen: false });

  expect((await page.request.post('/api/logout')).status()).toBe(200);
  await logInThroughForm(page, account);
  await expect(page).toHaveURL(/\/my-cards$/);
  await expect(page.getByTestId('dashboard-guide')).toHaveAttribute('data-done', 'true');
  await openUserMenu(page);
  await expect(page.getByTestId('nav-onboarding').getByTestId('guide-state')).toHaveText('Done');
  await page.getByTestId('nav-onboarding').click();
  await expect(page.getByTestId('onboarding-progress')).toContainText('5 of 5 steps done');
  await expect(page.getByTestId('onboarding-welcome')).toHaveCount(0);
  await snap(page, 'onboarding-all-done-desktop');
});
