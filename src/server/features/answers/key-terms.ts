import { LEXICON_GROUPS } from '#server/vocabulary/synonyms.ts';
import { normalize, stem } from '#server/ai/text/normalize.ts';
import { isStopWord } from '#server/ai/text/stop-words.ts';
import { toStandardChinese } from '#server/vocabulary/cantonese.ts';

/*
 * The key terms of a buyer's question, so that the same question asked in other words (or in
 * English and Chinese) gives the same terms: "Do you ship to Brazil?", "Can you send the goods
 * to Brazil?" and 你们能发货到巴西吗 all become {ship, brazil}.
 *
 * Text is normalised as the assistant does (NFKC, lower case, Traditional folded to
 * Simplified), English words are stemmed, words that ask nothing are dropped, and every word or
 * phrase of the trade vocabulary (the assistant's lexicon, read as it is, plus the few buyer
 * words below) becomes its concept, shared by all its synonyms and translations.
 */

/**
 * Words buyers use for the gaps exhibitors hear all day that the lexicon does not have yet.
 * A form here takes precedence over the lexicon's use of it (发货 is "ship" here, not "lead
 * time"). One concept a line, Simplified Chinese, as in the lexicon.
 */
const BUYER_WORDS: readonly string[] = [
  'ship, ships, shipped, shipping, shipment, shipments, send, deliver, delivered, 发货, 发到, 运到, 寄到, 运往, 寄往, 送到',
  'v, volt, volts, voltage, 伏, 伏特, 电压',
  'version, versions, variant, variants, 版本',
  'brazil, 巴西',
  'mexico, 墨西哥',
  'argentina, 阿根廷',
  'chile, 智利',
  'canada, 加拿大',
  'india, 印度',
  'russia, 俄罗斯',
  'germany, 德国',
  'france, 法国',
  'italy, 意大利',
  'spain, 西班牙',
  'united kingdom, uk, britain, 英国',
  'japan, 日本',
  'korea, south korea, 韩国',
  'vietnam, 越南',
  'thailand, 泰国',
  'indonesia, 印尼, 印度尼西亚',
  'malaysia, 马来西亚',
  'philippines, 菲律宾',
  'turkey, 土耳其',
  'saudi arabia, saudi, 沙特, 沙特阿拉伯',
  'uae, dubai, united arab emirates, 阿联酋, 迪拜',
  'nigeria, 尼日利亚',
  'south africa, 南非',
  'egypt, 埃及',
];

/** Words that ask nothing here, beyond the assistant's stop words. */
const EXTRA_STOP = new Set(
  `有没有 能不能 可不可以 是不是 会不会 你们 贵司 吗 呢 嘛 请问 一下 可以 能否 we our us you your do does
  offer possible goods`.split(/\s+/),
);

const CJK = /\p{Script=Han}/u;
const HOW_MUCH = /\bhow much (?=(?:is|are|does|do|would|will|for|to)\b)/gu;
const TOKEN = /\p{Script=Han}+|[a-z\u00c0-\u024f]+|\d+(?:[.,]\d+)*/gu;
/** Longest vocabulary phrase looked for, in words (English) and characters (Chinese). */
const MAX_PHRASE_WORDS = 4;
const MAX_PHRASE_CHARS = 8;

interface Vocabulary {
  /** A stemmed English phrase ("minimum order") or a Chinese form, to its concept. */
  concepts: Map<string, string>;
  longestChinese: number;
}

function formsOf(line: string): string[] {
  return line
    .split(',')
    .map((form) => normalize(form).trim())
    .filter(Boolean)
    .map((form) =>
      CJK.test(form)
        ? form
        : form
            .split(/\s+/)
            .map((word) => stem(word.replace(/[/-]/g, '')))
            .join(' '),
    );
}

/** The concepts: buyer words first (they win), then the lexicon's groups joined where they share a form. */
function buildVocabulary(): Vocabulary {
  const concepts = new Map<string, string>();
  BUYER_WORDS.forEach((line, index) => {
    for (const form of formsOf(line)) if (!concepts.has(form)) concepts.set(form, `b${index}`);
  });
  // Lexicon groups that share a form are one concept (設備 is a machine and equipment).
  const parent = LEXICON_GROUPS.map((_, index) => index);
  const find = (index: number): number => {
    let root = index;
    while (parent[root] !== root) root = parent[root]!;
    return root;
  };
  const owner = new Map<string, number>();
  const lexiconForms = LEXICON_GROUPS.map(formsOf);
  lexiconForms.forEach((forms, index) => {
    for (const form of forms) {
      if (concepts.has(form)) continue;
      const first = owner.get(form);
      if (first === undefined) owner.set(form, index);
      else parent[find(index)] = find(first);
    }
  });
  for (const [form, index] of owner) concepts.set(form, `l${find(index)}`);
  let longestChinese = 1;
  for (const form of concepts.keys()) {
    if (CJK.test(form)) longestChinese = Math.max(longestChinese, [...form].length);
  }
  return { concepts, longestChinese: Math.min(longestChinese, MAX_PHRASE_CHARS) };
}

let vocabulary: Vocabulary | null = null;
const vocabularyOf = () => (vocabulary ??= buildVocabulary());

const chineseWords = new Intl.Segmenter('zh', { granularity: 'word' });

function isStop(word: string): boolean {
  return EXTRA_STOP.has(word) || isStopWord(word);
}

/** English words: the longest vocabulary phrase at each place, else the word's stem. */
function latinTerms(words: string[], into: Set<string>): void {
  const { concepts } = vocabularyOf();
  const stems = words.map(stem);
  for (let i = 0; i < stems.length;) {
    let matched = 0;
    for (let n = Math.min(MAX_PHRASE_WORDS, stems.length - i); n >= 1; n--) {
      const concept = concepts.get(stems.slice(i, i + n).join(' '));
      // A single stop word ("can", "a") is no concept even where the lexicon lists it.
      if (concept && !(n === 1 && isStop(words[i]!))) {
        into.add(`c:${concept}`);
        matched = n;
        break;
      }
    }
    if (matched > 0) {
      i += matched;
      continue;
    }
    const word = words[i]!;
    if (!isStop(word) && !isStop(stems[i]!) && word.length > 1) into.add(`w:${stems[i]}`);
    i += 1;
  }
}

/** Chinese: vocabulary forms of two or more characters first, then the words left over. */
function chineseTerms(run: string, into: Set<string>): void {
  const { concepts, longestChinese } = vocabularyOf();
  const chars = [...run];
  let rest = '';
  const flush = () => {
    for (const { segment, isWordLike } of chineseWords.segment(rest)) {
      if (!isWordLike || isStop(segment)) continue;
      const concept = concepts.get(segment);
      into.add(concept ? `c:${concept}` : `w:${segment}`);
    }
    rest = '';
  };
  for (let i = 0; i < chars.length;) {
    let matched = 0;
    for (let n = Math.min(longestChinese, chars.length - i); n >= 2; n--) {
      const concept = concepts.get(chars.slice(i, i + n).join(''));
      if (concept) {
        flush();
        into.add(`c:${concept}`);
        matched = n;
        break;
      }
    }
    if (matched > 0) i += matched;
    else rest += chars[i++];
  }
  flush();
}

/** The key terms of a question ("c:<concept>", "w:<word>", "n:<number>"), in no order. */
export function keyTerms(question: string): Set<string> {
  const terms = new Set<string>();
  let latin: string[] = [];
  const endLatin = () => {
    if (latin.length > 0) latinTerms(latin, terms);
    latin = [];
  };
  // "How much is it" asks for a price (the stop words would drop it).
  // Cantonese phrasing ("幾錢", "係點") is the standard written Chinese it means.
  const text = normalize(toStandardChinese(question)).replace(HOW_MUCH, ' price ');
  for (const [token] of text.matchAll(TOKEN)) {
    if (CJK.test(token)) {
      endLatin();
      chineseTerms(token, terms);
    } else if (/^\d/.test(token)) {
      endLatin();
      terms.add(`n:${token}`);
    } else {
      latin.push(token);
    }
  }
  endLatin();
  return terms;
}

/**
 * How alike two questions are, 0 to 1: the share of key terms they have in common (Dice).
 * Two questions without key terms ("?", "hello") are alike only when written alike.
 */
export function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** From this similarity on, two questions are the same question. */
export const SAME_QUESTION = 0.7;

/** The question as written, for telling identical wordings apart from paraphrases. */
export function wording(question: string): string {
  return normalize(question)
    .replace(/[\s\p{P}\p{S}]+/gu, ' ')
    .trim();
}
