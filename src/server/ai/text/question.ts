import { segmentWords } from '#server/ingest/index.ts';
import { standardParts } from '#server/ingest/segment.ts';
import { scriptFamily } from '#server/text/language.ts';
import { toStandardChinese } from '#server/vocabulary/cantonese.ts';
import { loadLexicon, type LexiconGroup } from '#server/vocabulary/synonyms.ts';
import { COMPANY_IN_QUESTION } from '#server/vocabulary/document-patterns.ts';
import { ORGANISATION_NOUN, PERSON_HINT } from '#server/vocabulary/roles-and-introductions.ts';
import { CONCEPT_PATTERNS } from '#server/vocabulary/value-shapes.ts';
import { answerTypeOf, type AnswerType } from '#server/vocabulary/answer-types.ts';
import {
  CHINESE_MAGNITUDE,
  CJK_CHAR,
  CONNECTED_CODE,
  expandParts,
  HAS_DIGIT,
  HAS_LETTER,
  isNumberLedCode,
  LATIN_WORD,
  normalize,
  NUMBER,
  NUMBER_THEN_UNIT,
  stem,
} from './normalize.ts';
import {
  CHINESE_QUESTION_PHRASES,
  ENGLISH_QUESTION_PHRASES,
  isForeignQuestion,
  isForeignStopWord,
  isStopWord,
  SOFT_WORDS,
} from './stop-words.ts';

/*
 * The question's "concepts": the things it asks about, which an answer must cover, with their
 * synonyms and translations from the lexicon; and the kind of answer it asks for (a figure, a
 * date, a person, a code).
 */

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
  isGreeting: boolean;
  /** Refers back to an earlier turn ("it", "its", "这款"). */
  isFollowUp: boolean;
  /** Asks for a person: the answer must name one (see namesPerson). */
  asksWho: boolean;
  /** Asks for several things ("payment terms and lead time"): facts may come from two places. */
  asksSeveral: boolean;
  /** "Which metering mode…", "for a landscape, which mode…": the answer names one of several. */
  asksWhich: boolean;
  /**
   * What is asked for, when the question names it ("what is the *thickness* of...", "how heavy",
   * 多少钱): an answer must contain it, not only the thing it is asked about.
   */
  focus: Concept | null;
  /**
   * The focus with the words that name the attribute with it ("operating *hours*", "basic
   * *earnings per share*"): an answer that holds one of them holds what is asked for.
   */
  focusPhrase: Concept[];
  /** The kind of answer asked for: a figure, a date, a person, a code… (null: any). */
  answerType: AnswerType | null;
}

const WHAT_IS_THE =
  /^(?:what|which)(?:'s|\s+(?:is|are|was|were|does|do|did))?\s+(?:the\s+|your\s+|a\s+|an\s+|its\s+|their\s+)?([a-z][a-z-]+(?: [a-z][a-z-]+){0,2})/u;
/** Adjectives between "what" and the thing asked for ("what new flavours"). */
const GENERAL_ADJECTIVES =
  /(?<=^(?:what|which)(?:'s|\s+(?:is|are|was|were|does|do|did))?\s+(?:the\s+|your\s+)?)(?:(?:new|latest|main|other|best|current|different|available|standard|special|popular|minimum|maximum|min|max|rated|nominal|total|average|typical|recommended|required|reported|stated|listed|recorded|disclosed)\s+)+/u;
/** "What tool is recommended…", "Which device can be used…": a kind of thing, then what it does. */
const NAME_CATEGORY_QUESTION =
  /^(?:what|which)\s+(?:[a-z-]+\s+)?(function|feature|tool|app|application|program|software|utility|device|button|key|menu|command|option|setting|platform|service|accessory|component|method|action|gesture|icon|tab|screen|panel|port|connector|assistant|standard|certificate|document|datasheet|version|model|code|paper|law|regulation|section|chapter|file|mode)s?\s+(?!of\b|for\b|does\b|do\b)(?:can|could|is|are|was|were|should|must|will|would|allows?|lets?|helps?|enables?|provides?|makes?|gives?|shows?|displays?|needs?|has|have|[a-z]+(?:ed|es))\b/u;
/**
 * "What is the name / role / location of…", "what is the gesture / command to…": the answer is a
 * name, a role, a place, a gesture; the word says what kind of answer, it is no evidence.
 */
const KIND_QUESTION =
  /^(?:what|which)(?:'s|\s+(?:is|was|are|were))\s+the\s+(?:(names?|role|position|title|job|location|place)\s+(?:of|where)|(gesture|command|button|key|shortcut|method|setting|option)\s+(?:to|for))\b/u;
function kindOfAnswer(normalized: string): string | undefined {
  const kind = KIND_QUESTION.exec(normalized);
  return (kind?.[1] ?? kind?.[2])?.replace(/s$/u, '');
}
const HOW_DOES_IT_WORK = /^how (?:does|do|did|can|should|would) .+\b(work|function|operate)\b/u;
const FISCAL_YEAR = /^fy\s?((?:19|20)\d{2}|\d{2})$/u;
const WHO_QUESTION = /^(?:who|whom|whose)\b|谁|叫什么名字|叫什么|姓名|名字/u;
const SEVERAL = /\b(?:and|as well as|also|plus)\b|[&,，、和及与]|以及|还有|另外/u;
const WHICH_ONE = /(?:^|[,，]\s*)which\s+(?!is\b|are\b|was\b|were\b|does\b|do\b|did\b)\p{L}/u;
const GREETING =
  /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|thanks?|thank you|你好|您好|哈喽|嗨|谢谢|多谢|感谢)[\s!！。.,，~～]*$/u;
const FOLLOW_UP =
  /\b(?:it|its|it's|this|that|these|those|they|them|their|same|also|and)\b|它|其|这款|那款|这个|那个|这种|那种|该产品|还有/u;

const lexicon = loadLexicon(stem);

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

/** Whether the trade vocabulary knows a word (as written or by its stem). */
function inLexicon(word: string): boolean {
  return (
    groupAlternatives({ words: [stem(word)] }).length > 0 ||
    groupAlternatives({ words: [word] }).length > 0
  );
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
  // Cantonese phrasing ("幾錢", "係點") read as the standard written Chinese it means.
  const folded = normalize(toStandardChinese(question));
  const normalized = folded.replace(/\s+/g, ' ').trim();
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
  const [asked, ...askedAfter] =
    WHAT_IS_THE.exec(normalized.replace(GENERAL_ADJECTIVES, ''))?.[1]?.split(' ') ?? [];
  if (!focusWord && works) focusWord = works;
  // "Which *application* lets you make movies?": the answer is a name (iMovie), the word only
  // says what kind of thing it is, so it is neither required nor strong evidence.
  const category = NAME_CATEGORY_QUESTION.exec(normalized)?.[1] ?? kindOfAnswer(normalized) ?? null;
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

  // A question in Spanish or Russian: its codes, figures and trade words are what can be found.
  const foreign = isForeignQuestion(segmentWords(text));
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
      if (isStopWord(word) || (foreign && isForeignStopWord(word))) continue;
      if (foreign && !isCjk && !HAS_DIGIT.test(word) && !inLexicon(word)) continue;
      if (isCjk) {
        if ([...word].every((char) => CHINESE_STOP_CHARS.has(char))) continue;
        // "3万": the magnitude follows the number, and "3万" follows both.
        if (CHINESE_MAGNITUDE.test(word) && NUMBER.test(words[i - 1] ?? '')) continue;
        const item = concept(word, { cjk: word });
        add(item);
        cjkPlaces.push({ concept: item, at: i });
        continue;
      }
      // "FY2023", "fy22": a fiscal year, printed as the year in a statement's header.
      const fiscalYear = FISCAL_YEAR.exec(word);
      if (fiscalYear) {
        const year = fiscalYear[1]!.length === 2 ? `20${fiscalYear[1]}` : fiscalYear[1]!;
        add(concept(word, { anyOf: [year, word] }, true));
        continue;
      }
      // "7slice" of "7-slice": a form of the whole code, which is the concept.
      if (codeParts.has(word) && !standardParts(word)) continue;
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
  // The company the question names is whose documents these are: it says nothing of where the
  // answer is printed.
  for (const name of question.match(COMPANY_IN_QUESTION) ?? []) {
    const words = new Set(segmentWords(normalize(name)).map((word) => stem(word)));
    for (const item of merged) {
      const forms = item.primary.words ?? item.primary.anyOf;
      if (forms?.every((word) => words.has(word))) item.isSoft = true;
    }
  }
  if (category) {
    for (const item of merged) if (item.primary.words?.[0] === stem(category)) item.isSoft = true;
  }
  const focusForm = focusWord ? (CJK_CHAR.test(focusWord) ? focusWord : stem(focusWord)) : null;
  const conceptOf = (form: string) =>
    merged.find((item) => item.primary.cjk === form || item.primary.words?.includes(form));
  const focus = (focusForm && conceptOf(focusForm)) || null;
  // "operating hours of": the words after the focus up to the first small word name it too.
  const stop = askedAfter.findIndex((word) => isStopWord(word));
  const phraseWords = focusWord === asked ? askedAfter.slice(0, stop < 0 ? undefined : stop) : [];
  const focusPhrase = focus
    ? [...new Set([focus, ...phraseWords.flatMap((word) => conceptOf(stem(word)) ?? [])])]
    : [];
  return {
    normalized,
    concepts: merged,
    focus,
    focusPhrase,
    isGreeting: GREETING.test(normalized),
    isFollowUp: FOLLOW_UP.test(normalized),
    asksWho: WHO_QUESTION.test(normalized) && !ORGANISATION_NOUN.test(normalized),
    asksSeveral: SEVERAL.test(normalized),
    asksWhich: WHICH_ONE.test(folded),
    answerType: answerTypeOf(normalized),
  };
}

/** Whether a quoted sentence names a person, as the answer to a "who" question must. */
export function namesPerson(text: string): boolean {
  // Chinese names carry no mark (李嘉欣, 王x16): a Chinese sentence may name one anywhere.
  return PERSON_HINT.test(text) || scriptFamily(text) === 'zh';
}
