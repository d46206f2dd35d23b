import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  createVerifiedAccount,
  expect,
  loginByApi,
  snap,
  test,
  type Account,
  finishedCardWithFaq,
} from '../support/fixtures.ts';

/*
 * The first minute on a phone, by keyboard and in Chinese. axe-core
 * (WCAG 2.1 AA and best practice) runs on the landing page, login, register and the visitor
 * chat at phone and desktop size in English and Simplified Chinese; a keyboard-only visitor
 * asks, opens a source and leaves details; the phone landing page is photographed.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  { name: 'phone', viewport: PHONE },
  { name: 'desktop', viewport: DESKTOP },
] as const;
const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
const INTRO_SEEN_KEY = 'docucard.introSeen';
const COMPANY = 'Aoxin Pump Industry';

/** The interface language for this page; `introSeen` skips the landing intro. */
async function useLanguage(page: Page, language: string, introSeen = true) {
  await page.addInitScript(
    ([lang, key, seen]) => {
      localStorage.setItem('selectedLanguage', lang as string);
      if (seen) localStorage.setItem(key as string, '1');
    },
    [language, INTRO_SEEN_KEY, introSeen] as const,
  );
}

// The app's CSP allows no inline script; axe is injected by the test, not by the app.
test.use({ bypassCSP: true });

let cardId = 0;
let owner: Account;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const page = await context.newPage();
  owner = await createVerifiedAccount(page, { organization: COMPANY });
  await loginByApi(page, owner);
  cardId = await finishedCardWithFaq(page, {
    companyName: COMPANY,
    contactName: 'Wang Fang',
    phone: '+86 21 5555 1234',
    email: 'sales@aoxin.example',
  });
  await context.close();
});

test.describe('the landing page on a phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('log in, register and the language are one tap away, even while the intro plays', async ({
    page,
  }) => {
    await useLanguage(page, 'en', false);
    // The intro is held while its moments are checked, or a slow machine sees it end halfway:
    // its animations are paused and, once it shows, the page's clock (its fallback timer);
    // both go on below.
    await page.clock.install();
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const hold = document.createElement('style');
        hold.id = 'hold-intro';
        hold.textContent = '.intro-scene [data-part] { animation-play-state: paused !important; }';
        document.head.append(hold);
      }),
    );
    await page.goto('/');
    const root = page.locator('[data-intro-phase]');
    await expect(root).toHaveAttribute('data-intro-phase', 'intro');
    // A moment ahead of the page's now: pausing at a time already past is refused.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 200);
    const login = page.getByTestId('landing-login');
    const register = page.getByTestId('landing-register');
    await expect(login).toBeVisible();
    await expect(register).toBeVisible();
    await expect(page.getByTestId('language-switcher')).toBeVisible();
    await snap(page, 'landing-phone-intro');

    // "Skip intro" is clickable everywhere on it: nothing lies over any of its corners.
    const skip = page.getByTestId('skip-intro');
    const covered = await skip.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const points = [
        // 8 px in: the centres of its rounded corners.
        [box.left + 8, box.top + 8],
        [box.right - 8, box.top + 8],
        [box.left + 8, box.bottom - 8],
        [box.right - 8, box.bottom - 8],
      ];
      return points
        .map(([x, y]) => document.elementFromPoint(x!, y!))
        .filter((top) => !button.contains(top))
        .map((top) => `${top?.tagName}.${top?.className}`);
    });
    expect(covered).toEqual([]);

    // While the hero is invisible nothing in it takes focus: Tab goes through the banner only.
    const focused: string[] = [];
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      focused.push(
        await page.evaluate(() => {
          const element = document.activeElement;
          const hero = document.querySelector('[data-testid="landing-hero"]');
          return hero?.contains(element) ? 'HERO' : (element?.textContent ?? '').trim();
        }),
      );
    }
    expect(focused).not.toContain('HERO');
    expect(focused[0]).toBe('Skip to main content');

    // The intro is short and plays once per browser.
    await page.evaluate(() => document.getElementById('hold-intro')?.remove());
    await page.clock.resume();
    await expect(root).toHaveAttribute('data-intro-phase', 'settled', { timeout: 1800 });
    await expect(page.getByTestId('intro-dim')).toHaveCSS('opacity', '0.7');
    await expect(page.getByTestId('landing-hero')).toHaveCSS('opacity', '1');
    await snap(page, 'landing-phone-settled');
    await page.reload();
    await expect(root).toHaveAttribute('data-intro-phase', 'settled');

    await login.click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the footer languages switch the interface', async ({ page }) => {
    await useLanguage(page, 'en');
    await page.goto('/');
    await page.getByTestId('footer-language-zh-CN').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByTestId('landing-login')).toHaveText('登录');
    await expect(page.getByTestId('footer-language-zh-CN')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('footer-language-zh-TW').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await page.getByTestId('footer-language-en').click();
    await expect(page.getByTestId('landing-login')).toHaveText('Log in');
  });

  test('a signed-in owner never sees the intro', async ({ page }) => {
    const owner = await createVerifiedAccount(page);
    await loginByApi(page, owner);
    await useLanguage(page, 'en', false);
    await page.goto('/');
    await expect(page.getByTestId('landing-console')).toBeVisible();
    await expect(page.locator('[data-intro-phase]')).toHaveAttribute('data-intro-phase', 'settled');
  });
});

for (const size of SIZES) {
  for (const language of LANGUAGES) {
    test.describe(`${size.name}, ${language}`, () => {
      test.use({ viewport: size.viewport });

      test('landing, login and register have no axe violations', async ({ page }) => {
        await useLanguage(page, language);
        for (const route of ['/', '/login', '/register']) {
          await page.goto(route);
          await expect(page.locator('h1').first()).toBeVisible();
          await expectNoAxeViolations(page, `${route} (${size.name}, ${language})`);
        }
      });

      test('the visitor chat, its answer, source and lead form have no axe violations', async ({
        page,
      }) => {
        await useLanguage(page, language);
        await page.goto(`/chat/card/${cardId}`);
        await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
        if (language === 'zh-CN')
          await expect(page.getByTestId('chat-welcome')).toContainText(`欢迎咨询 ${COMPANY}`);
        await expectNoAxeViolations(page, `chat welcome (${size.name}, ${language})`);

        await page.getByTestId('chat-input').fill('Can we mix designs in one container?');
        await page.getByTestId('chat-input').press('Enter');
        const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]');
        await expect(answer.first()).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
        await expectNoAxeViolations(page, `chat answer (${size.name}, ${language})`);

        await answer.first().getByTestId('source-thumbnail').first().click();
        await expect(page.getByTestId('source-viewer-image')).toBeVisible();
        await expectNoAxeViolations(page, `source viewer (${size.name}, ${language})`);
        await page.keyboard.press('Escape');
        await expect(page.getByTestId('source-viewer')).toBeHidden();

        await page.getByTestId('leave-details').click();
        await expect(page.getByTestId('lead-sheet')).toBeVisible();
        await expectNoAxeViolations(page, `lead form (${size.name}, ${language})`);
        if (size.name === 'phone' && language === 'zh-CN') await snap(page, 'a11y-chat-lead-zh');
      });
    });
  }
}

test.describe('the visitor chat by keyboard alone', () => {
  test.use({ viewport: PHONE });

  test('ask, read, open a source, leave details: focus is always where the visitor is', async ({
    page,
  }) => {
    await useLanguage(page, 'en');
    await page.goto(`/chat/card/${cardId}`);
    await expect(page.getByTestId('chat-page')).toHaveAttribute('data-status', 'ready');
    const input = page.getByTestId('chat-input');

    // Type and press Enter: the question goes, focus stays in the box.
    await input.focus();
    await page.keyboard.type('Can we mix designs in one container?');
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    const answer = page.locator('[data-testid="chat-message"][data-role="assistant"]').first();
    await expect(answer).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });
    await expect(answer).toContainText('5 designs');
    await expect(input).toBeFocused();

    // A second question sent with Enter on the Send button: focus back in the box.
    await page.keyboard.type('Can you print our brand on the boxes?');
    await page.getByTestId('chat-send').focus();
    await page.keyboard.press('Enter');
    await expect(input).toBeFocused();
    await expect(
      page.locator('[data-testid="chat-message"][data-role="assistant"]').nth(1),
    ).toHaveAttribute('data-state', 'sent', { timeout: 30_000 });

    // Each source is one tab stop: in every answer, the keyboard reaches one control per
    // source (its page thumbnail, or its chip) and the two rating buttons, never a second
    // control with the same name.
    const perAnswer = await page
      .locator('[data-testid="chat-message"][data-role="assistant"]')
      .evaluateAll((answers) =>
        answers.map((answer) => ({
          chips: answer.querySelectorAll(
            '[data-testid="citation-chip"], [data-testid="source-thumbnail"]',
          ).length,
          ratings: answer.querySelectorAll('[data-testid="rate-up"], [data-testid="rate-down"]')
            .length,
          stops: [...answer.querySelectorAll<HTMLElement>('button, a[href], [tabindex]')]
            .filter((element) => element.tabIndex >= 0)
            .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? ''),
        })),
      );
    expect(perAnswer.some((answer) => answer.chips > 0)).toBe(true);
    for (const answer of perAnswer) {
      expect(answer.ratings).toBe(2);
      expect(answer.stops).toHaveLength(answer.chips + answer.ratings);
      expect(new Set(answer.stops).size).toBe(answer.stops.length);
    }
    // Shift+Tab from the message box walks back through the last answer's rating into the
    // conversation's sources.
    await input.focus();
    for (const control of ['chat-image-button', 'chat-camera']) {
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByTestId(control)).toBeFocused();
    }
    for (const control of ['rate-down', 'rate-up']) {
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByTestId(control).last()).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByTestId('source-thumbnail').last()).toBeFocused();

    // The source opens as its page; the arrow keys would reach the answer's other sources.
    const source = answer.getByTestId('source-thumbnail').first();
    await source.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByTestId('source-viewer');
    await expect(viewer).toBeVisible();
    await expect(viewer.getByTestId('source-viewer-close')).toBeFocused();
    await expect(viewer.getByTestId('source-viewer-image')).toHaveAttribute('alt', /5 designs/);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    await expect(source).toBeFocused();

    // Leave details by keyboard; the confirmation takes focus.
    await page.getByTestId('leave-details').focus();
    await page.keyboard.press('Enter');
    const lead = page.getByTestId('lead-sheet');
    await expect(lead).toBeVisible();
    await lead.getByTestId('lead-name').focus();
    await page.keyboard.type('Anna Schmidt');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type('anna@schmidt.example');
    await lead.getByTestId('lead-consent').focus();
    await page.keyboard.press('Space');
    await lead.getByTestId('lead-submit').focus();
    await page.keyboard.press('Enter');
    await expect(lead.getByTestId('lead-confirmation')).toBeFocused();
    await expect(lead.getByTestId('lead-confirmation')).toContainText('Anna Schmidt');
  });
});

test.describe('small type on a phone', () => {
  test.use({ viewport: PHONE });

  test('the card preview on my cards draws no text under 12 px', async ({ page }) => {
    await loginByApi(page, owner);
    await useLanguage(page, 'en');
    await page.goto('/my-cards');
    const card = page.locator('svg[data-side="front"]').first();
    await expect(card).toBeVisible();
    await expect(card).toHaveAttribute('aria-label', /Aoxin|Wang Fang/);
    // Every <text> still drawn has a font of at least 12 CSS px on screen.
    await expect
      .poll(() =>
        card.evaluate((svg) =>
          [...svg.querySelectorAll('text')]
            .filter((text) => getComputedStyle(text).visibility !== 'hidden')
            .map((text) => {
              const scale =
                svg.getBoundingClientRect().width / (svg as SVGSVGElement).viewBox.baseVal.width;
              const units = Number.parseFloat(getComputedStyle(text).fontSize);
              return Math.round(units * scale * 10) / 10;
            })
            .filter((px) => px < 12),
        ),
      )
      .toEqual([]);
  });
});
