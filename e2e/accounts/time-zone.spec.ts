import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/*
 * The owner's time zone (issue 34, item 5): the browser's until they choose one, chosen on the
 * profile page, and the lead export's times follow it.
 */

test.use({ timezoneId: 'Asia/Shanghai', expectedStatuses: [400] });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

test('an owner’s time zone starts as the browser’s and is chosen on the profile page', async ({
  page,
}) => {
  await loginByApi(page, await createVerifiedAccount(page));
  await page.goto('/user-management');
  const form = page.getByTestId('profile-form');
  const zone = form.getByLabel('Time zone');
  await expect(zone).toHaveValue('Asia/Shanghai');
  // Stored without the owner doing anything: the web sent the browser's zone.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get('/api/auth/user')).json()) as {
            user: { timeZone: string | null };
          }
        ).user.timeZone,
    )
    .toBe('Asia/Shanghai');

  // A name that is no time zone is refused under the field.
  await zone.fill('Mars/Olympus');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('Choose a time zone from the list')).toBeVisible();
  await snap(page, 'profile-time-zone-invalid-desktop');

  await zone.fill('Europe/Berlin');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');
  await page.reload();
  await expect(page.getByTestId('profile-form').getByLabel('Time zone')).toHaveValue(
    'Europe/Berlin',
  );
  await snap(page, 'profile-time-zone-desktop');

  // The export's time column is in the chosen zone, its header in the interface language.
  const csv = await page.request.get('/api/sales-pipeline/leads.csv?lang=zh-CN');
  expect(csv.status()).toBe(200);
  expect((await csv.text()).split('\r\n')[0]).toContain('最近活动（Europe/Berlin）');
});
