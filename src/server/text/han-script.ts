import { ConverterFactory, type ConverterFunction } from 'opencc-js/core';
import { from as fromCn, to as toCnVariants } from 'opencc-js/preset/cn2t';
import { from as fromTraditional, to as toSimplified } from 'opencc-js/preset/t2cn';

/*
 * Simplified and Traditional Chinese, all from OpenCC's character tables:
 *
 * - the fold (Traditional to Simplified, one character for one) that lets a question typed in
 *   one script find text written in the other: applied to both sides (index and query, table
 *   and text), so it only has to be consistent, not a perfect conversion;
 * - which script a text is written in, counted over every character OpenCC knows (the chat) or
 *   over frequent characters only (document language and OCR, which also tell real Chinese
 *   from bytes decoded with the wrong legacy encoding).
 */

type DictLike = string | readonly (readonly [string, string])[];
type DictGroup = readonly DictLike[];

/** Single-character entries of OpenCC dictionaries ("體 体|著 著 着"): the first target wins. */
function characterPairs(groups: readonly DictGroup[]): Map<string, string> {
  const pairs = new Map<string, string>();
  const add = (source: string, target: string) => {
    if ([...source].length !== 1 || [...target].length !== 1) return;
    if (!pairs.has(source)) pairs.set(source, target);
  };
  for (const group of groups) {
    for (const dict of group) {
      if (typeof dict === 'string') {
        for (const entry of dict.split('|')) {
          const [source, target] = entry.split(' ');
          if (source && target) add(source, target);
        }
      } else {
        for (const [source, target] of dict) add(source, target.split(' ')[0] ?? target);
      }
    }
  }
  return pairs;
}

/** Simplified characters and their Traditional form (OpenCC's cn→t table). */
const SIMPLIFIED_TO_TRADITIONAL = characterPairs(fromCn.cn ?? []);

// The fold ---------------------------------------------------------------------------------------

function buildFold(): Map<string, string> {
  const variants = characterPairs([...(fromTraditional.tw ?? []), ...(fromTraditional.hk ?? [])]);
  const toCn = characterPairs(toSimplified.cn ?? []);
  // Characters Simplified text is written with stay as they are (么 is not the variant of 幺
  // that the Taiwan table makes of it, 了 stays 了).
  const stable = new Set([...toCn.values(), ...SIMPLIFIED_TO_TRADITIONAL.keys()]);
  const fold = new Map<string, string>();
  const simplifiedOf = (char: string) => toCn.get(char) ?? char;
  for (const [source, target] of toCn) {
    if (source !== target && !stable.has(source)) fold.set(source, target);
  }
  for (const [variant, standard] of variants) {
    const simplified = simplifiedOf(standard);
    if (simplified !== variant && !stable.has(variant) && !fold.has(variant)) {
      fold.set(variant, simplified);
    }
  }
  // "You" written with the female radical in Taiwan: the same word for a question.
  fold.set('妳', '你');
  return fold;
}

const FOLD: ReadonlyMap<string, string> = buildFold();

/** Characters whose Simplified form differs from themselves. */
const TRADITIONAL_CHAR = new RegExp(
  `[${[...FOLD.keys()].map((char) => char.replace(/[\]\\^-]/g, '\\$&')).join('')}]`,
  'gu',
);

/** First UTF-16 units of the Traditional characters: a quick test before replacing. */
const FIRST_UNITS: ReadonlySet<number> = new Set(
  [...FOLD.keys()].map((char) => char.charCodeAt(0)),
);

const HAN_OR_SURROGATE = /[\u3400-\u9fff\uf900-\ufaff\ud840-\ud87f]/;

function mayHaveTraditional(text: string): boolean {
  if (!HAN_OR_SURROGATE.test(text)) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x3400 && FIRST_UNITS.has(code)) return true;
  }
  return false;
}

/** The text with Traditional characters replaced by their Simplified forms. */
export function foldToSimplified(text: string): string {
  // Most text (English, Simplified) has none: a scan is cheaper than a replace.
  if (!mayHaveTraditional(text)) return text;
  return text.replace(TRADITIONAL_CHAR, (char) => FOLD.get(char) ?? char);
}

/**
 * The fold, except for the few rare characters whose Simplified form takes another number of
 * UTF-16 units (嗰 → 𠮶): every offset in the result is the same offset in the text, so a word
 * found in the folded text can be quoted from the text as written. No word of the vocabulary
 * contains those characters (vocabulary/concepts.ts checks), so it finds the same words.
 */
export function foldKeepingOffsets(text: string): string {
  if (!mayHaveTraditional(text)) return text;
  return text.replace(TRADITIONAL_CHAR, (char) => {
    const folded = FOLD.get(char) ?? char;
    return folded.length === char.length ? folded : char;
  });
}

// Which script, over every character ----------------------------------------------------------

/** Simplified characters whose Traditional form differs (这, 么, 产): a sign of Simplified text. */
const SIMPLIFIED_FORMS: ReadonlySet<string> = new Set(
  [...SIMPLIFIED_TO_TRADITIONAL]
    .filter(([source, target]) => source !== target && !FOLD.has(source))
    .map(([source]) => source),
);

/** Characters written only in Traditional text (not 著 or 乾, which Simplified text uses too). */
const TRADITIONAL_FORMS: ReadonlySet<string> = new Set(
  [...FOLD.keys()].filter((char) => !SIMPLIFIED_TO_TRADITIONAL.has(char)),
);

/** Characters of the text in each set: which script it is written in. */
function countForms(
  text: string,
  simplifiedForms: ReadonlySet<string>,
  traditionalForms: ReadonlySet<string>,
): { simplified: number; traditional: number } {
  let simplified = 0;
  let traditional = 0;
  for (const char of text) {
    if (simplifiedForms.has(char)) simplified++;
    else if (traditionalForms.has(char)) traditional++;
  }
  return { simplified, traditional };
}

/** Traditional-only and Simplified-only characters in the text (which script it is written in). */
export function countHanVariants(text: string): { traditional: number; simplified: number } {
  const { simplified, traditional } = countForms(text, SIMPLIFIED_FORMS, TRADITIONAL_FORMS);
  return { traditional, simplified };
}

// Which script, over frequent characters --------------------------------------------------------

/** The 500 most frequent characters of modern Chinese, Simplified forms. */
const FREQUENT_CHARACTERS =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞';

/** Simplified characters frequent in company documents (trade, products, contact details). */
const TRADE_CHARACTERS =
  '销货贸输邮网营额订购询饰砖纹抛颜陈苏湾项举览馆纸纺医药疗齿轮钢铝铜镀链阀辆软库户检测环绿减扩产质费贵请谢码页块诚优创携续务宁坚灯线缆电脑视频读问题细钟锁';

/** Taiwan variants of OpenCC's Traditional characters (裏 is written 裡 there). */
const TAIWAN_VARIANTS = characterPairs(toCnVariants.tw ?? []);

/**
 * Where the form written in company documents is not OpenCC's first choice for the single
 * character: 制 is 製 in 製造, 周 is 週 in 週期, 钟 is 鐘 in 鐘錶 (鍾 is a surname).
 */
const WRITTEN_FORMS: ReadonlyMap<string, string> = new Map([
  ['制', '製'],
  ['周', '週'],
  ['钟', '鐘'],
]);

function traditionalFormOf(char: string): string {
  const traditional = WRITTEN_FORMS.get(char) ?? SIMPLIFIED_TO_TRADITIONAL.get(char) ?? char;
  return TAIWAN_VARIANTS.get(traditional) ?? traditional;
}

/*
 * Characters left out of the script decision: the Simplified form is also ordinary Traditional
 * usage (后 in 皇后, 于 as a surname, 制 in 制度...) or the Traditional form is ordinary
 * Simplified usage (著 in 著名).
 */
const AMBIGUOUS = new Set('于着里制干采斗周准后划');

const FREQUENT_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ...FREQUENT_CHARACTERS,
  ...TRADE_CHARACTERS,
].map((char) => [char, traditionalFormOf(char)] as const);

const SCRIPT_PAIRS = FREQUENT_PAIRS.filter(([s, t]) => s !== t && !AMBIGUOUS.has(s));
const FREQUENT_SIMPLIFIED_ONLY: ReadonlySet<string> = new Set(SCRIPT_PAIRS.map(([s]) => s));
const FREQUENT_TRADITIONAL_ONLY: ReadonlySet<string> = new Set(SCRIPT_PAIRS.map(([, t]) => t));

/** Frequent characters in either script: real Chinese text is full of them, mis-decoded bytes are not. */
const FREQUENT_HAN: ReadonlySet<string> = new Set(FREQUENT_PAIRS.flat());

/** How many characters of `text` are frequent Simplified-only and Traditional-only ones. */
export function countChineseVariants(text: string): { simplified: number; traditional: number } {
  return countForms(text, FREQUENT_SIMPLIFIED_ONLY, FREQUENT_TRADITIONAL_ONLY);
}

/** Share of Han characters in `text` that are frequent ones (near 0 for mis-decoded bytes). */
export function frequentHanShare(text: string): { han: number; frequent: number } {
  let han = 0;
  let frequent = 0;
  for (const char of text) {
    if (/\p{Script=Han}/u.test(char)) {
      han++;
      if (FREQUENT_HAN.has(char)) frequent++;
    }
  }
  return { han, frequent };
}

// Writing for a Traditional reader --------------------------------------------------------------

let toTaiwan: ConverterFunction | null = null;

/** Simplified text written in Traditional characters (OpenCC's cn → tw, phrase by phrase). */
export function toTraditional(text: string): string {
  if (!HAN_OR_SURROGATE.test(text)) return text;
  toTaiwan ??= ConverterFactory(fromCn.cn ?? [], toCnVariants.tw ?? []);
  return toTaiwan(text);
}
