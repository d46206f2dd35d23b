import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { CDPSession, Locator, Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import {
  createVerifiedAccount,
  expect,
  loginByApi,
  snap,
  test,
  type Account,
} from '../support/fixtures.ts';

/*
 * The buyer sees the page (issue 33), on a phone: an answer's sources arrive as page
 * thumbnails without holding the text back; a tap opens the cited page full-screen with the
 * passage marked; double-tap and pinch zoom; a swipe or the arrow keys reach the answer's other
 * source; back, Escape and the close button leave. The product's picture beside the cited
 * passage shows above the answer. The catalogue is a real PDF made here with a product photo.
 */

const PHONE = { width: 390, height: 844 };
const COMPANY = 'Lotus Pumps Manufacturing Co., Ltd.';

test.use({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });

let cardId = 0;
let owner: Account;

/** A product photo drawn in the browser (a pump's silhouette on a blue ground), as PNG. */
async function drawProductPhoto(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 400;
    canvas.height = 300;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1d4ed8';
    context.fillRect(0, 0, 400, 300);
    context.fillStyle = '#f59e0b';
    context.fillRect(120, 90, 160, 130);
    context.fillStyle = '#0f172a';
    context.beginPath();
    context.arc(200, 155, 45, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/**
 * A three-page catalogue: a cover, the AquaJet 500's page (photo, data table, price) and a
 * service page that names it again, so that one question cites two pages.
 */
async function catalogue(photo: Buffer): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const size: [number, number] = [595, 842];

  const cover = pdf.addPage(size);
  cover.drawText('Lotus Pumps catalogue 2026', { x: 60, y: 760, size: 26, font: bold });
  cover.drawText('Garden irrigation and pressure boosting since 1998.', {
    x: 60,
    y: 720,
    size: 13,
    font,
  });

  const product = pdf.addPage(size);
  product.drawText('AquaJet 500 booster pump', { x: 60, y: 760, size: 22, font: bold });
  product.drawImage(await pdf.embedPng(photo), { x: 60, y: 470, width: 240, height: 180 });
  const rows = [
    ['Model', 'Flow', 'Head'],
    ['AquaJet 500', '60 L/min', '42 m'],
  ];
  rows.forEach((row, i) =>
    row.forEach((cell, j) =>
      product.drawText(cell, { x: 330 + j * 80, y: 660 - i * 22, size: 12, font }),
    ),
  );
  product.drawText('Unit price of the AquaJet 500: USD 1,250', { x: 330, y: 600, size: 11, font });
  product.drawRectangle({
    x: 325,
    y: 590,
    width: 250,
    height: 95,
    borderColor: rgb(0.6, 0.6, 0.6),
    borderWidth: 1,
  });

  const service = pdf.addPage(size);
  service.drawText('Service and warranty', { x: 60, y: 760, size: 22, font: bold });
  service.drawText('The AquaJet 500 carries a 3-year warranty on motor and impeller.', {
    x: 60,
    y: 720,
    size: 12,
    font,
  });
  service.drawText('Spare parts for the AquaJet 500 ship within 48 hours.', {
    x: 60,
    y: 700,
    size: 12,
    font,
  });
  return new Uint8Array(await pdf.save());
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  owner = await createVerifiedAccount(page, { organization: 'Lotus Pumps' });
  await loginByApi(page, owner);
  const created = await page.request.post('/api/business-cards', {
    multipart: { companyName: COMPANY, contactName: 'Chen Jie', email: 'sales@lotus.example' },
  });
  expect(created.status()).toBe(201);
  cardId = ((await created.json()) as { id: number }).id;
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);

  const form = new FormData();
  form.append('businessCardId', String(cardId));
  form.append(
    'documents',
    new Blob([await catalogue(await drawProductPhoto(page))]),
    'lotus-catalogue.pdf',
  );
  expect((await page.request.post('/api/documents', { multipart: form })).status()).toBe(201);
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/business-cards/${cardId}/documents`);
        return ((await response.json()) as Array<{ status: string }>).map((d) => d.status);
      },
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toEqual(['ready']);
  await context.close();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
});

const assistantMessages = (page: Page) =>
  page.locator('[data-testid="chat-message"][data-role="assistant"]');

async function openChat(page: Page): Promise<void> {
  await page.goto(`/chat/card/${cardId}?src=qr`);
  await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('chat-input')).toHaveAttribute('placeholder', 'Ask a question…');
}

async function ask(page: Page, question: string): Promise<Locator> {
  const before = await assistantMessages(page).count();
  await page.getByTestId('chat-input').fill(question);
  await page.getByTestId('chat-send').click();
  const answer = assistantMessages(page).nth(before);
  await expect(answer).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
  return answer;
}

/**
 * A screenshot of what is on the screen (snap() takes the whole page, where a full-screen
 * viewer over a long owner page would sit somewhere in the middle).
 */
async function snapScreen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.resolve('e2e/artifacts', `${name}.png`) });
}

/** An <img> that the browser has decoded: its natural size (0 × 0 until then, or broken). */
const naturalSize = (image: Locator) =>
  image.evaluate((element: HTMLImageElement) =>
    element.complete ? { width: element.naturalWidth, height: element.naturalHeight } : null,
  );

/** Where the tab is in its history (Chromium's Navigation API). */
const historyIndex = (page: Page) =>
  page.evaluate(
    () =>
      (globalThis as unknown as { navigation: { currentEntry: { index: number } } }).navigation
        .currentEntry.index,
  );

/** Fingers on the glass, through Chromium's own touch input (the page sees real touches). */
async function touch(
  cdp: CDPSession,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  points: Array<[number, number]>,
) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id })),
  });
}

async function swipeLeft(
  cdp: CDPSession,
  box: { x: number; y: number; width: number; height: number },
) {
  const y = box.y + box.height / 2;
  const from = box.x + box.width * 0.8;
  await touch(cdp, 'touchStart', [[from, y]]);
  for (let step = 1; step <= 6; step++) await touch(cdp, 'touchMove', [[from - step * 40, y]]);
  await touch(cdp, 'touchEnd', []);
}

async function pinchOut(
  cdp: CDPSession,
  box: { x: number; y: number; width: number; height: number },
) {
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await touch(cdp, 'touchStart', [
    [cx - 30, cy],
    [cx + 30, cy],
  ]);
  for (let step = 1; step <= 6; step++)
    await touch(cdp, 'touchMove', [
      [cx - 30 - step * 15, cy],
      [cx + 30 + step * 15, cy],
    ]);
  await touch(cdp, 'touchEnd', []);
}

test('the buyer sees the cited pages, zooms, swipes and closes', async ({ page }) => {
  // The buyer comes from another page: back, at the end, returns there.
  await page.goto('/');
  await openChat(page);
  const chatUrl = page.url();
  const chatEntry = await historyIndex(page);
  const cdp = await page.context().newCDPSession(page);

  // The previews come slowly on a fair's network: the answer's text does not wait for them.
  let releasePreviews!: () => void;
  const previewsHeld = new Promise<void>((resolve) => (releasePreviews = resolve));
  await page.route('**/api/documents/*/pages/*/preview*', async (route) => {
    await previewsHeld;
    await route.continue();
  });

  const answer = await ask(page, 'What is the price and the warranty of the AquaJet 500?');
  await expect(answer).toContainText('1,250');
  const thumbnails = answer.getByTestId('source-thumbnail');
  await expect(thumbnails.first()).toBeVisible();
  // Its box is there before its picture: nothing moves when the picture arrives.
  const boxBefore = await thumbnails.first().boundingBox();
  expect(await naturalSize(thumbnails.first().locator('img'))).toBeNull();
  releasePreviews();

  expect(await thumbnails.count()).toBeGreaterThanOrEqual(2);
  await expect(thumbnails.first()).toHaveAccessibleName(/Source 1: lotus-catalogue\.pdf, p\. \d/);
  await expect
    .poll(async () => (await naturalSize(thumbnails.first().locator('img')))?.width ?? 0)
    .toBeGreaterThan(0);
  expect(await thumbnails.first().boundingBox()).toEqual(boxBefore);
  // A tap target of at least 44 px.
  expect(boxBefore!.height).toBeGreaterThanOrEqual(44);
  expect(boxBefore!.width).toBeGreaterThanOrEqual(44);

  // The AquaJet's photo, cut from its page, above the answer's text, its space reserved.
  const picture = answer.getByTestId('answer-picture').first();
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute('alt', /Picture from lotus-catalogue\.pdf/);
  await expect.poll(async () => (await naturalSize(picture))?.width ?? 0).toBeGreaterThan(0);
  await snap(page, 'chat-source-thumbnails');

  // A tap opens the cited page full-screen, the passage marked by the server.
  const first = thumbnails.first();
  const firstName = (await first.getAttribute('aria-label'))!.replace(/^Source 1: /, '');
  await first.tap();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer).toBeVisible();
  await expect(page.getByRole('dialog', { name: firstName })).toBeVisible();
  await expect(viewer.getByTestId('source-viewer-count')).toHaveText(
    `1 / ${await thumbnails.count()}`,
  );
  const image = viewer.getByTestId('source-viewer-image');
  await expect.poll(async () => (await naturalSize(image))?.width ?? 0).toBeGreaterThan(0);
  expect((await naturalSize(image))!.width).toBeLessThanOrEqual(1200);
  const viewerBox = await viewer.boundingBox();
  expect(viewerBox).toMatchObject({ x: 0, y: 0, width: PHONE.width, height: PHONE.height });
  await snap(page, 'chat-source-viewer');

  // Double-tap zooms in where the finger is; again, back out.
  const stage = viewer.getByTestId('source-viewer-stage');
  await expect(stage).toHaveAttribute('data-scale', '1.00');
  const imageBox = (await image.boundingBox())!;
  const spot = { x: imageBox.x + imageBox.width * 0.7, y: imageBox.y + imageBox.height * 0.3 };
  await page.touchscreen.tap(spot.x, spot.y);
  await page.touchscreen.tap(spot.x, spot.y);
  await expect(stage).toHaveAttribute('data-scale', '2.50');
  await expect(viewer.getByTestId('source-viewer-zoom')).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(300); // the zoom's 200 ms easing
  await snap(page, 'chat-source-viewer-zoomed');
  await page.touchscreen.tap(spot.x, spot.y);
  await page.touchscreen.tap(spot.x, spot.y);
  await expect(stage).toHaveAttribute('data-scale', '1.00');

  // Two fingers spread: a pinch zooms in.
  const stageBox = (await stage.boundingBox())!;
  await pinchOut(cdp, stageBox);
  await expect
    .poll(async () => Number(await stage.getAttribute('data-scale')))
    .toBeGreaterThan(1.5);
  await viewer.getByTestId('source-viewer-zoom').tap();
  await expect(stage).toHaveAttribute('data-scale', '1.00');

  // A swipe to the left: the answer's next source.
  const title = viewer.getByTestId('source-viewer-title');
  await expect(title).toHaveText(firstName);
  await swipeLeft(cdp, stageBox);
  await expect(viewer).toHaveAttribute('data-index', '1');
  await expect(viewer.getByTestId('source-viewer-count')).toHaveText(/^2 \/ \d$/);
  const secondName = (await thumbnails.nth(1).getAttribute('aria-label'))!.replace(
    /^Source 2: /,
    '',
  );
  await expect(title).toHaveText(secondName);
  await expect.poll(async () => (await naturalSize(image))?.width ?? 0).toBeGreaterThan(0);
  await snap(page, 'chat-source-viewer-second');
  // The arrow keys too.
  await page.keyboard.press('ArrowLeft');
  await expect(viewer).toHaveAttribute('data-index', '0');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toHaveAttribute('data-index', '1');

  // The phone's back button leaves the viewer, not the chat.
  await page.evaluate(() => history.back());
  await expect(viewer).toBeHidden();
  expect(page.url()).toBe(chatUrl);
  await expect(answer).toContainText('1,250');

  // Escape closes it and the focus is back on the thumbnail; so does the close button.
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(viewer).toBeVisible();
  // Keys reach the viewer once it holds the focus (its handlers are set up after it is drawn).
  await expect
    .poll(() => viewer.evaluate((node) => node.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(first).toBeFocused();
  await expect.poll(() => historyIndex(page)).toBe(chatEntry);
  await first.tap();
  await viewer.getByTestId('source-viewer-close').tap();
  await expect(viewer).toBeHidden();
  // Closing took the viewer's history entry with it: back now leaves the chat.
  await expect.poll(() => historyIndex(page)).toBe(chatEntry);
  await page.goBack();
  await expect(page).not.toHaveURL(chatUrl);
});

test.describe('when the pages cannot be had', () => {
  // 503: the refusal this test provokes for the page images.
  test.use({ expectedStatuses: [503] });

  test("the chip comes back, and the product's picture still opens enlarged", async ({ page }) => {
    await openChat(page);
    // The preview cannot be had (the server is unreachable for it): the chip comes back.
    await page.route('**/api/documents/*/pages/*/preview*', (route) =>
      route.fulfill({ status: 503, body: '' }),
    );
    const answer = await ask(page, 'How much does the AquaJet 500 cost?');
    await expect(answer.getByTestId('citation-chip').first()).toBeVisible();
    await expect(answer.getByTestId('source-thumbnail')).toHaveCount(0);
    await answer.getByTestId('citation-chip').first().tap();
    await expect(page.getByTestId('citation-sheet')).toBeVisible();
    await expect(page.getByTestId('citation-excerpt')).toContainText('AquaJet 500');
    await page.keyboard.press('Escape');

    await answer.getByTestId('answer-picture').first().tap();
    const viewer = page.getByTestId('source-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('source-viewer-title')).toHaveText(/^Picture from lotus/);
    await viewer.getByTestId('source-viewer-close').tap();
    await expect(viewer).toBeHidden();
  });
});

test('the exhibitor sees the pages the buyer saw, and every page of a document', async ({
  page,
  browser,
}) => {
  // The buyer asks on their phone.
  await openChat(page);
  const answer = await ask(page, 'What is the price of the AquaJet 500?');
  const buyerSaw = await answer
    .getByTestId('source-thumbnail')
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
  expect(buyerSaw.length).toBeGreaterThan(0);

  // The exhibitor, on a laptop, opens that conversation.
  const laptop = await browser.newContext({
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const desk = await laptop.newPage();
  try {
    await loginByApi(desk, owner);
    const { notifications } = (await (await desk.request.get('/api/notifications')).json()) as {
      notifications: Array<{ customerId: number }>;
    };
    await desk.goto(`/conversations/${notifications[0]!.customerId}`);
    const seen = desk.getByRole('list', { name: 'Pages the visitor saw' }).last();
    await expect(seen).toBeVisible();
    const thumbnails = seen.getByTestId('source-thumbnail');
    // The same pages, in the same order, as the buyer's.
    expect(
      await thumbnails.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label'))),
    ).toEqual(buyerSaw);
    await expect
      .poll(async () => (await naturalSize(thumbnails.first().locator('img')))?.width ?? 0)
      .toBeGreaterThan(0);
    await expect(desk.getByTestId('answer-picture').last()).toBeVisible();
    await thumbnails.first().click();
    const viewer = desk.getByTestId('source-viewer');
    await expect(viewer).toBeVisible();
    const image = viewer.getByTestId('source-viewer-image');
    await expect.poll(async () => (await naturalSize(image))?.width ?? 0).toBeGreaterThan(0);
    await snapScreen(desk, 'conversation-source-viewer-desktop');
    await desk.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(thumbnails.first()).toBeFocused();

    // "What the assistant reads": each page of the catalogue beside its text.
    await desk.goto(`/result/${cardId}`);
    await desk.getByTestId('card-documents').getByTestId('view-text').first().click();
    const dialog = desk.getByTestId('document-text-dialog');
    const pages = dialog.getByTestId('source-thumbnail');
    await expect(pages).toHaveCount(3);
    await expect(pages.nth(1)).toHaveAccessibleName('See page 2');
    await pages.nth(1).click();
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('source-viewer-title')).toHaveText(
      'lotus-catalogue.pdf · Page 2',
    );
    await expect(viewer.getByTestId('source-viewer-count')).toHaveText('2 / 3');
    await expect.poll(async () => (await naturalSize(image))?.width ?? 0).toBeGreaterThan(0);
    await snapScreen(desk, 'document-text-page-viewer-desktop');
    // Escape closes the viewer only: the text stays open under it.
    await desk.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(pages.nth(1)).toBeFocused();
    await snapScreen(desk, 'document-text-pages-desktop');
  } finally {
    await laptop.close();
  }
});
