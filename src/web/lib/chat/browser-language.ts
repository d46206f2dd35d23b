import type { Language } from '#shared/limits.ts';

/*
 * The visitor's language from the browser: the first preferred language
 * decides. Chinese maps by script, else by region — zh-Hans, zh-CN, zh-SG and plain zh to
 * Simplified; zh-Hant, zh-TW, zh-HK and zh-MO to Traditional — and everything else to English.
 */

const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/** One BCP 47 tag (e.g. "zh-Hant-HK", "en-US", "zh_TW") as one of our languages. */
export function languageOfTag(tag: string): Language {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (parts[0] !== 'zh') return 'en';
  if (parts.includes('hant')) return 'zh-TW';
  if (parts.includes('hans')) return 'zh-CN';
  return parts.slice(1).some((part) => TRADITIONAL_REGIONS.has(part)) ? 'zh-TW' : 'zh-CN';
}

/** `navigator.languages` (most preferred first) as one of our languages; English when empty. */
export function languageFromBrowser(tags: readonly (string | null | undefined)[]): Language {
  const first = tags.find((tag): tag is string => typeof tag === 'string' && tag.trim() !== '');
  return first ? languageOfTag(first) : 'en';
}

/** What this browser prefers (the page's default until the visitor picks one). */
export function browserLanguage(): Language {
  if (typeof navigator === 'undefined') return 'en';
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return languageFromBrowser(tags);
}
