import { EMAIL_PATTERN } from '#server/ingest/email-pattern.ts';

/*
 * The shape a concept's value takes in a document (a size is "1200 x 2400", a price "USD 46"):
 * a unit showing that shape answers a question naming one of the concept's words, even when the
 * unit does not name the concept. The words are synonym keys of vocabulary/synonyms.ts.
 */

/** Figures that answer a concept without naming it ("HT-M1224: 1200 x 2400 mm" gives a size). */
export const CONCEPT_PATTERNS: ReadonlyArray<[string[], string]> = [
  [['size', 'dimension', '尺寸', '规格'], String.raw`\d\s*(?:x|×|\*)\s*\d`],
  [
    ['price', 'cost', '价格', '报价'],
    String.raw`(?:us\$|\$|€|¥|￥|usd|rmb|eur)\s*\d|\d\s*(?:usd|rmb|eur|元|美元)`,
  ],
  [['email', '邮箱'], EMAIL_PATTERN],
  [['phone', 'telephone', '电话'], String.raw`\+?\d[\d\s()-]{7,}\d`],
  [['website', '网站', '网址'], String.raw`www\.|https?://|\b[\w-]+\.(?:com|cn|net|org)\b`],
  [['voltage', '电压'], String.raw`\d\s*(?:v|vac|vdc|kv)\b|\d\s*伏`],
  [['power', '功率'], String.raw`\d\s*(?:kw|w|hp)\b|\d\s*(?:千瓦|瓦)`],
  [['weight', '重量'], String.raw`\d\s*(?:kg|g|lbs?|t)\b|\d\s*(?:公斤|千克|克|吨)`],
  [['frequency', '频率'], String.raw`\d\s*(?:hz|khz|mhz)\b`],
  [['protection', 'ip', '防护等级', '防护', '防水'], String.raw`\bip\s?[0-9x]{2}\b`],
  [['noise', '噪音', '噪声'], String.raw`\d\s*(?:db|dba|分贝)`],
  [
    ['standard', '标准'],
    String.raw`(?<![\p{L}\p{N}])(?:iso|iec|gb(?:/t)?|jb(?:/t)?|en|astm|din|jis|ul|bs|ansi|asme|api|nema|ieee|csa)\s?-?\s?\d{2,}`,
  ],
  [['temperature', '温度'], String.raw`\d\s*(?:°c|℃|°f|degrees)`],
];
