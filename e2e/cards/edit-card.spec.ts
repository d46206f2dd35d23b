import path from 'node:path';
import type { Page } from '@playwright/test';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/*
 * The owner edits a finished card's details, adds a price list to it,
 * reads what the assistant reads from it, and removes it again.
 */

const FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');
const PRICE_LIST = {
  name: 'price-list-2026.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from(
    'Hengtai price list 2026\n\nThe HX-9 epoxy grout costs 42 USD per bag, minimum order 300 bags.\n',
  ),
};

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
});

/** A finished card with one document, made through the API as the wizard would. */
async function finishedCard(page: Page): Promise<number> {
  const id = (await (await page.request.post('/api/business-card-session', { data: {} })).json())
    .businessCardId as number;
  const upload = await page.request.post('/api/documents', {
    multipart: {
      businessCardId: String(id),
      documents: {
        name: 'faq.txt',
        mimeType: 'text/plain',
        buffer: await import('node:fs/promises').then((fs) => fs.readFile(FAQ)),
      },
    },
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/business-cards/${id}/documents`)).json())[0].status,
    )
    .toBe('ready');
  await page.request.put(`/api/business-cards/${id}`, {
    data: { companyName: 'Foshan Hengtai Ceramics', contactPerson: 'Li Jiaxin' },
  });
  expect(
    (await page.request.post(`/api/business-cards/${id}/finalize`, { data: {} })).status(),
  ).toBe(200);
  return id;
}

async function ask(page: Page, id: number, message: string) {
  await page.request.get(`/api/chat/session-info/${id}`);
  const response = await page.request.post(`/api/chat/${id}`, { data: { message } });
  return (await response.json()) as { message: string; citations: Array<{ documentName: string }> };
}

test('the owner edits a finished card and re-feeds its assistant', async ({ page }) => {
  test.setTimeout(120_000);
  const account = await createVerifiedAccount(page);
  await loginByApi(page, account);
  const id = await finishedCard(page);

  await page.goto(`/result/${id}`);
  await expect(page.getByTestId('info-company')).toHaveText('Foshan Hengtai Ceramics');

  // 1. Edit: a bad LinkedIn address is refused under its field, then everything is saved.
  await page.getByTestId('edit-card-details').click();
  const dialog = page.getByTestId('card-details-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('edit-jobTitle').fill('Export Sales Manager');
  await dialog.getByTestId('edit-wechatId').fill('hengtai_li');
  await dialog.getByTestId('edit-whatsapp').fill('+86 138 1234 5678');
  await dialog.getByTestId('edit-linkedinUrl').fill('http://example.com/li');
  await dialog.getByTestId('card-details-save').click();
  await expect(dialog.getByText(/starting with https:\/\/www\.linkedin\.com/)).toBeVisible();
  await snap(page, 'edit-card-validation-desktop');
  await dialog.getByTestId('edit-linkedinUrl').fill('https://www.linkedin.com/in/li-jiaxin');
  await dialog.getByTestId('edit-companyName').fill('Hengtai Ceramics Group');
  // The saved contact's name, family name first as Chinese names are written.
  await dialog.getByTestId('edit-familyName').fill('Li');
  await dialog.getByTestId('edit-givenName').fill('Jiaxin');
  await snap(page, 'edit-card-dialog-desktop');
  await dialog.getByTestId('card-details-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('info-company')).toHaveText('Hengtai Ceramics Group');
  await expect(page.getByTestId('info-job-title')).toHaveText('Export Sales Manager');
  await expect(page.getByTestId('info-whatsapp')).toHaveText('+8613812345678');
  const vcard = await (await page.request.get(`/api/business-cards/${id}/vcard`)).text();
  expect(vcard).toContain('TITLE:Export Sales Manager');
  expect(vcard).toContain('IMPP;PREF=1:weixin:hengtai_li');
  expect(vcard).toContain('N:Li;Jiaxin;;;');

  // 2. Add a price list: progress, then ready; the assistant answers from it.
  const documents = page.getByTestId('card-documents');
  await documents.getByTestId('upload-input').setInputFiles(PRICE_LIST);
  const row = documents.locator('[data-testid="upload-item"][data-name="price-list-2026.txt"]');
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 60_000 });
  const answer = await ask(page, id, 'How much does the HX-9 epoxy grout cost?');
  expect(answer.message).toContain('42');
  expect(answer.citations[0]?.documentName).toBe('price-list-2026.txt');
  await snap(page, 'edit-card-documents-desktop');

  // What the assistant reads.
  await row.getByTestId('view-text').click();
  const viewer = page.getByTestId('document-text-dialog');
  await expect(viewer.getByTestId('document-text-page')).toContainText('42 USD per bag');
  await snap(page, 'edit-card-text-viewer-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'edit-card-text-viewer-phone');
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();

  // Remove it, after a confirmation; it is never quoted again.
  await row.getByTestId('upload-remove').click();
  const confirm = page.getByTestId('remove-document-dialog');
  await expect(confirm).toContainText('price-list-2026.txt');
  await snap(page, 'edit-card-remove-phone');
  await confirm.getByTestId('confirm-remove-document').click();
  await expect(row).toHaveCount(0);
  await expect(documents.getByTestId('upload-item')).toHaveCount(1);
  const after = await ask(page, id, 'How much does the HX-9 epoxy grout cost?');
  expect(after.citations.map((c) => c.documentName)).not.toContain('price-list-2026.txt');
  expect(after.message).not.toContain('42 USD');

  await page.getByTestId('edit-card-details').click();
  await expect(page.getByTestId('card-details-dialog')).toBeVisible();
  await snap(page, 'edit-card-dialog-phone');
  await page.keyboard.press('Escape');
  await snap(page, 'edit-card-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, 'edit-card-desktop');

  // The chat header shows the new fields.
  await page.goto(`/chat/card/${id}`);
  await expect(page.getByTestId('chat-company')).toContainText('Export Sales Manager');
  await expect(page.getByTestId('chat-wechat')).toContainText('hengtai_li');
  await expect(page.getByTestId('chat-whatsapp')).toHaveAttribute(
    'href',
    'https://wa.me/8613812345678',
  );
});
