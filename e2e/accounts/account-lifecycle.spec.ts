import {
  createVerifiedAccount,
  expect,
  loginByApi,
  mailedLink,
  newAccount,
  snap,
  test,
} from '../support/fixtures.ts';

// A Simplified Chinese browser: without a saved choice the interface starts in zh-CN. The
// tests below that need English save that choice first.
test.use({ locale: 'zh-CN' });

test('a company registers, verifies, manages and deletes its account in three languages', async ({
  page,
}) => {
  const account = newAccount();

  // The browser's language is Simplified Chinese; the visitor switches to English.
  await page.goto('/register');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await snap(page, 'register-zh-CN-desktop');
  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // Field errors appear under the fields, in English, before anything is sent.
  await page.getByLabel('Username').fill('ab');
  await page.getByLabel('Password', { exact: true }).fill('12345678');
  await page.getByLabel('Confirm password').fill('87654321');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Username must be 3 to 50 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await snap(page, 'register-validation-desktop');

  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByLabel(/Organization/).fill(account.organization);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('register-success')).toContainText(account.email);
  await snap(page, 'register-success-desktop');

  // Login waits for the address to be verified.
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(account.username);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('email-not-verified')).toBeVisible();
  await snap(page, 'login-not-verified-desktop');

  // The link in the mail file opens a page that asks for the password; typing it verifies
  // the address and signs in. The token leaves the address bar at once.
  await page.goto(await mailedLink(account.email));
  await expect(page.getByTestId('verify-email')).toContainText(account.username);
  await expect(page).toHaveURL(/\/verify-email$/);
  await snap(page, 'verify-email-desktop');
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page).toHaveURL(/\/email-verified\?success=true$/);
  await expect(page.getByTestId('email-verified-success')).toContainText('you are signed in');
  await expect(page.getByRole('link', { name: 'Register again' })).toHaveCount(0);
  await snap(page, 'email-verified-desktop');

  // Log out, then log in by email this time.
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  // After login: the getting-started guide opens by itself while it is due;
  // "Later" ends that, and the user's cards are one click away.
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByTestId('onboarding-welcome').getByRole('button', { name: 'Later' }).click();
  await expect(page.getByTestId('onboarding-welcome')).toHaveCount(0);
  await page.goto('/user-management');
  await expect(page.getByTestId('nav-username')).toContainText(account.username);

  // Edit the profile; it is still there after a reload.
  const form = page.getByTestId('profile-form');
  await form.getByLabel(/Phone/).fill('+86 757 8888 1234');
  await form.getByLabel(/Organization/).fill('Foshan Hengtai Ceramics');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');
  await page.reload();
  await expect(form.getByLabel(/Phone/)).toHaveValue('+86 757 8888 1234');
  await expect(form.getByLabel(/Organization/)).toHaveValue('Foshan Hengtai Ceramics');
  await snap(page, 'user-management-profile-desktop');

  // Traditional Chinese survives a reload.
  await page.getByTestId('language-switcher').selectOption('zh-TW');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('language-switcher')).toHaveValue('zh-TW');
  await snap(page, 'user-management-zh-TW-desktop');

  // Back to Simplified Chinese, log out: only the language choice stays in storage.
  await page.getByTestId('language-switcher').selectOption('zh-CN');
  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
  const storage = await page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: sessionStorage.length,
    language: localStorage.getItem('selectedLanguage'),
  }));
  expect(storage).toEqual({ local: ['selectedLanguage'], session: 0, language: 'zh-CN' });
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  // A protected route: spinner, then the 需要登录 toast and login, which leads back to it.
  await page.goto('/my-cards');
  await expect(page.getByTestId('toast')).toContainText('需要登录');
  await expect(page).toHaveURL(/\/login\?next=%2Fmy-cards$/);
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await snap(page, 'protected-route-redirect-desktop');

  // Log in again and delete the account from the danger zone.
  await loginByApi(page, account);
  await page.goto('/user-management');
  await page.getByTestId('language-switcher').selectOption('en');
  await page.getByRole('tab', { name: 'Danger zone' }).click();
  await snap(page, 'user-management-danger-zone-desktop');
  await page.getByTestId('delete-account-button').click();
  await expect(page.getByTestId('confirm-delete-account')).toBeDisabled();
  await page.getByTestId('delete-account-confirm-input').fill(account.username);
  await snap(page, 'delete-account-dialog-desktop');
  await page.getByTestId('confirm-delete-account').click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  const relogin = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: account.password },
  });
  expect(relogin.status()).toBe(401);
});

test('registering an existing, unverified account offers to update it', async ({ page }) => {
  const account = newAccount();
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  const first = await page.request.post('/api/auth/register', { data: account });
  expect(first.status()).toBe(201);
  const firstLink = await mailedLink(account.email);

  await page.goto('/register');
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('Another-Password-1');
  await page.getByLabel('Confirm password').fill('Another-Password-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByTestId('overwrite-dialog');
  await expect(dialog).toBeVisible();
  await snap(page, 'register-overwrite-dialog-desktop');
  await dialog.getByRole('button', { name: 'Update account' }).click();
  await expect(page.getByTestId('register-success')).toContainText('Account updated');

  // The new password takes effect only because the mailbox holder types it on the page; the
  // first mail's link no longer works.
  await page.goto(await mailedLink(account.email, undefined, firstLink));
  await page.getByLabel('Password', { exact: true }).fill('Another-Password-1');
  await page.getByRole('button', { name: 'Confirm and sign in' }).click();
  await expect(page.getByTestId('email-verified-success')).toBeVisible();
  const login = await page.request.post('/api/auth/login', {
    data: { username: account.username, password: 'Another-Password-1' },
  });
  expect(login.status()).toBe(200);
});

test.describe('a used link', () => {
  // The page asks the server about the link; a used one is answered 400.
  test.use({ expectedStatuses: [400] });

  test('a used verification link shows the error page with a way forward', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
    const account = await createVerifiedAccount(page);
    await page.goto(await mailedLink(account.email));
    await expect(page.getByTestId('email-verified-error')).toBeVisible();
    await expect(page.getByTestId('email-verified-error')).toContainText('already been used');
    // A way forward that fits: a new link, or the login; never a second registration.
    await expect(page.getByRole('link', { name: 'Register again' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try to log in' })).toBeVisible();
    await snap(page, 'email-verified-error-desktop');
    await page.getByLabel('Your email address').fill(account.email);
    await page.getByRole('button', { name: 'Send a new link' }).click();
    await expect(page.getByTestId('verify-resent')).toContainText(account.email);
  });
});
