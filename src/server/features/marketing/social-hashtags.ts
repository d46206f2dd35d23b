import type { SocialPlatform } from '#shared/marketing/social.ts';
import type { LocalLanguage } from '#shared/marketing/summary.ts';
import { shortProduct, type CompanyFacts } from './social-facts.ts';

/*
 * Hashtags from what the company makes: its products (short names only), its industry words
 * and, last, the trade-fair context. As many as each platform's readers expect.
 */

export const HASHTAG_COUNT: Record<SocialPlatform, number> = {
  twitter: 2,
  linkedin: 4,
  facebook: 3,
  instagram: 8,
  wechat_moments: 2,
  xiaohongshu: 5,
};

const INDUSTRY_TAGS: Record<string, { en: string; zh: string }> = {
  pumps: { en: 'WaterPumps', zh: '水泵' },
  ceramics: { en: 'Ceramics', zh: '陶瓷' },
  lighting: { en: 'Lighting', zh: '照明' },
  electronics: { en: 'Electronics', zh: '电子' },
  machinery: { en: 'Machinery', zh: '机械设备' },
  textiles: { en: 'Textiles', zh: '纺织' },
  furniture: { en: 'Furniture', zh: '家具' },
  packaging: { en: 'Packaging', zh: '包装' },
  solar: { en: 'SolarEnergy', zh: '太阳能' },
  automotive: { en: 'AutoParts', zh: '汽配' },
  chemicals: { en: 'Chemicals', zh: '化工' },
  food: { en: 'FoodIndustry', zh: '食品' },
  medical: { en: 'MedicalDevices', zh: '医疗器械' },
  toys: { en: 'Toys', zh: '玩具' },
  hardware: { en: 'Hardware', zh: '五金' },
  cosmetics: { en: 'Cosmetics', zh: '化妆品' },
};

const CONTEXT_TAGS: Record<LocalLanguage, string[]> = {
  en: ['TradeFair', 'B2B', 'Manufacturing', 'Export'],
  'zh-CN': ['展会', '外贸', '源头工厂', '中国制造'],
};

/** A product name as a hashtag: letters, digits and CJK only; CamelCase for Latin words. */
export function asHashtag(name: string): string | null {
  const isChinese = /\p{Script=Han}/u.test(name);
  // "AQ-150S: stainless steel submersible pump" is tagged by what it is: #SubmersiblePump.
  const base =
    !isChinese && /[:：]/u.test(name) ? shortProduct(name).split(' ').slice(1).join(' ') : name;
  const words = base
    .replace(/[（(].*?[)）]/gu, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const tag = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
  const length = [...tag].length;
  if (length < 2 || length > (isChinese ? 8 : 24) || /^\d+$/u.test(tag)) return null;
  return tag;
}

export function hashtagsFor(
  facts: CompanyFacts,
  platform: SocialPlatform,
  language: LocalLanguage,
  extra: readonly string[] = [],
): string[] {
  const candidates = [
    ...extra,
    ...facts.products.map(asHashtag),
    ...facts.industries.map((industry) => {
      const tag = INDUSTRY_TAGS[industry];
      return tag ? (language === 'en' ? tag.en : tag.zh) : null;
    }),
    ...CONTEXT_TAGS[language],
  ];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const candidate of candidates) {
    if (!candidate || seen.has(candidate.toLowerCase())) continue;
    seen.add(candidate.toLowerCase());
    tags.push(`#${candidate}`);
    if (tags.length >= HASHTAG_COUNT[platform]) break;
  }
  return tags;
}

/** The hashtags on one line, as every platform here reads them. */
export function hashtagLine(tags: readonly string[]): string {
  return tags.join(' ');
}
