import {
  createVerifiedAccount,
  expect,
  loginByApi,
  mailedLink,
  snap,
  test,
} from '../support/fixtures.ts';

// A used reset link and a wrong current password are answered 400 on purpose.
test.use({ expectedStatuses: [400] });

test('a user who forgot the password gets a link, sets a new one and logs in', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  const account = await createVerifiedAccount(page);
  const verificationLink = await mailedLink(account.email);

  // From the login page, by keyboard.
  await page.goto('/login');
  await page.getByTestId('forgot-password-link').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();

  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await snap(page, 'forgot-password-desktop');
  await page.getByLabel('Email').press('Enter');
  await expect(page.getByTestId('forgot-password-sent')).toContainText(account.email);
  await snap(page, 'forgot-password-sent-desktop');

  // The mailed link opens the reset page; the token leaves the address bar.
  const link = await mailedLink(account.email, undefined, verificationLink);
  expect(new URL(link).pathname).toBe('/reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/);

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await snap(page, 'reset-password-validation-desktop');

  await page.getByLabel('New password', { exact: true }).fill('A-brand-new-pass-9');
  await page.getByLabel('Confirm new password').fill('A-brand-new-pass-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-password-success')).toBeVisible();
  await snap(page, 'reset-password-success-desktop');

  // The old password is gone, the new one works through the login form.
  const old = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(old.status()).toBe(401);
  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill('A-brand-new-pass-9');
  await page.getByRole('button', { name: 'Log in' }).click();
  // A new account: the getting-started guide opens by itself.
  await expect(page).toHaveURL(/\/onboarding$/);

  // The same link a second time explains itself and offers a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Yet-another-pass-9');
  await page.getByLabel('Confirm new password').fill('Yet-another-pass-9');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByTestId('reset-password-error')).toContainText('already been used');
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await snap(page, 'reset-password-used-desktop');
});

test('the reset pages fit a phone and speak Chinese', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage'))
      localStorage.setItem('selectedLanguage', 'zh-TW');
  });
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: '忘記密碼？' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > window.innerWidth,
  );
  expect(overflow).toBe(false);
  await snap(page, 'forgot-password-zh-TW-phone');

  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'zh-CN'));
  await page.goto('/reset-password');
  await expect(page.getByTestId('reset-password-error')).toContainText('重置邮件中的链接');
  await snap(page, 'reset-password-missing-zh-CN-phone');
});

test('a signed-in user changes the password and sees a pending email change', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  const account = await createVerifiedAccount(page);
  await loginByApi(page, account);
  await page.goto('/user-management');

  const profile = page.getByTestId('profile-form');
  await profile.getByLabel('Email').fill(`new-${account.email}`);
  await profile.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('pending-email-notice')).toContainText(`new-${account.email}`);
  await expect(page.getByTestId('pending-email-notice')).toContainText(account.email);
  await snap(page, 'user-management-pending-email-desktop');

  await page.getByRole('tab', { name: 'Password' }).click();
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill('not-the-password');
  await form.getByLabel('New password', { exact: true }).fill('Changed-pass-77');
  await form.getByLabel('Confirm new password').fill('Changed-pass-77');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('The current password is not correct.')).toBeVisible();
  await form.getByLabel('Current password').fill(account.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password changed');
  await snap(page, 'user-management-password-desktop');

  // Still signed in here; the new password works for a fresh login.
  expect((await page.request.get('/api/auth/user')).status()).toBe(200);
  const fresh = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: 'Changed-pass-77' },
  });
  expect(fresh.status()).toBe(200);
});
