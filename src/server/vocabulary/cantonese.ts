import { foldToSimplified } from '#server/text/han-script.ts';

/*
 * Cantonese and Hong Kong phrasing in a buyer's question, and the standard written Chinese it
 * means: "QB60 水泵幾錢一台？" asks what "QB60 水泵多少钱一台？" asks, "付款方式係點？" what
 * "付款方式是怎样？" asks. Questions are rewritten once, before their analysis and retrieval
 * (ai/text/question.ts, analyseQuestion); document text never is.
 *
 * One entry a line: the colloquial phrase, "→", the standard phrase (nothing: a sentence
 * particle that is dropped). Phrases are written as Hong Kong writes them; a phrase of several
 * characters is also found in its Simplified form (系咪, 几钱). The longest phrase at a place
 * wins, so a phrase may be listed as itself to keep it whole (關係 is "relation", not 關是).
 */
const TABLE = `
  幾多錢 → 多少钱
  幾錢 → 多少钱
  點賣 → 多少钱
  咩價 → 什么价格
  幾多 → 多少
  幾耐 → 多久
  幾時 → 什么时候
  幾大 → 多大
  幾重 → 多重
  幾長 → 多长
  幾厚 → 多厚
  幾高 → 多高
  幾闊 → 多宽
  係唔係 → 是否
  係咪 → 是否
  係點 → 是怎样
  係乜嘢 → 是什么
  係咩嘢 → 是什么
  係咩 → 是什么
  係乜 → 是什么
  關係 → 關係
  聯係 → 聯係
  係數 → 係數
  係 → 是
  點樣 → 怎样
  點解 → 为什么
  有冇 → 有没有
  冇 → 没有
  可唔可以 → 可不可以
  得唔得 → 可不可以
  能唔能夠 → 能不能
  使唔使 → 需不需要
  邊度 → 哪里
  邊處 → 哪里
  喺邊度 → 在哪里
  喺邊 → 在哪里
  邊個 → 哪个
  邊間 → 哪家
  邊款 → 哪款
  邊種 → 哪种
  邊隻 → 哪种
  乜嘢 → 什么
  咩嘢 → 什么
  咩 → 什么
  乜 → 什么
  嘢 → 东西
  嘅 → 的
  咗 → 了
  唔 → 不
  啲 → 些
  呢啲 → 这些
  呢個 → 这个
  呢款 → 这款
  嗰個 → 那个
  嗰 → 那
  佢哋 → 他们
  我哋 → 我们
  你哋 → 你们
  佢 → 他
  哋 → 们
  喺 → 在
  嚟 → 来
  畀 → 给
  俾 → 给
  睇 → 看
  攞 → 拿
  搵 → 找
  揾 → 找
  噉 → 这样
  咁 → 这么
  㗎 →
  喎 →
  囉 →
  嘞 →
  噃 →
`;

function entries(): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of TABLE.split('\n')) {
    const [phrase, standard] = line.split('→').map((part) => part.trim());
    if (!phrase || standard === undefined) continue;
    map.set(phrase, standard);
  }
  // The Simplified form of a phrase of several characters (系咪, 几钱, 有冇); a single character
  // folded (係 → 系) would be another word of standard Chinese.
  for (const [phrase, standard] of [...map]) {
    const simplified = foldToSimplified(phrase);
    if ([...phrase].length > 1 && !map.has(simplified))
      map.set(simplified, standard === phrase ? simplified : standard);
  }
  return map;
}

/** Colloquial phrase → standard written Chinese. */
export const CANTONESE_PHRASES: ReadonlyMap<string, string> = entries();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every phrase, the longest first: the longest match at a place wins. */
const PHRASE = new RegExp(
  [...CANTONESE_PHRASES.keys()]
    .sort((a, b) => [...b].length - [...a].length)
    .map(escape)
    .join('|'),
  'gu',
);

/** Characters only Cantonese writes (嘅 咗 唔 冇…): a question in Hong Kong phrasing. */
export const CANTONESE_CHARACTERS: ReadonlySet<string> = new Set(
  [...CANTONESE_PHRASES.keys()].filter((phrase) => [...phrase].length === 1 && phrase !== '係'),
);

/** The question with its Cantonese phrasing written as standard written Chinese. */
export function toStandardChinese(text: string): string {
  if (!/\p{Script=Han}/u.test(text)) return text;
  return text.replace(PHRASE, (phrase) => CANTONESE_PHRASES.get(phrase) ?? phrase);
}
