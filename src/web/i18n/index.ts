import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  isLanguage,
  type Language,
} from '#shared/limits.ts';
import {
  CJK_SPACING,
  cjkSpacingInterpolation,
  cjkSpacingPostProcessor,
} from '../lib/cjk-spacing-i18next.ts';
import { TEXTS, readStoredLanguage } from './texts.ts';

/** Fetches the texts of each language not held yet (a failed fetch is tried again next time). */
export async function loadLanguages(languages: readonly Language[]): Promise<void> {
  await Promise.all(
    languages
      .filter((language) => !i18n.hasResourceBundle(language, 'translation'))
      .map(async (language) => {
        const { default: texts } = await TEXTS[language]();
        i18n.addResourceBundle(language, 'translation', texts);
      }),
  );
}

/** Native names, shown the same in every interface language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

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
    // The reader's language arrives by `languageReady`.
    resources: {},
    partialBundledLanguages: true,
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

/**
 * True once the reader's language has arrived, false if it could not be fetched. Started as
 * soon as this module runs; app-root.tsx draws nothing before it settles. Not a top-level
 * await: that makes the bundler split the entry the visitor chat shares into many chunks.
 */
export const languageReady: Promise<boolean> = loadLanguages([currentLanguage()]).then(
  () => true,
  (error: unknown) => {
    console.warn('[DocuCard] the interface texts could not be loaded', error);
    return false;
  },
);

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
  await loadLanguages([language]);
  await i18n.changeLanguage(language);
}

export default i18n;
