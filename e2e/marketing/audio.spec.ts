import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  createVerifiedAccount,
  expect,
  loginByApi,
  snap,
  test,
  type Account,
  uploadUntilReady,
} from '../support/fixtures.ts';

/*
 * /audio-content: the owner of a card with one document records an audio
 * introduction: the required message for a missing title, a loading state, then a player that
 * really plays an MP3 (the browser decodes it and knows its length) with the transcript
 * written from the document, and the earlier recordings listed.
 */

const PHONE = { width: 390, height: 844 };
const COMPANY = 'Xiamen Greenleaf Bamboo Products Co., Ltd.';
const DOCUMENT = [
  COMPANY,
  'Xiamen Greenleaf Bamboo Products Co., Ltd. was founded in 2011 and exports bamboo kitchenware to retailers in 35 countries.',
  'Our main products: Bamboo Cutting Boards, Bamboo Serving Trays and Bamboo Storage Boxes.',
  'Certificates: FSC and LFGB.',
  '厦门绿叶竹制品有限公司成立于2011年，专业生产竹砧板和竹托盘。',
].join('\n');

test.use({ bypassCSP: true });

let owner: Account;

async function cardWithDocument(page: Page): Promise<number> {
  const created = await page.request.post('/api/business-cards', {
    multipart: { companyName: COMPANY, contactName: 'Chen Jing', email: 'sales@greenleaf.example' },
  });
  expect(created.status()).toBe(201);
  const cardId = ((await created.json()) as { id: number }).id;
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  await uploadUntilReady(page, cardId, 'greenleaf-profile.txt', DOCUMENT);
  return cardId;
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

test('records an audio introduction from the documents and plays it with its transcript', async ({
  page,
}) => {
  test.setTimeout(150_000);
  owner = await createVerifiedAccount(page, { organization: COMPANY });
  await loginByApi(page, owner);
  const cardId = await cardWithDocument(page);

  await page.goto('/audio-content');
  await expect(page.getByRole('heading', { name: 'Audio content', level: 1 })).toBeVisible();
  await expect(page.getByTestId('audio-empty')).toBeVisible();
  await snap(page, 'audio-content-empty-desktop');
  await expectNoAxeViolations(page, 'audio content (empty, desktop)', { soft: true });

  // The required message when the title is missing; nothing is sent.
  await page.getByTestId('audio-generate').click();
  await expect(page.getByText('Please enter a title for your audio book')).toBeVisible();

  await page.getByTestId('audio-title').fill('Greenleaf at the Canton Fair');
  await page.getByTestId('audio-language').selectOption('en');
  await page.getByTestId('audio-voice').selectOption('professional-female');
  await page.getByTestId('audio-music').selectOption('relaxing');
  await page.getByTestId('audio-generate').click();
  await expect(page.getByTestId('audio-generate')).toBeDisabled();
  await expect(page.getByTestId('audio-generate')).toContainText('Writing and recording');

  const result = page.getByTestId('audio-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const transcript = page.getByTestId('audio-transcript');
  await expect(transcript).toContainText('Greenleaf at the Canton Fair');
  await expect(transcript).toContainText('Bamboo Cutting Boards');
  await expect(result).toContainText('Relaxing');

  // The browser decodes the MP3 and finds it about as long as the page says.
  const player = page.getByTestId('audio-player');
  const seconds = await player.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (audio.readyState >= 1 && Number.isFinite(audio.duration)) resolve(audio.duration);
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        audio.addEventListener('error', () => reject(new Error('audio error')), { once: true });
        audio.load();
      }),
  );
  expect(seconds).toBeGreaterThan(10);
  expect(seconds).toBeLessThan(100);
  const download = page.getByTestId('audio-download');
  const mp3 = await page.request.get((await download.getAttribute('href'))!);
  expect(mp3.headers()['content-type']).toBe('audio/mpeg');
  expect(mp3.headers()['content-disposition']).toContain('attachment');
  await snap(page, 'audio-content-result-desktop');
  await expectNoAxeViolations(page, 'audio content (result, desktop)', { soft: true });

  // A second recording, in Mandarin: both are listed, the newest is playing.
  await page.getByTestId('audio-title').fill('绿叶竹制品 展会邀请');
  await page.getByTestId('audio-language').selectOption('zh-CN');
  await page.getByTestId('audio-music').selectOption('none');
  await page.getByTestId('audio-generate').click();
  await expect(transcript).toContainText('绿叶竹制品 展会邀请', { timeout: 60_000 });
  await expect(transcript).toContainText('竹砧板');
  await expect(page.getByTestId('audio-history').getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: /^Greenleaf at the Canton Fair/ }).click();
  await expect(transcript).toContainText('Bamboo Cutting Boards');

  // The same panel is the advanced-features page's audio tab, with this card's recordings.
  await page.goto(`/advanced-features/${cardId}`);
  await page.getByRole('tab', { name: 'Audio content' }).click();
  await expect(page.getByTestId('audio-form')).toBeVisible();
  await expect(page.getByTestId('audio-history').getByRole('listitem')).toHaveCount(2);
  await snap(page, 'audio-content-advanced-tab-desktop');

  await page.goto('/audio-content');
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByTestId('audio-result')).toBeVisible();
  await snap(page, 'audio-content-phone');
  await expectNoAxeViolations(page, 'audio content (phone)', { soft: true });
});
