import { LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '#shared/limits.ts';
import { browserLanguage } from './browser-language.ts';

/*
 * Where the visitor chat's texts come from: the `chat` and `validation` sections of each
 * shared locale file, one chunk per language, so a phone fetches only its visitor's language.
 * The chat's entry script (chat-main.tsx) starts that fetch beside the chat's own code, so the
 * texts do not wait for it; ./i18n.ts uses them.
 */

export type Tree = { readonly [key: string]: string | Tree };

const importers: Record<Language, () => Promise<Tree>> = {
  'zh-CN': () =>
    import('#shared/i18n/zh-CN.json?chat-slice.json').then(({ chat, validation }) => ({
      chat,
      validation,
    })),
  en: () =>
    import('#shared/i18n/en.json?chat-slice.json').then(({ chat, validation }) => ({
      chat,
      validation,
    })),
  'zh-TW': () =>
    import('#shared/i18n/zh-TW.json?chat-slice.json').then(({ chat, validation }) => ({
      chat,
      validation,
    })),
};

const requests = new Map<Language, Promise<Tree>>();

/** A language's texts, fetched once; after a failed fetch the next call tries again. */
export function fetchChatStrings(language: Language): Promise<Tree> {
  let request = requests.get(language);
  if (!request) {
    request = importers[language]();
    requests.set(language, request);
    request.catch(() => requests.delete(language));
  }
  return request;
}

/** The switcher's remembered choice (`selectedLanguage`), else what the browser prefers. */
export function storedChatLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : browserLanguage();
  } catch {
    return browserLanguage();
  }
}
