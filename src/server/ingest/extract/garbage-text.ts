/*
 * Whether a PDF page's text layer is text or garbage. A font with no usable Unicode mapping
 * (no /ToUnicode, a subset whose codes are glyph numbers, a symbolic TrueType) draws readable
 * letters but decodes to something else: control characters, private-use code points, or
 * letters shifted to nonsense ("UBOEJT RVF" for "tandis que"). pdf.js and poppler read such a
 * page alike, and keeping it as text loses the page: nothing a person asks can match it. A page
 * judged garbled is read by OCR instead, as a scan is (pdf-pages.ts).
 *
 * Any one of these signs is enough:
 * - control characters (C0/C1, not tab or newline) are 5 % of what is printed: pdf.js gives
 *   them for codes a font does not map (a space drawn as glyph 3, a Type 3 font numbered 1, 2...);
 * - unmapped characters (controls, private use, U+FFFD, unassigned code points) and symbols
 *   (dingbats: Type 3 glyph names "a1", "a2"...) are a quarter of what is printed;
 * - there are enough Latin letters in distinct words to judge, and their frequencies match no
 *   language written in Latin letters (cosine similarity to the closest of 13 letter-frequency
 *   profiles under 0.8: shifted or substituted letters);
 * - a third of the words mix alphabets (Latin, Greek and Cyrillic in one word);
 * - letters of three or more uncommon scripts (Armenian, Hebrew, Thai, Han extension blocks...)
 *   are a fifth of the letters: glyph numbers read as code points scatter over the whole BMP.
 * Measured on 1,481 pages of 62 PDFs (the 45 real-world PDFs of the shared fixtures, the
 * public-qa sets, the repository's fixtures, two manuals): only the one garbled page fires; the
 * nearest good page has a profile similarity of 0.91, 1.0 % symbols, 0.8 % controls. Garbled
 * versions of the same pages (letters shifted or substituted, glyph numbers, dingbats) are
 * caught 97-100 % of the time (docs/decisions/030-reading-what-is-printed.md).
 */

/** Characters a decoding failure yields: controls (not tab/newline), private use, U+FFFD, noncharacters. */
const UNMAPPED =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\uE000-\uF8FF\uFFFD\uFFFE\uFFFF\u{F0000}-\u{10FFFF}]|\p{Cn}/u;

/** Share of the printed characters that are controls from which a page is garbage. */
const CONTROL_SHARE = 0.05;
/** Fewest control characters that can make a page garbage (a checkbox or two never do). */
const MIN_CONTROLS = 10;
/**
 * Share of the printed characters that are unmapped or symbols (icons, dingbats: what a Type 3
 * font's glyph names "a1", "a2"... decode to) from which a page is garbage.
 */
const UNMAPPED_SHARE = 0.25;
/** Fewest unmapped characters that can make a page garbage (a few icons never do). */
const MIN_UNMAPPED = 20;
/** Fewest Latin letters whose frequencies say anything about the language. */
const MIN_LETTERS = 150;
/** Similarity to the closest language profile under which letters are no language. */
const MIN_PROFILE_SIMILARITY = 0.8;
/** Share of words mixing alphabets from which a page is garbage. */
const MIXED_WORD_SHARE = 0.3;
/** Fewest words for the mixed-alphabet sign. */
const MIN_WORDS = 20;
/** Distinct uncommon scripts, and their share of the letters, that make a page a scatter. */
const MIN_RARE_SCRIPTS = 3;
const RARE_LETTER_SHARE = 0.2;

/*
 * Letter frequencies (per cent, a-z, accents folded) of languages written in Latin letters:
 * English, French, German, Spanish, Portuguese, Italian, Dutch, Swedish, Polish, Czech, Turkish,
 * Indonesian, Vietnamese. Approximate published tables; only their shape matters.
 */
const PROFILES: Record<string, readonly number[]> = {
  en: [
    8.2, 1.5, 2.8, 4.3, 12.7, 2.2, 2, 6.1, 7, 0.15, 0.77, 4, 2.4, 6.7, 7.5, 1.9, 0.1, 6, 6.3, 9.1,
    2.8, 1, 2.4, 0.15, 2, 0.07,
  ],
  fr: [
    7.6, 0.9, 3.3, 3.7, 14.7, 1.1, 0.9, 0.7, 7.5, 0.6, 0.05, 5.5, 3, 7.1, 5.8, 2.5, 1.4, 6.7, 7.9,
    7.2, 6.3, 1.8, 0.05, 0.4, 0.1, 0.3,
  ],
  de: [
    6.5, 1.9, 2.7, 5.1, 17.4, 1.7, 3, 4.8, 7.6, 0.3, 1.2, 3.4, 2.5, 9.8, 2.6, 0.8, 0.02, 7, 7.3,
    6.2, 4.2, 0.8, 1.9, 0.03, 0.04, 1.1,
  ],
  es: [
    11.5, 2.2, 4, 5, 12.2, 0.7, 1.8, 0.7, 6.2, 0.5, 0.01, 5, 3.2, 6.7, 8.7, 2.5, 0.9, 6.9, 8, 4.6,
    2.9, 1.1, 0.02, 0.2, 1, 0.5,
  ],
  pt: [
    14.6, 1, 3.9, 5, 12.6, 1, 1.3, 1.3, 6.2, 0.4, 0.02, 2.8, 4.7, 5, 10.7, 2.5, 1.2, 6.5, 7.8, 4.3,
    4.6, 1.7, 0.04, 0.3, 0.01, 0.5,
  ],
  it: [
    11.7, 0.9, 4.5, 3.7, 11.8, 1.2, 1.6, 0.6, 11.3, 0.01, 0.01, 6.5, 2.5, 6.9, 9.8, 3.1, 0.5, 6.4,
    5, 5.6, 3, 2.1, 0.03, 0.01, 0.02, 0.5,
  ],
  nl: [
    7.5, 1.6, 1.2, 5.9, 18.9, 0.8, 3.4, 2.4, 6.5, 1.5, 2.2, 3.6, 2.2, 10, 6.1, 1.6, 0.01, 6.4, 3.7,
    6.8, 2, 2.9, 1.5, 0.04, 0.04, 1.4,
  ],
  sv: [
    10.3, 1.5, 1.5, 4.7, 10.1, 2, 2.9, 2.1, 5.8, 0.6, 3.1, 5.3, 3.5, 8.5, 5.8, 1.8, 0.01, 8.4, 6.6,
    7.7, 1.9, 2.4, 0.1, 0.2, 0.7, 0.1,
  ],
  pl: [
    8.9, 1.5, 4, 3.3, 7.7, 0.3, 1.4, 1.1, 8.2, 2.3, 3.5, 3.9, 2.8, 5.5, 7.8, 3.1, 0.01, 4.7, 4.3, 4,
    2.5, 0.04, 4.7, 0.02, 3.8, 5.6,
  ],
  cs: [
    8.4, 0.8, 1.7, 3.6, 9.1, 0.3, 0.1, 1.3, 6.1, 1.4, 2.9, 3.8, 2.4, 6.5, 6.7, 3.2, 0.01, 5.2, 5.9,
    5.7, 2.8, 4.7, 0.02, 0.03, 2.9, 2.2,
  ],
  tr: [
    11.9, 2.8, 2.1, 4.7, 8.9, 0.4, 2.4, 1.1, 13.7, 0.03, 4.7, 5.9, 3.8, 7.5, 3.3, 0.9, 0.01, 6.7,
    4.8, 3.3, 4.8, 1, 0.01, 0.01, 3.3, 1.5,
  ],
  id: [
    19, 2.5, 0.8, 4, 8.5, 0.2, 3.5, 2.5, 8, 0.8, 4.5, 3.5, 3.7, 9.5, 3, 2.8, 0.01, 4, 4.5, 5, 5,
    0.1, 0.5, 0.01, 1.5, 0.1,
  ],
  vi: [9, 1, 6, 3, 4, 0.01, 5, 9, 8, 0.01, 1, 2, 3, 12, 6, 1, 1, 1, 2, 7, 5, 2, 0.01, 1, 2, 0.01],
};

function unitVector(values: readonly number[]): number[] {
  const length = Math.hypot(...values) || 1;
  return values.map((value) => value / length);
}

const PROFILE_VECTORS = Object.values(PROFILES).map(unitVector);

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** The alphabet a letter belongs to, for the mixed-alphabet sign (null: not one of them). */
function alphabetOf(char: string): string | null {
  const code = char.charCodeAt(0);
  if (code < 0x80) return isAsciiLetter(code) ? 'latin' : null;
  if (/\p{Script=Latin}/u.test(char)) return 'latin';
  if (/\p{Script=Greek}/u.test(char)) return 'greek';
  if (/\p{Script=Cyrillic}/u.test(char)) return 'cyrillic';
  if (/\p{Script=Armenian}/u.test(char)) return 'armenian';
  if (/\p{Script=Hebrew}/u.test(char)) return 'hebrew';
  if (/\p{Script=Arabic}/u.test(char)) return 'arabic';
  if (/\p{Script=Georgian}/u.test(char)) return 'georgian';
  return null;
}

/** Whether a word's letters are of no alphabet above, of one, or of several (mixed). */
function wordAlphabets(word: string): 'none' | 'one' | 'mixed' {
  let found: string | null = null;
  for (const char of word) {
    const alphabet = alphabetOf(char);
    if (!alphabet || alphabet === found) continue;
    if (found) return 'mixed';
    found = alphabet;
  }
  return found ? 'one' : 'none';
}

/** Scripts whose letters a decoding failure scatters: any but the common ones of documents. */
const COMMON_SCRIPTS =
  /[\p{Script=Latin}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hangul}]/u;
/** Han characters of the extension blocks: a name here and there, never a page's text. */
const RARE_HAN = /[\u3400-\u4DBF\u{20000}-\u{3FFFF}]/u;
const SCRIPTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Han extension', RARE_HAN],
  ...[
    'Armenian',
    'Hebrew',
    'Arabic',
    'Syriac',
    'Thaana',
    'Devanagari',
    'Bengali',
    'Gurmukhi',
    'Gujarati',
    'Oriya',
    'Tamil',
    'Telugu',
    'Kannada',
    'Malayalam',
    'Sinhala',
    'Thai',
    'Lao',
    'Tibetan',
    'Myanmar',
    'Georgian',
    'Ethiopic',
    'Cherokee',
    'Canadian_Aboriginal',
    'Ogham',
    'Runic',
    'Khmer',
    'Mongolian',
    'Bopomofo',
    'Yi',
    'Tagalog',
    'Coptic',
    'Tifinagh',
    'Vai',
  ].map((script) => [script, new RegExp(`\\p{Script=${script}}`, 'u')] as const),
];

export interface TextLayerStatistics {
  /** Characters other than whitespace. */
  printed: number;
  /** C0 and C1 control characters (not tab or newline). */
  controls: number;
  /** Controls, private-use characters, U+FFFD, noncharacters and unassigned code points. */
  unmapped: number;
  /** Pictographs, dingbats and other symbols (\p{So}). */
  symbols: number;
  /** Latin letters a-z (accents folded) of the distinct words, counted for the profile. */
  letters: number;
  /** Cosine similarity of their frequencies to the closest language profile (1 when too few). */
  profileSimilarity: number;
  words: number;
  mixedWords: number;
  /** Letters of scripts other than Latin, Han, kana, hangul, Greek and Cyrillic. */
  rareLetters: number;
  /** All letters. */
  allLetters: number;
  /** Distinct rare scripts with at least two letters each. */
  rareScripts: number;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;

/** What splits words for the mixed-alphabet sign: spaces, punctuation, symbols and digits. */
const WORD_BREAKS = /[\s\p{P}\p{S}\p{N}]+/u;
/** Which ASCII characters are WORD_BREAKS, by code. */
const ASCII_WORD_BREAK = Array.from({ length: 0x80 }, (_, code) =>
  WORD_BREAKS.test(String.fromCharCode(code)),
);

/**
 * Words (split at spaces, punctuation, symbols and digits) and those mixing alphabets. An ASCII
 * text, most pages, is counted by code: its only alphabet is Latin, so no word mixes two.
 */
function countWords(text: string, ascii: boolean): { words: number; mixedWords: number } {
  let words = 0;
  let mixedWords = 0;
  if (ascii) {
    let letter = false;
    for (let at = 0; at <= text.length; at++) {
      const code = at < text.length ? text.charCodeAt(at) : 0x20;
      if (!ASCII_WORD_BREAK[code]) {
        letter ||= isAsciiLetter(code);
        continue;
      }
      if (letter) words++;
      letter = false;
    }
    return { words, mixedWords };
  }
  for (const word of text.split(WORD_BREAKS)) {
    const alphabets = wordAlphabets(word);
    if (alphabets === 'none') continue;
    words++;
    if (alphabets === 'mixed') mixedWords++;
  }
  return { words, mixedWords };
}

/**
 * How often each letter a-z occurs in the text's distinct words of two letters or more, accents
 * folded (by dropping the marks of the decomposed text: marks never separate words). Distinct:
 * a page that repeats "TEST" or "XXXXXXX" a hundred times says nothing about its language.
 */
function distinctWordLetters(text: string, ascii: boolean): { counts: number[]; letters: number } {
  // NFD leaves ASCII as it is, and it has no marks.
  const folded = ascii
    ? text.toLowerCase()
    : text.normalize('NFD').toLowerCase().replace(/\p{M}/gu, '');
  const counts = new Array<number>(26).fill(0);
  let letters = 0;
  const seen = new Set<string>();
  let start = 0;
  for (let at = 0; at <= folded.length; at++) {
    const code = at < folded.length ? folded.charCodeAt(at) : 0;
    if (code >= 0x61 && code <= 0x7a) continue;
    if (at - start >= 2) {
      const word = folded.slice(start, at);
      if (!seen.has(word)) {
        seen.add(word);
        for (let i = start; i < at; i++) counts[folded.charCodeAt(i) - 97]!++;
        letters += at - start;
      }
    }
    start = at + 1;
  }
  return { counts, letters };
}

export function textLayerStatistics(text: string): TextLayerStatistics {
  let printed = 0;
  let unmapped = 0;
  let controls = 0;
  let symbols = 0;
  let allLetters = 0;
  let rareLetters = 0;
  let ascii = true;
  const rare = new Map<string, number>();
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) {
      // ASCII, most of most pages, told apart by code: the same answers as the patterns below
      // (no ASCII character is a symbol \p{So}, its letters are Latin), many times faster.
      if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) continue;
      printed++;
      if (code < 0x20 || code === 0x7f) {
        unmapped++;
        controls++;
      } else if (isAsciiLetter(code)) {
        allLetters++;
      }
      continue;
    }
    ascii = false;
    // One code point, as `for (const char of text)` gives them (a lone surrogate on its own).
    const char = String.fromCodePoint(text.codePointAt(at)!);
    at += char.length - 1;
    if (/\s/u.test(char)) continue;
    printed++;
    if (UNMAPPED.test(char)) {
      unmapped++;
      if (CONTROL.test(char)) controls++;
      continue;
    }
    if (/\p{So}/u.test(char)) symbols++;
    if (!/\p{L}/u.test(char)) continue;
    allLetters++;
    if (COMMON_SCRIPTS.test(char) && !RARE_HAN.test(char)) continue;
    rareLetters++;
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
    rare.set(script, (rare.get(script) ?? 0) + 1);
  }
  const rareScripts = [...rare.values()].filter((count) => count >= 2).length;

  const { counts, letters } = distinctWordLetters(text, ascii);
  let profileSimilarity = 1;
  if (letters >= MIN_LETTERS) {
    const vector = unitVector(counts);
    profileSimilarity = Math.max(
      ...PROFILE_VECTORS.map((profile) =>
        profile.reduce((sum, value, index) => sum + value * vector[index]!, 0),
      ),
    );
  }
  const { words, mixedWords } = countWords(text, ascii);
  return {
    printed,
    controls,
    unmapped,
    symbols,
    letters,
    profileSimilarity,
    words,
    mixedWords,
    rareLetters,
    allLetters,
    rareScripts,
  };
}

export type GarbledReason =
  | 'control-characters'
  | 'unmapped-characters'
  | 'no-language'
  | 'mixed-alphabets'
  | 'scattered-scripts';

/** Why a text layer is garbage, or null when it reads as text. */
export function garbledReason(text: string): GarbledReason | null {
  const stats = textLayerStatistics(text);
  if (stats.controls >= MIN_CONTROLS && stats.controls >= CONTROL_SHARE * stats.printed) {
    return 'control-characters';
  }
  const unmappedOrSymbols = stats.unmapped + stats.symbols;
  if (unmappedOrSymbols >= MIN_UNMAPPED && unmappedOrSymbols >= UNMAPPED_SHARE * stats.printed) {
    return 'unmapped-characters';
  }
  if (stats.letters >= MIN_LETTERS && stats.profileSimilarity < MIN_PROFILE_SIMILARITY) {
    return 'no-language';
  }
  if (stats.words >= MIN_WORDS && stats.mixedWords >= MIXED_WORD_SHARE * stats.words) {
    return 'mixed-alphabets';
  }
  if (
    stats.rareScripts >= MIN_RARE_SCRIPTS &&
    stats.rareLetters >= RARE_LETTER_SHARE * stats.allLetters
  ) {
    return 'scattered-scripts';
  }
  return null;
}

/** Whether a page's text layer decodes to garbage rather than to what the page shows. */
export function isGarbledText(text: string): boolean {
  return garbledReason(text) !== null;
}
