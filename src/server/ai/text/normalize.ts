import { segmentWords } from '#server/ingest/index.ts';
import { foldToSimplified } from '#server/text/han-script.ts';

/*
 * How every comparison sees text: the same words for documents and questions (segmentWords from
 * ingest, then Traditional folded to Simplified and English plurals and tenses folded by a light
 * stemmer), and CJK character pairs for Chinese text that the word segmenter may cut
 * differently in a question and in a document.
 */

export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー]+/gu;
export const LATIN_WORD = /^[a-z]+$/;
export const NUMBER = /^\d+(?:[.,]\d+)*$/;
export const NUMBER_THEN_UNIT = /^(\d+(?:[.,]\d+)*)([a-z]+)$/;
/** Letters after a number that make it a measurement ("10.5mm", "3kw", "1990s"), not a code ("6sd"). */
const MEASUREMENT_UNITS: ReadonlySet<string> = new Set(
  `mm cm m km um nm kg g mg t lb lbs oz w kw mw gw kwh wh mwh mah ah v kv mv a ma hz khz mhz ghz
  db dba bar mbar mpa kpa pa psi rpm s ms min mins h hr hrs d yr yrs l ml cl gal pcs pc x st nd rd
  th k b bn mn gb mb tb kb gbps mbps fps p am pm in ft yd mi mph kmh kph cc nits lm lux`.split(
    /\s+/,
  ),
);

/** "6sd", "3dx": a number followed by letters that are no unit of measurement. */
export function expandParts(word: string): string[] {
  const match = NUMBER_THEN_UNIT.exec(word);
  return match ? [match[1]!, match[2]!] : [];
}

export function isNumberLedCode(word: string): boolean {
  const match = NUMBER_THEN_UNIT.exec(word);
  return match !== null && !MEASUREMENT_UNITS.has(match[2]!);
}
export const CONNECTED_CODE = /[-_/.·]/;
export const CHINESE_MAGNITUDE = /^[十百千万亿]$/u;
export const HAS_LETTER = /\p{L}/u;
export const HAS_DIGIT = /\p{N}/u;
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
 * A light English stemmer: plurals, -ing, -ed, -ness, a final e and -ation / -ator / -ate, so
 * "designs", "design", "exported" and "exporting" meet, and so do "indication" and "indicator". It only has to be consistent, because documents and
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
  // "indication", "indicator" and "indicate" meet; a short stem ("location", "format") is kept.
  const latinate = /(?:ation|ator|at)$/.exec(s);
  if (latinate && s.length - latinate[0].length >= 5) s = s.slice(0, -latinate[0].length);
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
