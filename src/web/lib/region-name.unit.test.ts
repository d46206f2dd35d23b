import { describe, expect, it } from 'vitest';
import { localizedRegionName, regionCode } from './region-name.ts';

describe('localizedRegionName', () => {
  it('names a country given in English in the interface language', () => {
    expect(localizedRegionName('United States', 'zh-CN')).toBe('美国');
    expect(localizedRegionName('United States', 'zh-TW')).toBe('美國');
    expect(localizedRegionName('Germany', 'zh-CN')).toBe('德国');
    expect(localizedRegionName('Germany', 'en')).toBe('Germany');
  });

  it('names a two-letter code', () => {
    expect(localizedRegionName('DE', 'zh-CN')).toBe('德国');
    expect(localizedRegionName('jp', 'en')).toBe('Japan');
  });

  it('leaves anything else as it is', () => {
    expect(localizedRegionName('Hall 4, Canton Fair', 'zh-CN')).toBe('Hall 4, Canton Fair');
    expect(localizedRegionName('QQ', 'zh-CN')).toBe('QQ');
    expect(regionCode('Atlantis')).toBeNull();
  });
});
