import { from as fromCn } from 'opencc-js/preset/cn2t';
import { from as fromTraditional, to as toSimplified } from 'opencc-js/preset/t2cn';

/*
 * Traditional Chinese folded to Simplified, character by character, so a question typed in
 * one script finds documents written in the other. The fold is applied to both sides (index
 * and query), so it only has to be consistent, not a perfect conversion: it is one character
 * for one character (phrase conversions would change lengths and positions), built once from
 * OpenCC's character tables (Taiwan and Hong Kong variants, then Traditional to Simplified).
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

function buildFold(): Map<string, string> {
  const variants = characterPairs([...(fromTraditional.tw ?? []), ...(fromTraditional.hk ?? [])]);
  const toCn = characterPairs(toSimplified.cn ?? []);
  // Characters Simplified text is written with stay as they are (么 is not the variant of 幺
  // that the Taiwan table makes of it, 了 stays 了).
  const stable = new Set([...toCn.values(), ...characterPairs(fromCn.cn ?? []).keys()]);
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

/** Simplified text's characters that have a Traditional form (OpenCC's cn→t table). */
const SIMPLIFIED_TO_TRADITIONAL = characterPairs(fromCn.cn ?? []);

/** Simplified characters whose Traditional form differs (这, 么, 产): a sign of Simplified text. */
const SIMPLIFIED_FORMS: ReadonlySet<string> = new Set(
  [...SIMPLIFIED_TO_TRADITIONAL]
    .filter(([source, target]) => source !== target && !FOLD.has(source))
    .map(([source]) => source),
);

/** Characters written only in Traditional text (not 著 or 乾, which Simplified text uses too). */
const TRADITIONAL_ONLY: ReadonlySet<string> = new Set(
  [...FOLD.keys()].filter((char) => !SIMPLIFIED_TO_TRADITIONAL.has(char)),
);

/** Traditional-only and Simplified-only characters in the text (which script it is written in). */
export function countHanVariants(text: string): { traditional: number; simplified: number } {
  let traditional = 0;
  let simplified = 0;
  for (const char of text) {
    if (TRADITIONAL_ONLY.has(char)) traditional++;
    else if (SIMPLIFIED_FORMS.has(char)) simplified++;
  }
  return { traditional, simplified };
}
