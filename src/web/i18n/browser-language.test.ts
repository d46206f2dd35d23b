import { describe, expect, it } from 'vitest';
import { interfaceLanguageFromBrowser, interfaceLanguageOfTag } from './browser-language.ts';

describe('the interface language of a browser without a saved choice', () => {
  it.each([
    // en* → English
    [['en'], 'en'],
    [['en-US'], 'en'],
    [['en-GB', 'zh-CN'], 'en'],
    [['EN_au'], 'en'],
    // zh-TW, zh-HK, zh-MO, zh-Hant* → Traditional
    [['zh-TW'], 'zh-TW'],
    [['zh-HK'], 'zh-TW'],
    [['zh-MO'], 'zh-TW'],
    [['zh-Hant'], 'zh-TW'],
    [['zh-Hant-TW'], 'zh-TW'],
    [['zh-Hant-CN'], 'zh-TW'],
    [['zh_HK', 'en'], 'zh-TW'],
    // other zh* → Simplified
    [['zh'], 'zh-CN'],
    [['zh-CN'], 'zh-CN'],
    [['zh-SG'], 'zh-CN'],
    [['zh-Hans'], 'zh-CN'],
    [['zh-Hans-HK'], 'zh-CN'],
    [['zh-CN', 'en-US'], 'zh-CN'],
    // anything else → Simplified, the default …
    [['de-DE'], 'zh-CN'],
    [['ja-JP', 'ko-KR'], 'zh-CN'],
    [[], 'zh-CN'],
    [[''], 'zh-CN'],
    [[undefined, null], 'zh-CN'],
    // … unless an English or Chinese language follows in the list.
    [['de-DE', 'en-US'], 'en'],
    [['fr-FR', 'zh-HK'], 'zh-TW'],
  ] as const)('%j → %s', (tags, expected) => {
    expect(interfaceLanguageFromBrowser(tags)).toBe(expected);
  });

  it('does not take a language that only starts like English or Chinese', () => {
    expect(interfaceLanguageOfTag('eng')).toBeNull();
    expect(interfaceLanguageOfTag('zha')).toBeNull();
    expect(interfaceLanguageOfTag('english')).toBeNull();
  });
});
