import { LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '#shared/limits.ts';
import { browserInterfaceLanguage } from './browser-language.ts';

/*
 * Each language's texts are a chunk of their own: a page fetches only its reader's before it
 * draws (about 28 KiB compressed instead of 86 for all three), and switching language fetches
 * the new one first (docs/decisions/041). Fallback to the default language finds nothing it has
 * not fetched, which is never needed: every locale file has the same keys (i18n.test.ts).
 */
export const TEXTS: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import('#shared/i18n/en.json'),
  'zh-CN': () => import('#shared/i18n/zh-CN.json'),
  'zh-TW': () => import('#shared/i18n/zh-TW.json'),
};

/** The saved choice when there is one, else what the browser prefers (browser-language.ts). */
export function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : browserInterfaceLanguage();
  } catch {
    // Storage can be unavailable (privacy mode); the browser's language still works.
    return browserInterfaceLanguage();
  }
}

/**
 * Fetches the reader's texts now (main.tsx calls it first thing), beside the app's code rather
 * than after it; i18n/index.ts asks for the same chunk and gets it from the module cache.
 */
export function fetchReaderTexts(): void {
  TEXTS[readStoredLanguage()]().catch(() => undefined);
}
