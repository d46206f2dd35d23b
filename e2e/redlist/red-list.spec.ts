import type { Page } from '@playwright/test';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

// Another owner's card answers 404 on purpose.
test.use({ expectedStatuses: [404] });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function newCard(page: Page, companyName: string): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  expect(session.status()).toBe(201);
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  const named = await page.request.put(`/api/business-cards/${cardId}`, {
    data: { companyName },
  });
  expect(named.status()).toBe(200);
  return cardId;
}

async function shot(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(() => {
    window.scrollTo(0, 0);
    return document.documentElement.scrollWidth - window.innerWidth;
  });
  expect(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
  await snap(page, name);
}

test('an owner adds, pauses, edits and deletes red-list keywords, and they persist', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  const cardId = await newCard(page, 'Hengtai Ceramics');

  await page.goto(`/red-list-management?businessCardId=${cardId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Red list' })).toBeVisible();
  await expect(page.getByTestId('red-list-subtitle')).toHaveText(
    'Sensitive keywords for Hengtai Ceramics',
  );
  await expect(page.getByTestId('red-list-empty')).toContainText('No red-list keywords yet');
  await expect(page.getByTestId('red-list-explainer')).toContainText('cite');
  // No key configured in the test server: the local assistant answers, and the page says so.
  await expect(page.getByTestId('assistant-notice')).toHaveAttribute('data-fell-back', 'true');
  await expect(page.getByTestId('assistant-notice')).toContainText('local assistant');
  await expect(page.getByTestId('red-list-back-to-card')).toHaveAttribute(
    'href',
    `/result/${cardId}`,
  );
  await shot(page, 'red-list-empty-desktop');

  // The empty state's action leads to the form.
  await page.getByTestId('red-list-empty-add').click();
  await expect(page.getByTestId('keyword-add-keyword')).toBeFocused();

  // The shared schema checks the form.
  await page.getByTestId('keyword-add-submit').click();
  await expect(page.getByText('This field is required')).toBeVisible();

  // Add two keywords.
  await page.getByTestId('keyword-add-keyword').fill('price');
  await page.getByTestId('keyword-add-category').selectOption('pricing');
  await page.getByTestId('keyword-add-description').fill('Quote only from the price list');
  await page.getByTestId('keyword-add-submit').click();
  const rows = page.getByTestId('keyword-row');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('keyword-add-keyword')).toHaveValue('');

  await page.getByTestId('keyword-add-keyword').fill('CE certificate');
  await page.getByTestId('keyword-add-category').selectOption('certification');
  await page.getByTestId('keyword-add-keyword').press('Enter');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('red-list-total')).toHaveText('2');
  await expect(page.getByTestId('red-list-active')).toHaveText('2');

  const price = page.locator('[data-testid="keyword-row"][data-keyword="price"]');
  await expect(price.getByTestId('keyword-category')).toHaveText('Pricing');
  await expect(price.getByTestId('keyword-description')).toHaveText(
    'Quote only from the price list',
  );

  // Pause one.
  const toggle = price.getByRole('switch', { name: 'Red-list keyword “price” active' });
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByTestId('red-list-active')).toHaveText('1');
  // Only the switch changed: the category stays.
  await expect(price.getByTestId('keyword-category')).toHaveText('Pricing');

  // Edit the other one inline.
  const ce = page.locator('[data-testid="keyword-row"][data-keyword="CE certificate"]');
  await ce.getByTestId('keyword-edit').click();
  const editForm = page.getByTestId('keyword-edit-form');
  await expect(page.getByTestId('keyword-edit-keyword')).toBeFocused();
  await page.getByTestId('keyword-edit-keyword').fill('CE marking');
  await page.getByTestId('keyword-edit-description').fill('Only with the certificate number');
  await page.getByTestId('keyword-edit-category').selectOption('legal');
  await editForm.getByTestId('keyword-edit-submit').click();
  await expect(editForm).toHaveCount(0);
  const marking = page.locator('[data-testid="keyword-row"][data-keyword="CE marking"]');
  await expect(marking.getByTestId('keyword-category')).toHaveText('Legal');
  await expect(marking.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await shot(page, 'red-list-desktop');

  // The same word twice: the server's 409 lands under the field.
  await page.getByTestId('keyword-add-keyword').fill('Price');
  await page.getByTestId('keyword-add-submit').click();
  await expect(page.getByTestId('keyword-add-form')).toContainText('already on the red list');
  await expect(rows).toHaveCount(2);

  // Everything is stored.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expect(
    page.locator('[data-testid="keyword-row"][data-keyword="price"]').getByRole('switch'),
  ).toHaveAttribute('aria-checked', 'false');
  await expect(price.getByTestId('keyword-category')).toHaveText('Pricing');
  await expect(marking.getByTestId('keyword-description')).toHaveText(
    'Only with the certificate number',
  );
  await expect(marking.getByTestId('keyword-category')).toHaveText('Legal');

  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, 'red-list-phone');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete, after confirming; cancelling keeps it.
  await marking.getByTestId('keyword-delete').click();
  await expect(page.getByTestId('keyword-delete-dialog')).toContainText('CE marking');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  await marking.getByTestId('keyword-delete').click();
  await page.getByTestId('keyword-delete-confirm').click();
  await expect(rows).toHaveCount(1);
  await page.reload();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-keyword', 'price');

  const stored = await page.request.get(`/api/business-cards/${cardId}/red-list`);
  expect(((await stored.json()) as Array<{ keyword: string }>).map((k) => k.keyword)).toEqual([
    'price',
  ]);
});

test('without a valid card id the red list sends the owner to their cards', async ({ page }) => {
  const owner = await createVerifiedAccount(page);
  await loginByApi(page, owner);
  await page.goto('/red-list-management');
  await expect(page).toHaveURL(/\/my-cards$/);
  await expect(page.getByTestId('toast').getByText('Choose a card first')).toBeVisible();

  await page.goto('/red-list-management?businessCardId=abc');
  await expect(page).toHaveURL(/\/my-cards$/);
});

test('another owner’s card has no red list for you', async ({ page }) => {
  const first = await createVerifiedAccount(page);
  await loginByApi(page, first);
  const foreignCard = await newCard(page, 'Someone Else Ltd');
  await page.request.post('/api/logout');

  const second = await createVerifiedAccount(page);
  await loginByApi(page, second);
  await page.goto(`/red-list-management?businessCardId=${foreignCard}`);
  await expect(page.getByTestId('red-list-not-found')).toContainText('Card not found');
  const refused = await page.request.post(`/api/business-cards/${foreignCard}/red-list`, {
    data: { keyword: 'price' },
  });
  expect(refused.status()).toBe(404);
});
