import { segmentWords } from '#server/ingest/index.ts';
import { standardParts } from '#server/ingest/segment.ts';
import { countHanVariants, foldToSimplified } from './han-fold.ts';
import { loadLexicon, type LexiconGroup } from './lexicon.ts';

/*
 * Text helpers shared by the index, the local answerer and the provider: the same words for
 * documents and questions (segmentWords from ingest, then Traditional folded to Simplified and
 * English plurals and tenses folded by a light stemmer), CJK character pairs for Chinese text
 * that the word segmenter may cut differently in a question and in a document, stop words, and
 * the question's "concepts": the things it asks about, which an answer must cover.
 */

export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
const LATIN_WORD = /^[a-z]+$/;
const NUMBER = /^\d+(?:[.,]\d+)*$/;
const NUMBER_THEN_UNIT = /^(\d+(?:[.,]\d+)*)([a-z]+)$/;
/** Letters after a number that make it a measurement ("10.5mm", "3kw", "1990s"), not a code ("6sd"). */
const MEASUREMENT_UNITS: ReadonlySet<string> = new Set(
  `mm cm m km um nm kg g mg t lb lbs oz w kw mw gw kwh wh mwh mah ah v kv mv a ma hz khz mhz ghz
  db dba bar mbar mpa kpa pa psi rpm s ms min mins h hr hrs d yr yrs l ml cl gal pcs pc x st nd rd
  th k b bn mn gb mb tb kb gbps mbps fps p am pm in ft yd mi mph kmh kph cc nits lm lux`.split(
    /\s+/,
  ),
);

/** "6sd", "3dx": a number followed by letters that are no unit of measurement. */
function expandParts(word: string): string[] {
  const match = NUMBER_THEN_UNIT.exec(word);
  return match ? [match[1]!, match[2]!] : [];
}

function isNumberLedCode(word: string): boolean {
  const match = NUMBER_THEN_UNIT.exec(word);
  return match !== null && !MEASUREMENT_UNITS.has(match[2]!);
}
const CONNECTED_CODE = /[-_/.·]/;
const CHINESE_MAGNITUDE = /^[十百千万亿]$/u;
const HAS_LETTER = /\p{L}/u;
const HAS_DIGIT = /\p{N}/u;
/** Index terms for CJK character pairs live in their own namespace. */
export const BIGRAM_PREFIX = '\u0002';

/** NFKC, lower case, Traditional folded to Simplified: how every comparison sees text. */
export function normalize(text: string): string {
  return foldToSimplified(text.normalize('NFKC').toLowerCase());
}

function undouble(word: string): string {
  return /([b-df-hj-np-tv-z])\1$/.test(word) && !/(ll|ss|zz)$/.test(word)
    ? word.slice(0, -1)
    : word;
}

/** "dat" (from "dated", "dating") is "date" again: a short consonant–vowel–consonant stem; "sett" (from "setting") is "set". */
function restoreE(word: string): string {
  return /^[b-df-hj-np-tv-z][aeiou][b-df-hj-np-tv]$/.test(word) ? `${word}e` : undouble(word);
}

/**
 * A light English stemmer: plurals, -ing, -ed, -ness and a final e, so "designs", "design",
 * "exported" and "exporting" meet. It only has to be consistent, because documents and
 * questions go through it alike.
 */
export function stem(word: string): string {
  if (word.length <= 3 || !LATIN_WORD.test(word)) return word;
  let s = word;
  if (s.endsWith('ies') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('sses')) s = s.slice(0, -2);
  else if (/(ches|shes|xes|zes)$/.test(s)) s = s.slice(0, -2);
  else if (s.endsWith('s') && !/(ss|us|is)$/.test(s)) s = s.slice(0, -1);
  if (s.endsWith('ness') && s.length > 6) s = s.slice(0, -4);
  else if (s.endsWith('ing') && s.length > 5) s = restoreE(s.slice(0, -3));
  else if (s.endsWith('ied') && s.length > 4) s = `${s.slice(0, -3)}y`;
  else if (s.endsWith('ed') && s.length > 4) s = restoreE(s.slice(0, -2));
  if (s.endsWith('e') && s.length > 4) s = s.slice(0, -1);
  return s;
}

/** The index term of one word from segmentWords. */
export function termOf(word: string): string {
  if (CJK_CHAR.test(word)) return foldToSimplified(word);
  return stem(word);
}

/** Index terms of a text: its segmentWords, folded and stemmed. */
export function termsOf(text: string): string[] {
  return segmentWords(text).map(termOf);
}

/** Overlapping character pairs of the CJK runs of normalized text (a lone character stays). */
export function cjkBigrams(normalized: string): string[] {
  const pairs: string[] = [];
  for (const run of normalized.match(CJK_RUN) ?? []) {
    const chars = [...run];
    for (let i = 0; i + 1 < chars.length; i++) pairs.push(`${chars[i]}${chars[i + 1]}`);
  }
  return pairs;
}

// Stop words ----------------------------------------------------------------------------------

const ENGLISH_STOP = new Set(
  `a an the is are was were be been being am do does did doing done have has had having what whats
  which who whom whose where when why how this that these those there here it its i me my mine we
  us our ours you your yours u ur he she him her his they them their theirs of in on at to for from
  by with about as into onto over under between than then and or but if so not no yes can could
  would should will shall may might must please tell know let lets want wanted like need give show
  explain describe any some all each every much many more most very also too just only get got
  kind sort hi hello hey thanks thank ok okay dear sir madam information info detail details
  question questions answer anyone someone something anything thing things one available mean
  means there s t d ll re ve m don doesn didn isn aren wasn weren haven hasn won wouldn couldn
  shouldn let's it's what's where's who's how's i'm you're we're they're don't doesn't isn't
  aren't can't cannot do you'd i'd currently current actually really able possible mm cm m kg g
  include included includes including contain contains time today now exactly approximately
  roughly specifically usually typically generally normally kindly briefly please put use
  uses used using take takes go goes come see find
  pcs pc sqm m2 ft inch inches percent`.split(/\s+/),
);

const CHINESE_STOP = new Set(
  `的 了 是 吗 呢 吧 啊 呀 么 嘛 哦 喔 你 您 你们 您们 你的 您的 你们的 我的 我们的 他们的 我 我们 他 他们 她 她们 它 它们 贵 贵司 贵公司 贵方
  这 那 这个 那个 这些 那些 这里 那里 有 没有 是否 能 能否 可以 可 会 要 想 在 和 与 及 以及 或 或者 给
  告诉 一下 一些 些 就 都 也 还 又 个 到 从 对 把 被 让 关于 知道 了解 问 问题 请 请问 一 样 多 长 大 中
  做 用 为 于 并 而 等 之 其 该 此 啥 咋 嗯 好 谢谢 你好 您好 哈 哪 谁 几 什么 多少 怎么 怎样 怎么样 如何
  为什么 哪里 哪儿 哪些 哪个 哪家 哪一 目前 现在 主要 一共 总共 大概 大约 具体 呢 得 地 着 过 吧 时候 包括
  包含`.split(/\s+/),
);

/** Question words that carry meaning: "how thick" asks for the thickness. */
const ENGLISH_QUESTION_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [
    /\b(?:according to|as per|based on|(?:as )?(?:mentioned|described|stated|given|shown) in|in) (?:the|this) (?:document|manual|guide|report|text|file|pdf|filing)s?\b/g,
    ' ',
  ],
  [/\bhow (?:thick)\b/g, ' thickness '],
  [/\bhow (?:big|large)\b/g, ' size '],
  [/\bhow heavy\b/g, ' weight '],
  [/\bhow (?:many|much|long|often|far|soon|old|quickly|fast|early|late)\b/g, ' '],
];
const CHINESE_QUESTION_PHRASES: ReadonlyArray<[RegExp, string]> = [
  [/多少钱/g, ' 价格 '],
  [/多长时间|多久|多少天|几天|多少时间|什么时候|何时|哪一年|哪年/g, ' '],
  [/叫什么名字|叫什么|的名字|名字是|姓名/g, ' '],
  [/多厚/g, ' 厚度 '],
  [/多重/g, ' 重量 '],
  [/多大/g, ' 尺寸 '],
  [
    /多少|几个|几|什么样|什么|怎么样|怎样|怎么|如何|为什么|为何|哪里|哪儿|哪些|哪个|哪一|哪家|哪|谁|吗|呢|吧|是否|有没有|能不能|可不可以|请问|一下/g,
    ' ',
  ],
];

/** Words that say "your company" or "your products" in general: weak evidence alone. */
const SOFT_WORDS = new Set(
  `company companies product products service services offer offers offering provide provides
  providing sell sells selling make makes making manufacture manufactures manufacturer business
  range item items introduce introduction overview profile brand brands type types kind model
  models option options way ways method category style rating ratings level levels value
  values spec specs specification specifications parameter parameters feature features number
  numbers work works working show shows showing exhibit exhibiting present presenting display
  displaying launch launching 公司 产品
  服务 企业 介绍 简介 情况 时间 信息 资料 业务 型号 类型 种类 参数 规格 方面 提供 供应`.split(
    /\s+/,
  ),
);

/** Soft words that ask for an overview of the company ("what products do you make?"). */
export const OVERVIEW_WORDS: ReadonlySet<string> = new Set(
  `company companies product products service services offer offers offering provide provides
  sell sells make makes manufacture manufactures manufacturer business range introduce
  introduction overview profile 公司 产品 服务 企业 介绍 简介 业务`.split(/\s+/),
);

export function isStopWord(word: string): boolean {
  return ENGLISH_STOP.has(word) || CHINESE_STOP.has(word);
}

// Questions -----------------------------------------------------------------------------------

/**
 * One way a concept can appear in a passage: all of `words` (index terms), any of `anyOf`, or
 * the CJK string `cjk` as a substring.
 */
export interface Form {
  words?: string[];
  anyOf?: string[];
  cjk?: string;
  /** A regular expression over normalized text: "1200 x 2400" is a size, "@" an e-mail. */
  pattern?: string;
}

export interface Concept {
  label: string;
  primary: Form;
  /** Synonyms and translations from the lexicon. */
  alternatives: Form[];
  /** A general word ("company", "products"): little evidence on its own. */
  isSoft: boolean;
  isNumber: boolean;
  /** One Chinese character: ambiguous alone, so it weighs less. */
  isSingleChar: boolean;
}

export interface QuestionAnalysis {
  normalized: string;
  concepts: Concept[];
  /** Asks for an amount, a size, a date: answers with figures are preferred. */
  asksQuantity: boolean;
  isGreeting: boolean;
  /** Refers back to an earlier turn ("it", "its", "这款"). */
  isFollowUp: boolean;
  /** Asks for a person: the answer must name one. */
  asksWho: boolean;
  /**
   * What is asked for, when the question names it ("what is the *thickness* of...", "how heavy",
   * 多少钱): an answer must contain it, not only the thing it is asked about.
   */
  focus: Concept | null;
  /** The kind of answer asked for: a figure, a date, a person, a code… (null: any). */
  answerType: AnswerType | null;
}

export type AnswerType =
  'percent' | 'date' | 'email' | 'phone' | 'version' | 'code' | 'person' | 'company' | 'quantity';

/** Question patterns of each answer type, most specific first. */
const ANSWER_TYPE_QUESTIONS: ReadonlyArray<[AnswerType, RegExp]> = [
  ['percent', /\b(?:what|which) (?:percentage|percent|share)\b|\bpercentage\b|百分比|比例|占比/u],
  [
    'date',
    /^when\b|\b(?:what|which) (?:date|day|year|month)\b|\bdate of\b|\bdated\b|何时|什么时候|哪一?年|哪一?天|日期/u,
  ],
  ['email', /\be-?mail\b|邮箱|电子邮件/u],
  [
    'phone',
    /\b(?:phone|telephone|hotline|fax) (?:number|no)\b|\bnumber to (?:call|dial)\b|\bdial\b|电话|热线/u,
  ],
  ['version', /\bversion\b|版本/u],
  [
    'code',
    /\b(?:model|part|order|serial|item|article) (?:number|no|code)\b|\b(?:which|what) (?:model|code)\b|\bcode\b|型号|编号|代码|货号/u,
  ],
  [
    'company',
    /^(?:who|whom|whose)\b(?=.*\b(?:firm|company|auditor|bank|organi[sz]ation|entity|supplier|manufacturer|agency|institution|distributor|provider)\b)/u,
  ],
  [
    'person',
    /^(?:who|whom|whose)\b|\bwho (?:is|was|are|were)\b|谁|控制人|法定代表人|董事长|联系人|负责人/u,
  ],
  ['company', /\b(?:which|what) (?:company|firm|entity|organi[sz]ation|bank|auditor)\b|哪家/u],
  [
    'quantity',
    /\bhow (?:many|much|long|thick|big|large|heavy|often|far|soon|old|high|wide|fast)\b|\b(?:number|amount|size|thickness|weight|price|capacity|quantity|total|value|revenue|income|cost|expense|sales|profit|loss|balance|dimensions?|maximum|minimum|duration|temperature|angle|rate|power|voltage|pressure|flow|speed|diameter|length|width|height|depth|volume|frequency|wattage)\b|多少|几|多长|多久|多大|多厚|多重|多高|多宽|数量|尺寸|厚度|重量|价格|产量|金额/u,
  ],
];

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`;
/** What a unit of each answer type contains (over normalized text). */
const ANSWER_TYPE_UNITS: Readonly<Record<AnswerType, RegExp>> = {
  percent: /\d\s?%|\d\s?percent/u,
  date: new RegExp(
    String.raw`\b${MONTH}\.?\s+\d{1,2},?\s+\d{4}|\b\d{1,2}\s+${MONTH}\.?\s+\d{4}|\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{4}\s?年(?:\s?\d{1,2}\s?月)?|\b${MONTH}\.?\s+\d{4}\b|\b(?:19|20)\d{2}\b`,
    'u',
  ),
  email: /[\w.+-]+@[\w-]+\.[\w.]+/u,
  phone: /\+?\(?\d[\d\s()-]{6,}\d/u,
  version: /\d+\.\d+(?:\.\d+)+|\bv\d+(?:\.\d+)*\b|\d+\.\d+_\d+/u,
  code: /\b(?=[a-z0-9/-]*\d)(?=[a-z0-9/-]*[a-z])[a-z0-9]+(?:[-/][a-z0-9]+)*\b/u,
  person:
    /\b(?:mr|mrs|ms|dr)\b\.?|\b(?:chairman|chief executive|president|director|officer|founder|manager|ceo|cfo)\b|先生|女士|控制人|董事长|总经理|法定代表人|负责人/u,
  company: /\b(?:inc|ltd|llp|llc|plc|gmbh|corp|corporation|company|co)\b\.?|公司|集团|有限/u,
  quantity: /\d|[一二三四五六七八九十百千万亿两]/u,
};

export function answerTypeOf(normalizedQuestion: string): AnswerType | null {
  for (const [type, pattern] of ANSWER_TYPE_QUESTIONS) {
    if (pattern.test(normalizedQuestion)) return type;
  }
  return null;
}

/** Whether a unit contains the kind of answer asked for. */
export function hasAnswerType(type: AnswerType, normalizedUnit: string): boolean {
  return ANSWER_TYPE_UNITS[type].test(normalizedUnit);
}

const WHAT_IS_THE =
  /^(?:what|which)(?:'s|\s+(?:is|are|was|were|does|do|did))?\s+(?:the\s+|your\s+|a\s+|an\s+|its\s+|their\s+)?([a-z][a-z-]+)/u;
/** Adjectives between "what" and the thing asked for ("what new flavours"). */
const GENERAL_ADJECTIVES =
  /(?<=^(?:what|which)(?:'s|\s+(?:is|are|was|were|does|do|did))?\s+(?:the\s+|your\s+)?)(?:(?:new|latest|main|other|best|current|different|available|standard|special|popular|minimum|maximum|min|max|rated|nominal|total|average|typical|recommended|required)\s+)+/u;
/** "What tool is recommended…", "Which device can be used…": a kind of thing, then what it does. */
const NAME_CATEGORY_QUESTION =
  /^(?:what|which)\s+(?:[a-z-]+\s+)?(function|feature|tool|app|application|program|software|utility|device|button|key|menu|command|option|setting|platform|service|accessory|component|method|action|icon|tab|screen|panel|port|connector|assistant)s?\s+(?!of\b|for\b|does\b|do\b)(?:can|could|is|are|was|were|should|must|will|would|allows?|lets?|helps?|enables?|provides?|makes?|gives?|shows?|displays?|needs?|has|have|[a-z]+(?:ed|es))\b/u;
/** "What is the name of…", "what is … called": the answer is a name, the word is no evidence. */
const NAME_QUESTION = /^(?:what|which)(?:'s|\s+(?:is|was|are|were))\s+the\s+names?\s+of\b/u;
const HOW_DOES_IT_WORK = /^how (?:does|do|did|can|should|would) .+\b(work|function|operate)\b/u;
const WHO_QUESTION = /^(?:who|whom|whose)\b|谁|叫什么名字|叫什么|姓名|名字/u;
const QUANTITY_QUESTION =
  /\bhow (?:many|much|long|thick|big|large|heavy|often|far|soon|old)\b|\b(?:number|amount|size|thickness|weight|price|capacity|quantity|when|year|percentage|dimensions?)\b|多少|几|多长|多久|多大|多厚|多重|多高|多宽|哪一年|哪年|何时|什么时候|数量|尺寸|厚度|重量|价格|产量|日期/u;
/** "Who is the auditor / the accounting firm": a company answers, not a person. */
const ORGANISATION_NOUN =
  /\b(?:firm|company|auditor|bank|organi[sz]ation|entity|supplier|manufacturer|agency|institution|distributor|provider|subsidiary)\b/u;
const GREETING =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?|thank you|你好|您好|哈喽|嗨|谢谢|多谢|感谢)[\s!！。.,，~～]*$/u;
const FOLLOW_UP =
  /\b(?:it|its|it's|this|that|these|those|they|them|their|same|also|and)\b|它|其|这款|那款|这个|那个|这种|那种|该产品|还有/u;

const lexicon = loadLexicon(stem);

/** Figures that answer a concept without naming it ("HT-M1224: 1200 x 2400 mm" gives a size). */
const CONCEPT_PATTERNS: ReadonlyArray<[string[], string]> = [
  [['size', 'dimension', '尺寸', '规格'], String.raw`\d\s*(?:x|×|\*)\s*\d`],
  [
    ['price', 'cost', '价格', '报价'],
    String.raw`(?:us\$|\$|€|¥|￥|usd|rmb|eur)\s*\d|\d\s*(?:usd|rmb|eur|元|美元)`,
  ],
  [['email', '邮箱'], String.raw`[\w.+-]+@[\w-]+\.[\w.]+`],
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

function lexiconAlternatives(primary: Form): Form[] {
  const alternatives = groupAlternatives(primary);
  // A Chinese compound the lexicon does not know ("联系电话") is also answered by the words
  // it is made of that it does know ("电话", so "手机" too).
  if (alternatives.length === 0 && primary.cjk && [...primary.cjk].length > 2) {
    for (const group of lexicon) {
      for (const form of group.forms) {
        if (
          form.cjk &&
          form.cjk.length >= 2 &&
          form.cjk !== primary.cjk &&
          primary.cjk.includes(form.cjk)
        ) {
          alternatives.push({ cjk: form.cjk }, ...groupAlternatives({ cjk: form.cjk }));
        }
      }
    }
  }
  return alternatives;
}

function groupAlternatives(primary: Form): Form[] {
  const alternatives: Form[] = [];
  for (const group of lexicon) {
    const matches = group.forms.some((form) =>
      primary.cjk !== undefined
        ? form.cjk === primary.cjk
        : form.cjk === null &&
          primary.words !== undefined &&
          form.words.length === primary.words.length &&
          form.words.every((word, i) => word === primary.words![i]),
    );
    if (!matches) continue;
    const key = primary.cjk ?? primary.words?.join(' ') ?? '';
    for (const [names, pattern] of CONCEPT_PATTERNS) {
      if (names.some((name) => (CJK_CHAR.test(name) ? name : stem(name)) === key)) {
        alternatives.push({ pattern });
      }
    }
    for (const form of group.forms) {
      const asForm: Form = form.cjk !== null ? { cjk: form.cjk } : { words: form.words };
      if (JSON.stringify(asForm) !== JSON.stringify(primary)) alternatives.push(asForm);
    }
  }
  return alternatives;
}

/** Lexicon entries of several words, longest first ("minimum order quantity"). */
const PHRASES: readonly string[][] = lexicon
  .flatMap((group: LexiconGroup) =>
    group.forms.filter((form) => form.words.length > 1).map((form) => form.words),
  )
  .sort((a, b) => b.length - a.length);

/** Where lexicon phrases occur in a fragment's words (stop words such as "time" included). */
function findPhrases(words: readonly string[]): Map<number, string[]> {
  const stems = words.map((word) => (LATIN_WORD.test(word) ? stem(word) : word));
  const found = new Map<number, string[]>();
  const taken = new Set<number>();
  for (const phrase of PHRASES) {
    for (let i = 0; i + phrase.length <= stems.length; i++) {
      if (phrase.some((word, j) => taken.has(i + j) || stems[i + j] !== word)) continue;
      found.set(i, phrase);
      phrase.forEach((_, j) => taken.add(i + j));
    }
  }
  return found;
}

export function concept(label: string, primary: Form, isNumber = false): Concept {
  return {
    label,
    primary,
    alternatives: isNumber ? [] : lexiconAlternatives(primary),
    isSoft: SOFT_WORDS.has(label),
    isNumber,
    isSingleChar: primary.cjk !== undefined && [...primary.cjk].length === 1,
  };
}

const LEXICON_CJK: ReadonlySet<string> = new Set(
  lexicon.flatMap((group) => group.forms.flatMap((form) => (form.cjk ? [form.cjk] : []))),
);

/**
 * Words the segmenter split but the lexicon knows whole ("展"+"位" is 展位, a booth): the pieces
 * are replaced by the compound, which then finds its translations.
 */
function joinKnownCompounds(
  places: ReadonlyArray<{ concept: Concept; at: number }>,
  words: readonly string[],
  concepts: Concept[],
): void {
  for (let i = 0; i < places.length; i++) {
    for (let length = Math.min(4, places.length - i); length >= 2; length--) {
      const run = places.slice(i, i + length);
      // Adjacent in the text: only character-pair expansions may sit between them.
      const isAdjacent = run.every(
        (place, j) =>
          j === 0 ||
          words
            .slice(run[j - 1]!.at + 1, place.at)
            .every((between) => run[j - 1]!.concept.primary.cjk!.includes(between)),
      );
      const joined = run.map((place) => place.concept.primary.cjk).join('');
      if (!isAdjacent || !LEXICON_CJK.has(joined)) continue;
      const first = concepts.indexOf(run[0]!.concept);
      for (const place of run) {
        const at = concepts.indexOf(place.concept);
        if (at >= 0) concepts.splice(at, 1);
      }
      concepts.splice(Math.max(0, first), 0, concept(joined, { cjk: joined }));
      i += length - 1;
      break;
    }
  }
}

const OR_WORDS = new Set(['or', '还是', '或者', '或']);

const LABEL_NOUNS = new Set(
  'series model type version grade class plan option line range hall zone area phase building block stand booth level size group part section'.split(
    ' ',
  ),
);

/** Function characters of Chinese: a word made only of them ("的是", "有没") asks nothing. */
const CHINESE_STOP_CHARS = new Set(
  '的了是吗呢吧啊呀么嘛在和与及或给就都也还又个到从对把被让用有要会能可请这那哪几谁我你您他她它们得地着过之其该此于为并而等啥咋没'.split(
    '',
  ),
);

/** Between these the question is cut into fragments; words never join across them. */
const FRAGMENT_BREAK = /[,;!?，。；：！？、（）()【】[\]"“”‘’《》]+/u;

/** The concepts of a question: what it asks about, without question words and politeness. */
export function analyseQuestion(question: string): QuestionAnalysis {
  const normalized = normalize(question).replace(/\s+/g, ' ').trim();
  let text = normalized;
  for (const [pattern, replacement] of ENGLISH_QUESTION_PHRASES)
    text = text.replace(pattern, replacement);
  for (const [pattern, replacement] of CHINESE_QUESTION_PHRASES)
    text = text.replace(pattern, replacement);

  // The attribute asked for: set by a question phrase, or the word after "what is the".
  let focusWord: string | null = null;
  for (const [pattern, replacement] of [...ENGLISH_QUESTION_PHRASES, ...CHINESE_QUESTION_PHRASES]) {
    pattern.lastIndex = 0;
    if (replacement.trim() && pattern.test(normalized)) focusWord = replacement.trim();
    pattern.lastIndex = 0;
  }
  const works = HOW_DOES_IT_WORK.exec(normalized)?.[1];
  const asked = WHAT_IS_THE.exec(normalized.replace(GENERAL_ADJECTIVES, ''))?.[1];
  if (!focusWord && works) focusWord = works;
  // "Which *application* lets you make movies?": the answer is a name (iMovie), the word only
  // says what kind of thing it is, so it is neither required nor strong evidence.
  const category =
    NAME_CATEGORY_QUESTION.exec(normalized)?.[1] ??
    (NAME_QUESTION.test(normalized) ? 'name' : null);
  if (!focusWord && asked && asked !== category && !isStopWord(asked) && !SOFT_WORDS.has(asked)) {
    focusWord = asked;
  }

  const concepts: Concept[] = [];
  const seen = new Set<string>();
  // "FOB or CIF", "现货还是定制": either answers, so the second joins the first as an alternative.
  let eitherOf: Concept | null = null;
  const add = (item: Concept) => {
    if (eitherOf) {
      eitherOf.alternatives.push(item.primary, ...item.alternatives);
      eitherOf = null;
      return;
    }
    const key = JSON.stringify(item.primary);
    if (seen.has(key)) return;
    seen.add(key);
    concepts.push(item);
  };

  for (const fragment of text.split(FRAGMENT_BREAK)) {
    if (!fragment) continue;
    const words = segmentWords(fragment);
    // "aq-150s" arrives as its parts ("aq", "150s", "150"), then whole: only the whole counts.
    const codeParts = new Set<string>();
    for (const word of words) {
      // "ISO 9001" arrives as iso, 9001 and iso9001: the whole identifier is the concept.
      for (const part of standardParts(word) ?? []) codeParts.add(part);
      // "6SD" arrives as 6sd, 6 and sd: the code is the concept, not a number and a word.
      if (isNumberLedCode(word)) for (const part of expandParts(word)) codeParts.add(part);
      if (CONNECTED_CODE.test(word) && HAS_LETTER.test(word) && HAS_DIGIT.test(word)) {
        const parts = word.split(/[-_/.·]+/).filter(Boolean);
        for (const part of parts) for (const form of segmentWords(part)) codeParts.add(form);
        codeParts.add(parts.join(''));
      }
    }
    let expansionOf = '';
    // CJK concepts of this fragment with their place, to join known compounds ("展"+"位").
    const cjkPlaces: Array<{ concept: Concept; at: number }> = [];
    const phrases = findPhrases(words);
    for (let i = 0; i < words.length; i++) {
      const phrase = phrases.get(i);
      if (phrase) {
        add(concept(words.slice(i, i + phrase.length).join(' '), { words: phrase }));
        i += phrase.length - 1;
        continue;
      }
      const word = words[i]!;
      const isCjk = CJK_CHAR.test(word) && !HAS_DIGIT.test(word);
      // segmentWords follows a long CJK word with its character pairs: not new words.
      if (isCjk && expansionOf && [...word].length === 2 && expansionOf.includes(word)) continue;
      expansionOf = isCjk && [...word].length > 2 ? word : '';
      if (OR_WORDS.has(word)) {
        eitherOf = concepts.at(-1) ?? null;
        continue;
      }
      if (isStopWord(word)) continue;
      if (isCjk) {
        if ([...word].every((char) => CHINESE_STOP_CHARS.has(char))) continue;
        // "3万": the magnitude follows the number, and "3万" follows both.
        if (CHINESE_MAGNITUDE.test(word) && NUMBER.test(words[i - 1] ?? '')) continue;
        const item = concept(word, { cjk: word });
        add(item);
        cjkPlaces.push({ concept: item, at: i });
        continue;
      }
      if (isNumberLedCode(word)) {
        add(concept(word, { anyOf: [word] }));
        continue;
      }
      if (NUMBER_THEN_UNIT.test(word)) continue; // "10.5mm": "10.5" and "mm" follow
      if (CONNECTED_CODE.test(word) && HAS_LETTER.test(word) && HAS_DIGIT.test(word)) {
        const parts = word.split(/[-_/.·]+/).filter(Boolean);
        add(
          concept(word, {
            anyOf: [word, parts.join(''), ...parts.filter((part) => HAS_DIGIT.test(part))],
          }),
        );
        continue;
      }
      if (codeParts.has(word)) continue;
      if (NUMBER.test(word)) {
        add(concept(word, { anyOf: [word] }, true));
        continue;
      }
      if (HAS_DIGIT.test(word) && CJK_CHAR.test(word)) {
        add(concept(word, { cjk: word }, true));
        continue;
      }
      if (HAS_DIGIT.test(word)) {
        add(concept(word, { anyOf: [word] }));
        continue;
      }
      if (word.length === 1) {
        // "series B", "hall C": a letter that names something is a concept of its own.
        if (/^[a-z]$/.test(word) && LABEL_NOUNS.has(words[i - 1] ?? '')) {
          add(concept(word, { anyOf: [word] }));
        }
        continue;
      }
      add(concept(word, { words: [stem(word)] }));
    }
    joinKnownCompounds(cjkPlaces, words, concepts);
    eitherOf = null;
  }

  const merged = concepts;
  if (category) {
    for (const item of merged) if (item.primary.words?.[0] === stem(category)) item.isSoft = true;
  }
  const focusForm = focusWord ? (CJK_CHAR.test(focusWord) ? focusWord : stem(focusWord)) : null;
  const focus =
    (focusForm &&
      merged.find(
        (item) => item.primary.cjk === focusForm || item.primary.words?.includes(focusForm),
      )) ||
    null;
  return {
    normalized,
    concepts: merged,
    focus,
    asksQuantity: QUANTITY_QUESTION.test(normalized),
    isGreeting: GREETING.test(normalized),
    isFollowUp: FOLLOW_UP.test(normalized),
    asksWho: WHO_QUESTION.test(normalized) && !ORGANISATION_NOUN.test(normalized),
    answerType: answerTypeOf(normalized),
  };
}

// Languages -----------------------------------------------------------------------------------

export type ChatLanguage = 'en' | 'zh-CN' | 'zh-TW';
export type ScriptFamily = 'en' | 'zh';

/** Han characters and Latin words (codes such as HT-M8080 not counted) of a text. */
export function scriptCounts(text: string): { han: number; latinWords: number } {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latinWords = (text.match(/[\p{L}\p{N}][\p{L}\p{N}-]*/gu) ?? []).filter(
    (word) => /^\p{Script=Latin}{2,}$/u.test(word) && !HAS_DIGIT.test(word),
  ).length;
  return { han, latinWords };
}

/** zh or en when the text clearly is one, else null. */
export function scriptFamily(text: string): ScriptFamily | null {
  const { han, latinWords } = scriptCounts(text);
  if (han >= 2 && han / 1.6 >= latinWords) return 'zh';
  if (han === 0 && latinWords >= 2) return 'en';
  if (latinWords >= 3 && latinWords > han) return 'en';
  return null;
}

/**
 * The language to answer in: the question's when it is clearly written in another language
 * than the interface (a Chinese question on the English page), else the interface's.
 */
export function answerLanguage(question: string, interfaceLanguage: ChatLanguage): ChatLanguage {
  const family = scriptFamily(question);
  if (family === 'en') return 'en';
  if (family === 'zh') {
    const { traditional, simplified } = countHanVariants(question);
    if (traditional > simplified) return 'zh-TW';
    if (simplified > traditional) return 'zh-CN';
    return interfaceLanguage === 'en' ? 'zh-CN' : interfaceLanguage;
  }
  return interfaceLanguage;
}

// Passages as sentences -----------------------------------------------------------------------

const sentenceSegmenter = new Intl.Segmenter('zh', { granularity: 'sentence' });
const TERMINAL = /[.!?。！？;；]$/u;
const FIELD_LINE = /^[\p{L}][^:：]{0,40}[:：]\s*\S/u;
const LIST_ITEM = /^(?:[-•*·▪●◆■]|\d{1,2}[.)、]\s|[qa][:.：]|问[:：]|答[:：])/iu;
const QUESTION_UNIT = /[?？]$|^(?:q\s*[:.：]|问\s*[:：]|question\s*[:：])/iu;

export interface Unit {
  /** Display text: a sentence, a table row with its column headers, or a FAQ question with its answer. */
  text: string;
  /** The heading it sits under (slide title, "Marble Look Series"), for context. */
  heading: string | null;
  isQuestion: boolean;
  /** A table row (`|` cells, "Header: value · …" cells, or a label followed by figures). */
  isRow: boolean;
  terms: ReadonlySet<string>;
  headingTerms: ReadonlySet<string>;
  normalized: string;
  headingNormalized: string;
  bigrams: ReadonlySet<string>;
  hasFigure: boolean;
  family: ScriptFamily | null;
}

// Table rows ----------------------------------------------------------------------------------

/** `|a|b|c|`: a row of a pipe table (at least two cells). */
const PIPE_ROW = /^\|?(?:[^|]*\|){2,}[^|]*$/u;
const PIPE_SEPARATOR = /^\|?(?:\s*:?-{2,}:?\s*\|)+\s*:?-*:?\s*$/u;
/** One cell of a figure column: "280,714", "$", "(92,151)", "23.1", "%", "—", "(a)". */
const FIGURE_TOKEN =
  /^(?:\(?[$€£¥]?-?\d[\d,]*(?:\.\d+)?%?\)?|[$€£¥%—–-]|n\/?m|\([a-z]\)|[A-Z]{1,3}\d{1,4}[A-Z]?|(?:mm|cm|m|km|kg|g|t|w|kw|v|a|hz|bar|mpa|psi|rpm|°c|℃|m³\/h|m3\/h|l\/min|m²|㎡|pcs|db))$/iu;

/** "Total stockholders' equity $ 280,714 $ 279,354 —": a label, then columns of figures. */
function isFigureRow(line: string): boolean {
  if (/[.。]$/u.test(line)) return false;
  const tokens = line.split(' ');
  let end = tokens.length;
  let figures = 0;
  while (end > 0 && FIGURE_TOKEN.test(tokens[end - 1]!)) {
    if (/\d/.test(tokens[end - 1]!)) figures++;
    end--;
  }
  if (figures === 0 || end === 0 || tokens.length - end > 24) return false;
  const label = tokens.slice(0, end).join(' ');
  return [...label].length <= 120 && /\p{L}/u.test(label) && !/[.!?。！？]\s+\p{L}/u.test(label);
}

const PERIOD_WORDS =
  /\bin (?:millions|thousands|billions)\b|\b(?:three|six|nine|twelve) months ended\b|\b(?:year|quarter) ended\b|期末|期初|本期|上期|年度|金额/iu;
const YEAR = /\b(?:19|20)\d{2}\b/gu;

/**
 * A line that heads figure columns: periods, two years, "(in millions)". Years are counted, not
 * matched with ".*" between them, which backtracks on long lines.
 */
const COLUMN_HEADER = {
  test(line: string): boolean {
    if (PERIOD_WORDS.test(line)) return true;
    YEAR.lastIndex = 0;
    return YEAR.exec(line) !== null && YEAR.exec(line) !== null;
  },
};

/** "Sheet · Model: 4SD10-18 · Rated head: 96 m": cells separated by " · ", some "name: value". */
function isFieldRow(line: string): boolean {
  const cells = line.split(' · ');
  return cells.length >= 2 && cells.some((cell) => /^[^:：]{1,80}[:：]\s*\S/u.test(cell));
}

export function isTableRow(line: string): boolean {
  return (
    (PIPE_ROW.test(line) && line.includes('|')) ||
    isFieldRow(line) ||
    isFigureRow(line.replace(/\s+/g, ' ').trim())
  );
}

function pipeCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** A pipe row with its header cells: "使用权资产 · 期末余额: 48,139,019.37 · 期初余额: …". */
function labelledPipeRow(row: string, header: string | null): string {
  const cells = pipeCells(row);
  const names = header ? pipeCells(header) : [];
  if (names.length !== cells.length) return cells.filter(Boolean).join(' · ');
  return cells
    .map((cell, i) => (i === 0 || !names[i] ? cell : `${names[i]}: ${cell}`))
    .filter(Boolean)
    .join(' · ');
}

/**
 * The row that heads the table a text ends in (the first `|` row after a non-table line, or
 * the last line naming periods above figure rows): carried into the next passage of a table
 * cut in two, so its rows still name their columns.
 */
export function trailingTableHeader(text: string): string | null {
  const lines = text.split('\n').map((line) => line.trim());
  let header: string | null = null;
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!line) continue;
    if (line.includes('|') && PIPE_ROW.test(line)) {
      if (!PIPE_SEPARATOR.test(line)) header = line;
      continue;
    }
    if (header) return header;
    if (COLUMN_HEADER.test(line) && !isTableRow(line)) return line;
    if (!isTableRow(line)) return null;
  }
  return header;
}

function isHeadingLine(line: string): boolean {
  return (
    [...line].length <= 60 &&
    !TERMINAL.test(line) &&
    !FIELD_LINE.test(line) &&
    !/[,，]$/.test(line) &&
    !isTableRow(line)
  );
}

/** Lines of a chunk with PDF line wraps joined back into sentences (table rows stay whole). */
function logicalLines(text: string): string[] {
  const raw = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const lines: string[] = [];
  for (const line of raw) {
    const previous = lines.at(-1);
    const continues =
      previous !== undefined &&
      // A long line cut at the margin, or a narrow column's line that goes on in lower case.
      ([...previous].length >= 40 || (/^[a-z]/u.test(line) && /[\p{L},]$/u.test(previous))) &&
      !/[.!?。！？:：;；]$/u.test(previous) &&
      !LIST_ITEM.test(line) &&
      !FIELD_LINE.test(line) &&
      !isTableRow(line) &&
      !isTableRow(previous);
    if (continues) {
      const joiner =
        CJK_CHAR.test(previous.at(-1) ?? '') && CJK_CHAR.test(line[0] ?? '') ? '' : ' ';
      lines[lines.length - 1] = previous + joiner + line;
    } else {
      lines.push(line);
    }
  }
  return lines;
}

/** A unit over a whole text (a passage), for coverage tests at passage level. */
export function textUnit(text: string): Unit {
  return makeUnit(text, null, false);
}

function makeUnit(text: string, heading: string | null, isQuestion: boolean, isRow = false): Unit {
  const normalized = normalize(text);
  const headingNormalized = heading ? normalize(heading) : '';
  return {
    text,
    heading,
    isQuestion,
    isRow,
    terms: new Set(termsOf(text)),
    headingTerms: new Set(heading ? termsOf(heading) : []),
    normalized,
    headingNormalized,
    bigrams: new Set(cjkBigrams(normalized)),
    hasFigure: /\d|[一二三四五六七八九十百千万亿两]/u.test(text),
    family: scriptFamily(text),
  };
}

/**
 * The sentences of a passage, each with the heading above it; a FAQ question is kept together
 * with its answer, since the question alone answers nothing.
 */
export function splitUnits(text: string, carriedHeader: string | null = null): Unit[] {
  const lines = logicalLines(text);
  const pieces: Array<{
    text: string;
    heading: string | null;
    isHeading: boolean;
    isRow?: boolean;
  }> = [];
  let heading: string | null = null;
  // The row heading the current table: a `|` header row, or a line naming figure columns.
  let pipeHeader: string | null = carriedHeader?.includes('|') ? carriedHeader : null;
  let columnHeader: string | null = carriedHeader && !pipeHeader ? carriedHeader : null;
  let previousWasPipe = pipeHeader !== null;
  lines.forEach((line, index) => {
    const next = lines[index + 1];
    const isPipe = line.includes('|') && PIPE_ROW.test(line);
    if (isPipe) {
      if (PIPE_SEPARATOR.test(line)) return;
      if (!previousWasPipe) {
        pipeHeader = line;
        previousWasPipe = true;
        return;
      }
      pieces.push({
        text: labelledPipeRow(line, pipeHeader),
        heading,
        isHeading: false,
        isRow: true,
      });
      return;
    }
    previousWasPipe = false;
    if (isTableRow(line)) {
      const above = lines[index - 1];
      if (
        above !== undefined &&
        !isTableRow(above) &&
        [...above].length <= 100 &&
        !TERMINAL.test(above) &&
        !COLUMN_HEADER.test(above)
      ) {
        columnHeader = above;
      }
      const header = columnHeader && [...columnHeader].length <= 100 ? ` [${columnHeader}]` : '';
      pieces.push({
        text: isFieldRow(line) ? line : line + header,
        heading,
        isHeading: false,
        isRow: true,
      });
      return;
    }
    if (COLUMN_HEADER.test(line) && [...line].length <= 100 && !TERMINAL.test(line)) {
      columnHeader = line;
    }
    if (isHeadingLine(line) && next !== undefined && !LIST_ITEM.test(line)) {
      heading = line;
      pieces.push({ text: line, heading: null, isHeading: true });
      return;
    }
    for (const { segment } of sentenceSegmenter.segment(line)) {
      const sentence = segment.trim();
      if (sentence) pieces.push({ text: sentence, heading, isHeading: false });
    }
  });

  const units: Unit[] = [];
  const hasBody = pieces.some((piece) => !piece.isHeading);
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (piece.isHeading) {
      if (!hasBody) units.push(makeUnit(piece.text, null, false));
      continue;
    }
    if (QUESTION_UNIT.test(piece.text)) {
      const answer: string[] = [];
      while (
        answer.length < 2 &&
        pieces[i + 1] &&
        !pieces[i + 1]!.isHeading &&
        !QUESTION_UNIT.test(pieces[i + 1]!.text)
      ) {
        answer.push(pieces[i + 1]!.text);
        i++;
        if (answer.join(' ').length > 160) break;
      }
      if (answer.length > 0) {
        units.push(makeUnit(`${piece.text} ${answer.join(' ')}`, piece.heading, true));
      }
      continue;
    }
    units.push(makeUnit(piece.text, piece.heading, false, piece.isRow));
  }
  return units;
}
