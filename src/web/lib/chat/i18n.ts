import { useCallback, useSyncExternalStore } from 'react';
import { LANGUAGE_STORAGE_KEY, type Language } from '#shared/limits.ts';
import { interpolateSpaced } from '../cjk-spacing.ts';
import { fetchChatStrings, storedChatLanguage, type Tree } from './chat-strings.ts';

/*
 * The visitor chat's translations: the `chat` and `validation` sections of the shared locale
 * files. The language is the visitor's choice in the switcher (`selectedLanguage`, as in the
 * rest of the app), else the browser's preferred language.
 *
 * Why not i18next here: the visitor page must load in under 70 KiB (decision 036) on a
 * crowded fair network (which is also why it renders with Preact, not React DOM: decision
 * 042); i18next with react-i18next and the three whole locale files would add ~45 KB. This is
 * the part of it the page needs: key lookup with a fallback language and {{name}}
 * interpolation.
 *
 * Each language's texts (~2 KB) are a chunk of their own (./chat-strings.ts): a phone fetches
 * its visitor's language alone, and another one when the visitor switches to it.
 */

/** Shown when the visitor's own language's texts could not be fetched: the page's default. */
const FALLBACK: Language = 'zh-CN';
const strings: Partial<Record<Language, Tree>> = {};
/** Languages whose texts could not be fetched: they show the fallback language instead. */
const failed = new Set<Language>();

/** Native names, shown the same in every interface language (as in the app's switcher). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text for `key` in `language`, else in the fallback language, else the key itself. While
 * the language's texts are still on their way (first load only) it is empty rather than in
 * another language.
 */
export function translate(
  language: Language,
  key: string,
  values?: Record<string, string | number>,
): string {
  const tree = strings[language] ?? (failed.has(language) ? strings[FALLBACK] : undefined);
  if (!tree) return failed.has(language) ? key : '';
  const fallback = strings[FALLBACK];
  const text = lookup(tree, key) ?? (fallback && lookup(fallback, key)) ?? key;
  if (!values) return text;
  return interpolateSpaced(text, values);
}

function applyToDocument(value: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = value;
  // As the app's i18n does: Chinese browsers get the region marker.
  const languages =
    typeof navigator === 'undefined'
      ? []
      : navigator.languages?.length
        ? navigator.languages
        : [navigator.language];
  if (languages.some((tag) => tag?.toLowerCase().startsWith('zh')))
    document.documentElement.dataset.region = 'china';
}

let language: Language = storedChatLanguage();
let version = 0;
let latestChoice = 0;
const listeners = new Set<() => void>();

function emit(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** Fetches a language's texts once; false when they could not be fetched. */
async function ensureStrings(next: Language): Promise<boolean> {
  if (strings[next]) return true;
  try {
    strings[next] = await fetchChatStrings(next);
    failed.delete(next);
    return true;
  } catch {
    failed.add(next);
    // Something to read meanwhile: the default language, when it can be fetched.
    if (next !== FALLBACK) await ensureStrings(FALLBACK);
    return false;
  } finally {
    emit();
  }
}

// The visitor's language (its fetch began in chat-main.tsx, beside this code).
applyToDocument(language);
void ensureStrings(language);

/** The interface language, one of LANGUAGES (its texts may still be loading at start). */
export function chatLanguage(): Language {
  return language;
}

/**
 * Switches the language and remembers it under `selectedLanguage`, like the app's switcher.
 * The page keeps the old language until the new one's texts are here.
 */
export async function setChatLanguage(next: Language): Promise<void> {
  const choice = ++latestChoice;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
  } catch {
    // Not remembered, but the switch still happens.
  }
  await ensureStrings(next);
  if (choice !== latestChoice || next === language) return;
  language = next;
  applyToDocument(next);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => `${language}:${version}`;

/** `t` for the current language; components re-render when it or its texts change. */
export function useChatI18n(): { t: Translate; language: Language } {
  // "<language>:<version>": changes with the language and whenever texts arrive, so a new
  // `t` makes memoised callers render again.
  const state = useSyncExternalStore(subscribe, snapshot, snapshot);
  const current = state.slice(0, state.indexOf(':')) as Language;
  const t = useCallback<Translate>(
    (key, values) => (state ? translate(current, key, values) : key),
    [current, state],
  );
  return { t, language: current };
}
