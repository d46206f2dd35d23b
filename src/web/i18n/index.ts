import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  isLanguage,
  type Language,
} from '#shared/limits.ts';
import en from '#shared/i18n/en.json';
import zhCN from '#shared/i18n/zh-CN.json';
import zhTW from '#shared/i18n/zh-TW.json';
import {
  CJK_SPACING,
  cjkSpacingInterpolation,
  cjkSpacingPostProcessor,
} from '../lib/cjk-spacing-i18next.ts';
import { browserInterfaceLanguage } from './browser-language.ts';

/** Every locale is bundled: switching language never waits for the network. */
export const resources = {
  en: { translation: en },
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
} as const;

/** Native names, shown the same in every interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/** The saved choice when there is one, else what the browser prefers (browser-language.ts). */
function readStoredLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : browserInterfaceLanguage();
  } catch {
    // Storage can be unavailable (privacy mode); the browser's language still works.
    return browserInterfaceLanguage();
  }
}

/** Simplified Chinese, Hong Kong and Taiwan Chinese browsers get a region marker. */
export function isChineseBrowser(languages: readonly string[]): boolean {
  return languages.some((language) => language.toLowerCase().startsWith('zh'));
}

function applyDocumentLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
}

function markChineseRegion(): void {
  if (typeof document === 'undefined' || typeof navigator === 'undefined') return;
  const languages = navigator.languages?.length ? navigator.languages : [navigator.language];
  if (isChineseBrowser(languages)) document.documentElement.dataset.region = 'china';
}

void i18n
  .use(initReactI18next)
  .use(cjkSpacingPostProcessor)
  .init({
    resources,
    lng: readStoredLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // 'zh-CN' must not fall back through 'zh', which has no resources.
    load: 'currentOnly',
    nonExplicitSupportedLngs: false,
    // React escapes on render; the hook only marks values so Chinese gets a space at Latin seams.
    interpolation: cjkSpacingInterpolation,
    postProcess: [CJK_SPACING],
    returnEmptyString: false,
    initAsync: false,
    react: { useSuspense: false },
  });

applyDocumentLanguage(currentLanguage());
markChineseRegion();
i18n.on('languageChanged', (language) => {
  if (isLanguage(language)) applyDocumentLanguage(language);
});

/** The interface language, always one of LANGUAGES. */
export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** Switches the interface language and remembers the choice under `selectedLanguage`. */
export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisted, but the switch itself still happens.
  }
  await i18n.changeLanguage(language);
}

export default i18n;
