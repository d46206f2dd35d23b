import type { Browser } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config.ts';
import { expect, snap, test } from '../support/fixtures.ts';

/*
 * The first screen speaks the visitor's language. Without a saved choice the
 * interface follows the browser (en* English; zh-TW/HK/MO and zh-Hant Traditional; other zh
 * Simplified; anything else Simplified, the default); a saved choice always wins.
 */

const BASE_URL = `http://localhost:${E2E_PORT}`;
const INTRO_SEEN_KEY = 'docucard.introSeen';

/** A fresh browser with that language setting, the landing intro already seen. */
async function browserIn(browser: Browser, locale: string, saved?: string) {
  const context = await browser.newContext({ baseURL: BASE_URL, locale });
  await context.addInitScript(
    ([key, choice]) => {
      localStorage.setItem(key!, '1');
      if (choice && !localStorage.getItem('selectedLanguage'))
        localStorage.setItem('selectedLanguage', choice);
    },
    [INTRO_SEEN_KEY, saved] as const,
  );
  return { context, page: await context.newPage() };
}

const CASES = [
  {
    locale: 'en-US',
    lang: 'en',
    login: 'Log in',
    hero: 'Your documents, one scan away from every buyer',
    heading: 'Log in',
  },
  {
    locale: 'zh-HK',
    lang: 'zh-TW',
    login: '登入',
    hero: '您的資料，買家掃碼即得',
    heading: '登入',
  },
  {
    locale: 'zh-CN',
    lang: 'zh-CN',
    login: '登录',
    hero: '您的资料，买家扫码即得',
    heading: '登录',
  },
  // Neither English nor Chinese: the default, Simplified Chinese.
  {
    locale: 'de-DE',
    lang: 'zh-CN',
    login: '登录',
    hero: '您的资料，买家扫码即得',
    heading: '登录',
  },
] as const;

for (const { locale, lang, login, hero, heading } of CASES) {
  test(`a ${locale} browser gets the landing page and the next screen in ${lang}`, async ({
    browser,
  }) => {
    const { context, page } = await browserIn(browser, locale);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(hero);
    await expect(page.getByTestId('landing-login')).toHaveText(login);
    await expect(page.getByTestId('language-switcher')).toHaveValue(lang);
    if (locale === 'en-US' || locale === 'zh-HK') await snap(page, `landing-browser-${locale}`);

    // Every other screen follows too; nothing was saved, so the browser still decides.
    await page.getByTestId('landing-login').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('selectedLanguage'))).toBeNull();
    await context.close();
  });
}

test('a saved choice always wins over the browser, and stays after a reload', async ({
  browser,
}) => {
  // Saved before: a Hong Kong browser whose user chose English.
  const saved = await browserIn(browser, 'zh-HK', 'en');
  await saved.page.goto('/');
  await expect(saved.page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(saved.page.getByTestId('landing-login')).toHaveText('Log in');
  await saved.context.close();

  // Chosen now: an English browser switched to Traditional Chinese.
  const { context, page } = await browserIn(browser, 'en-US');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByTestId('language-switcher').selectOption('zh-TW');
  await expect(page.getByTestId('landing-login')).toHaveText('登入');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByTestId('landing-login')).toHaveText('登入');
  await context.close();
});
