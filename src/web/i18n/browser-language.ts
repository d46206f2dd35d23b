import { DEFAULT_LANGUAGE, type Language } from '#shared/limits.ts';

/*
 * The interface language of a browser without a saved choice. The
 * browser's preferred languages are read in order; the first English or Chinese one decides:
 *
 *   en, en-US, en-GB …                          → English
 *   zh-TW, zh-HK, zh-MO, zh-Hant, zh-Hant-* …   → Traditional Chinese (zh-TW)
 *   zh, zh-CN, zh-SG, zh-Hans-* and other zh-*  → Simplified Chinese (zh-CN)
 *   none of them (de-DE, ja, an empty list …)   → Simplified Chinese, the default
 *
 * A script subtag wins over the region (zh-Hans-HK is Simplified, zh-Hant-CN Traditional).
 * A saved choice (localStorage 'selectedLanguage') always wins over all of this.
 */

const TRADITIONAL_REGIONS = new Set(['tw', 'hk', 'mo']);

/** One BCP 47 tag (e.g. "zh-Hant-HK", "en-US", "zh_TW") as an interface language, or null. */
export function interfaceLanguageOfTag(tag: string): Language | null {
  const parts = tag.trim().toLowerCase().replace(/_/g, '-').split('-');
  if (parts[0] === 'en') return 'en';
  if (parts[0] !== 'zh') return null;
  if (parts.includes('hant')) return 'zh-TW';
  if (parts.includes('hans')) return 'zh-CN';
  return parts.slice(1).some((part) => TRADITIONAL_REGIONS.has(part)) ? 'zh-TW' : 'zh-CN';
}

/** `navigator.languages` (most preferred first) as the interface language. */
export function interfaceLanguageFromBrowser(
  tags: readonly (string | null | undefined)[],
): Language {
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const language = interfaceLanguageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** What this browser prefers, as an interface language (the default until a choice is saved). */
export function browserInterfaceLanguage(): Language {
  if (typeof navigator === 'undefined') return DEFAULT_LANGUAGE;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  return interfaceLanguageFromBrowser(tags);
}
