import { E2E_ADMIN_EMAIL } from '../../playwright.config.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

// Unknown paths answer HTTP 404 (with the not-found page).
test.use({ expectedStatuses: [404] });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

test('the admin link and panel depend on the role the server gives', async ({ page }) => {
  const admin = await createVerifiedAccount(page, {
    email: E2E_ADMIN_EMAIL,
    username: 'fairadmin',
  });
  await loginByApi(page, admin);
  await page.goto('/admin-panel');
  await expect(page.getByRole('link', { name: 'Admin Panel' }).first()).toBeVisible();
  await expect(page.getByTestId('admin-users-table')).toContainText('fairadmin');
  await snap(page, 'admin-panel-desktop');

  await page.request.post('/api/logout');
  const user = await createVerifiedAccount(page);
  await loginByApi(page, user);
  await page.goto('/admin-panel');
  await expect(page.getByTestId('admin-not-authorized')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Panel' })).toHaveCount(0);
});

test('unknown pages show the not-found page, non-numeric ids go home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await snap(page, 'not-found-desktop');
  await page.goto('/chat/card/abc/extra');
  await expect(page.getByTestId('not-found-short')).toBeVisible();

  const user = await createVerifiedAccount(page);
  await loginByApi(page, user);
  await page.goto('/result/abc');
  await expect(page).toHaveURL(/\/$/);
});

test('the loading demo works; the development session page is gone', async ({ page }) => {
  await page.goto('/loading-demo');
  await snap(page, 'loading-demo-desktop');
  await page.goto('/test-logout');
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test.describe('at phone size', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the main account screens hold at 390 px and the menu opens', async ({ page }) => {
    for (const [path, name] of [
      ['/register', 'register'],
      ['/login', 'login'],
      ['/email-verified?success=true', 'email-verified'],
      ['/no-such-page', 'not-found'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('main')).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, `${path} overflows horizontally`).toBeLessThanOrEqual(0);
      await snap(page, `${name}-phone`);
    }

    const user = await createVerifiedAccount(page);
    await loginByApi(page, user);
    await page.goto('/user-management');
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await snap(page, 'user-management-phone');
    await page.getByTestId('mobile-menu-button').click();
    await expect(page.getByTestId('nav-username-mobile')).toContainText(user.username);
    await expect(page.getByTestId('language-switcher-mobile')).toBeVisible();
    // Once the slide-in ends, the whole menu is inside the screen.
    await expect
      .poll(async () => {
        const box = await page.getByTestId('mobile-menu').boundingBox();
        return box ? Math.round(box.x + box.width) : Infinity;
      })
      .toBeLessThanOrEqual(390);
    await snap(page, 'mobile-menu-phone');
  });
});
