import { describe, expect, it } from 'vitest';
import { languageFromBrowser, languageOfTag } from './browser-language.ts';

describe('the visitor language from the browser', () => {
  it('maps Simplified Chinese variants to zh-CN', () => {
    for (const tag of ['zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN', 'zh-Hans-HK', 'zh', 'zh_CN'])
      expect(languageOfTag(tag), tag).toBe('zh-CN');
  });

  it('maps Traditional Chinese variants to zh-TW', () => {
    for (const tag of ['zh-TW', 'zh-HK', 'zh-MO', 'zh-Hant', 'zh-Hant-TW', 'zh-hk', 'zh_TW'])
      expect(languageOfTag(tag), tag).toBe('zh-TW');
  });

  it('maps everything else to English', () => {
    for (const tag of ['en-US', 'en', 'de-DE', 'fr', 'ja-JP', 'ko', 'pt-BR'])
      expect(languageOfTag(tag), tag).toBe('en');
  });

  it('follows the most preferred language, not any later one', () => {
    expect(languageFromBrowser(['en-US', 'zh-CN'])).toBe('en');
    expect(languageFromBrowser(['zh-TW', 'en-US'])).toBe('zh-TW');
    expect(languageFromBrowser(['de-DE', 'zh-CN'])).toBe('en');
    expect(languageFromBrowser(['', 'zh-HK'])).toBe('zh-TW');
    expect(languageFromBrowser([])).toBe('en');
  });
});
