import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { axeViolations } from '../support/axe.ts';
import { createVerifiedAccount, expect, loginByApi, snap, test } from '../support/fixtures.ts';

/*
 * A buyer on a phone rates an answer the documents could not give; the owner, on a
 * desktop, sees the question grouped with its paraphrase on "Questions to answer", answers it
 * once; the buyer's next paraphrase gets the exhibitor's answer, cited as theirs. A staff reply
 * in a taken-over conversation becomes an answer with "save as answer".
 */

const FAQ = path.resolve('fixtures/hengtai/hengtai-faq.txt');
const BASE_URL = `http://localhost:${E2E_PORT}`;
const PHONE = { width: 390, height: 844 };
const BRAZIL = 'Yes, we ship to Brazil by sea from Foshan; transit to Santos takes 35 to 40 days.';

// axe is injected by the test (the app's CSP allows no inline script).
test.use({ bypassCSP: true });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  // Dialogs are shown settled in the screenshots (no motion under reduced motion).
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** What the phone's screen shows right now (the chat scrolls inside the page). */
async function snapPhone(visitor: Page, name: string): Promise<void> {
  await visitor.screenshot({ path: path.resolve('e2e/artifacts', `${name}.png`) });
}

async function hengtaiCard(page: Page): Promise<number> {
  const session = await page.request.post('/api/business-card-session', { data: {} });
  const cardId = ((await session.json()) as { businessCardId: number }).businessCardId;
  await page.request.put(`/api/business-cards/${cardId}`, { data: { companyName: 'Hengtai' } });
  expect(
    (await page.request.post(`/api/business-cards/${cardId}/finalize`, { data: {} })).status(),
  ).toBe(200);
  await page.request.post('/api/documents', {
    multipart: {
      businessCardId: String(cardId),
      documents: { name: 'hengtai-faq.txt', mimeType: 'text/plain', buffer: await readFile(FAQ) },
    },
  });
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/business-cards/${cardId}/documents`);
        const documents = (await response.json()) as Array<{ status: string }>;
        return documents.length > 0 && documents.every((d) => d.status === 'ready');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return cardId;
}

/** The visitor asks on the page and waits for the complete answer (its 👍 / 👎 shown). */
async function ask(visitor: Page, question: string) {
  const answers = visitor.locator('[data-role="assistant"]');
  const before = await answers.count();
  await visitor.getByTestId('chat-input').fill(question);
  await visitor.getByTestId('chat-send').click();
  await expect(answers).toHaveCount(before + 1, { timeout: 20_000 });
  const answer = answers.nth(before);
  await expect(answer.getByTestId('answer-feedback')).toBeVisible();
  return answer;
}

test('a buyer rates, the owner answers the group, the next buyer gets the exhibitor’s answer', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await loginByApi(page, await createVerifiedAccount(page));
  const cardId = await hengtaiCard(page);

  const phone = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'en-US',
    viewport: PHONE,
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  await phone.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  const visitor = await phone.newPage();
  try {
    // The buyer's phone: a question the documents do not cover, declined, rated 👎 by keyboard.
    await visitor.goto(`/chat/card/${cardId}?src=qr`);
    const declined = await ask(visitor, 'Do you ship to Brazil?');
    await expect(declined).toContainText('couldn');
    const down = declined.getByRole('button', { name: 'Not helpful' });
    const up = declined.getByRole('button', { name: 'Helpful', exact: true });
    await expect(declined.getByRole('group', { name: 'Was this answer helpful?' })).toBeVisible();
    await up.focus();
    await visitor.keyboard.press('Tab');
    await expect(down).toBeFocused();
    await visitor.keyboard.press('Enter');
    await expect(down).toHaveAttribute('aria-pressed', 'true');
    await expect(up).toHaveAttribute('aria-pressed', 'false');
    await expect(declined.getByTestId('feedback-thanks')).toBeVisible();
    // The same question in other words: one group for the owner.
    await ask(visitor, 'Can you send the goods to Brazil?');
    // A covered question is answered from the documents, and rated 👍.
    const covered = await ask(visitor, 'Can we mix designs in one container?');
    await covered.getByRole('button', { name: 'Helpful', exact: true }).click();
    await expect(covered.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await declined.scrollIntoViewIfNeeded();
    await snapPhone(visitor, 'questions-buyer-rates-phone');
    expect(await axeViolations(visitor), 'chat with ratings').toEqual([]);
    // The rating is kept: after a reload the 👎 is still pressed.
    await visitor.reload();
    await expect(
      visitor
        .locator('[data-role="assistant"]')
        .first()
        .getByRole('button', { name: 'Not helpful' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // The owner's card page links to the list, with its count.
    await page.goto(`/result/${cardId}`);
    const link = page.getByTestId('questions-link');
    await expect(link.getByTestId('questions-badge')).toHaveText('1 waiting');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/questions-to-answer\\?businessCardId=${cardId}$`));
    await expect(
      page.getByRole('heading', { name: 'Questions to answer', level: 1 }),
    ).toBeVisible();
    const group = page.getByTestId('question-group');
    await expect(group).toHaveCount(1);
    await expect(group.getByTestId('group-count')).toHaveText('Asked 2 times');
    await expect(group.getByTestId('group-reason')).toHaveText('Not helpful, a buyer said');
    await expect(group.getByTestId('group-examples')).toContainText(
      /Do you ship to Brazil\?|Can you send the goods to Brazil\?/,
    );
    await expect(group.getByTestId('group-languages')).toHaveText('English');
    await expect(group.getByTestId('group-conversation')).toHaveCount(1);
    await expect(page.getByTestId('questions-open')).toContainText('1');
    await snap(page, 'questions-owner-list-desktop');
    expect(await axeViolations(page), 'questions to answer').toEqual([]);
    // The same screen on a phone: one column, nothing cut off.
    await page.setViewportSize(PHONE);
    await expect(group.getByTestId('group-answer')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await snap(page, 'questions-owner-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Answering it: the form holds the question; the group leaves the list.
    await group.getByTestId('group-answer').click();
    const dialog = page.getByTestId('answer-dialog');
    await expect(dialog.getByLabel('Question')).toHaveValue(
      (await group.getByTestId('group-question').textContent()) ?? '',
    );
    // An empty answer is refused under its field, in words.
    await dialog.getByTestId('answer-save').click();
    await expect(dialog.getByText('This field is required')).toBeVisible();
    await dialog.getByLabel('Your answer').fill(BRAZIL);
    await snap(page, 'questions-owner-answer-dialog-desktop');
    expect(await axeViolations(page), 'answer dialog').toEqual([]);
    await dialog.getByTestId('answer-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('questions-empty')).toBeVisible();
    const saved = page.getByTestId('owner-answer');
    await expect(saved).toHaveCount(1);
    await expect(saved).toContainText(BRAZIL);
    await expect(saved).toContainText('Also answers:');
    await snap(page, 'questions-owner-answered-desktop');

    // The buyer asks in yet other words: the exhibitor's answer, cited as theirs.
    const answered = await ask(visitor, 'Is shipping to Brazil possible?');
    await expect(answered).toContainText(BRAZIL);
    const chip = answered.getByTestId('citation-chip');
    await expect(chip).toHaveText(/Answers from Hengtai/);
    await chip.scrollIntoViewIfNeeded();
    await snapPhone(visitor, 'questions-buyer-gets-answer-phone');
    await chip.click();
    await expect(visitor.getByTestId('citation-document')).toHaveText('Answers from Hengtai');
    await expect(visitor.getByTestId('citation-excerpt')).toHaveText(BRAZIL);
    await snapPhone(visitor, 'questions-buyer-answer-source-phone');
    await visitor.getByRole('button', { name: 'Close' }).first().click();

    // The figures count it.
    await page.goto('/analytics');
    const figures = page.getByTestId('answer-figures');
    await expect(figures.getByTestId('answers-fromAnswers')).toContainText('1');
    await expect(figures.getByTestId('answers-ratedDown')).toContainText('1');
    await expect(figures.getByTestId('answers-ratedUp')).toContainText('1');
    await expect(figures.getByTestId('answers-chart')).toBeVisible();
    await snap(page, 'questions-analytics-desktop');

    // The dashboard links there too, without a badge now nothing waits.
    await page.goto('/corporate-dashboard');
    await expect(page.getByTestId('feature-questions')).toBeVisible();
    await expect(page.getByTestId('feature-questions').getByTestId('questions-badge')).toHaveCount(
      0,
    );
  } finally {
    await phone.close();
  }
});

test('a staff reply in a taken-over conversation becomes an answer', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await loginByApi(page, await createVerifiedAccount(page));
  const cardId = await hengtaiCard(page);
  const phone = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'en-US',
    viewport: PHONE,
    reducedMotion: 'reduce',
    bypassCSP: true,
  });
  await phone.addInitScript(() => localStorage.setItem('selectedLanguage', 'en'));
  const visitor = await phone.newPage();
  try {
    await visitor.goto(`/chat/card/${cardId}?src=qr`);
    await ask(visitor, 'Can we mix designs in one container?');
    const customerId = (
      (await (await page.request.get('/api/notifications')).json()) as {
        notifications: Array<{ customerId: number }>;
      }
    ).notifications[0]!.customerId;
    await page.request.put(`/api/visitor-sessions/${customerId}/takeover`, {
      data: { active: true },
    });
    await expect(visitor.getByTestId('chat-takeover-banner')).toBeVisible();
    await visitor.getByTestId('chat-input').fill('Is there a 110 V version of the tile cutter?');
    await visitor.getByTestId('chat-send').click();

    await page.goto(`/conversations/${customerId}`);
    await expect(
      page.locator('[data-role="user"]').filter({ hasText: '110 V version' }),
    ).toHaveCount(1);
    await page.getByTestId('reply-input').fill('Yes, the cutter comes in 110 V for the Americas.');
    await page.getByTestId('reply-input').press('Enter');
    const reply = page.locator('[data-role="agent"]').filter({ hasText: 'comes in 110 V' });
    await expect(reply).toHaveCount(1);
    await reply.getByRole('button', { name: 'Save this reply as the answer' }).click();
    const dialog = page.getByTestId('answer-dialog');
    await expect(dialog.getByLabel('Question')).toHaveValue(
      'Is there a 110 V version of the tile cutter?',
    );
    await expect(dialog.getByLabel('Your answer')).toHaveValue(
      'Yes, the cutter comes in 110 V for the Americas.',
    );
    await snap(page, 'questions-save-staff-reply-desktop');
    await dialog.getByTestId('answer-save').click();
    await expect(dialog).toHaveCount(0);

    // Handed back to the assistant, a new buyer's paraphrase is answered from it.
    await page.request.put(`/api/visitor-sessions/${customerId}/takeover`, {
      data: { active: false },
    });
    const other = await browser.newContext({ baseURL: BASE_URL, viewport: PHONE });
    try {
      const response = await other.request.post(`/api/chat/${cardId}`, {
        headers: { 'x-language': 'en' },
        data: { message: 'Do you have a 110 V version of the tile cutter?' },
      });
      const body = (await response.json()) as {
        message: string;
        citations: Array<{ documentName: string }>;
      };
      expect(body.message).toContain('comes in 110 V');
      expect(body.citations[0]?.documentName).toBe('Answers from Hengtai');
    } finally {
      await other.close();
    }
  } finally {
    await phone.close();
  }
});
