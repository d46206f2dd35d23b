import { foldToSimplified } from '#server/text/han-script.ts';
import { toStandardChinese } from '#server/vocabulary/cantonese.ts';
import { escapePattern } from '#server/vocabulary/patterns.ts';
import {
  DEICTIC_WORDS,
  FRAME_WORDS,
  MEASUREMENT_UNITS,
  MODEL_LABELS,
  MONTHS,
  NOT_DEICTIC_AFTER,
  OTHER_LABELS,
  RATING_PREFIXES,
  STANDARD_BODIES,
} from '#server/vocabulary/photo-words.ts';

/*
 * A visitor's photo asked about like a typed question: what the engine searches with, built from
 * the typed text and the text read on the photo (OCR), which is noisy — figures, units, dates,
 * phone numbers and misread characters around the one thing that matters, the identifier.
 *
 *   photoIdentifiers("DEEP WELL PUMP / MODEL 4SD8-26 / 3kW 380V 50Hz / Tel 0576-…") -> ["4SD8-26"]
 *   photoQuestion("What does it cost?", <that text>) -> "What does 4SD8-26 cost?"
 *   photoQuestion("多少钱？", <that text>)            -> "多少钱？ 4SD8-26"
 *   photoQuestion("", <a poster without codes>)       -> a short readable part of the poster
 *
 * Pure: no index, no language. The answer's language is the typed text's (assistant.ts).
 */

/** Identifiers joined to a question, at most. */
export const MAX_IDENTIFIERS = 5;
/** Characters of a photo's readable text joined to a question when it names no identifier. */
export const MAX_READABLE_CHARS = 160;

export interface PhotoQuestion {
  /** What the engine searches with (and a provider is asked). */
  question: string;
  /** The identifiers read on the photo, most code-like first. */
  identifiers: string[];
  /** Nothing on the photo is worth searching: no identifier, no readable words. */
  unreadable: boolean;
  /** The typed text is empty or only points at the photo ("what is this?", "多少钱？"). */
  pointsAtPhoto: boolean;
}

const HAN = /\p{Script=Han}/u;
const HAN_GLOBAL = /\p{Script=Han}/gu;
const DIGIT = /[0-9]/;

const isHan = (word: string) => HAN.test(word);
const longestFirst = (words: readonly string[]) =>
  [...words].sort((a, b) => b.length - a.length || a.localeCompare(b));
const alternation = (words: readonly string[]) => longestFirst(words).map(escapePattern).join('|');

// The photo's text ------------------------------------------------------------------------------

/** E-mail addresses, web addresses and domain names: neither identifiers nor words to search. */
const ADDRESSES =
  /\S+@\S+|\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|cn|hk|tw|io|co|de|uk|info|biz)\b/giu;

/** "ISO 9001", "GB/T 1234", "QB/T 2345-2016", "EN 60335-1": a standard, kept as one identifier. */
const STANDARD = new RegExp(
  `(?<![\\p{L}\\p{N}])((?:${alternation(STANDARD_BODIES.map((body) => body.toUpperCase()))})|[A-Z]{2,4}/[TZtz])` +
    `(?:(?<=/[TZtz])\\s?|\\s)(\\d{2,6}(?:[.:-]\\d{1,4})*)(?![\\p{L}\\p{N}])`,
  'gu',
);

/** Letters and digits, joined by single connectors: "4SD8-26", "HT-M8080", "6205-2RS". */
const TOKEN = /[A-Za-z0-9]+(?:[-_/.][A-Za-z0-9]+)*/g;
const CONNECTORS = /[-_/.]/g;

const NUMBER = String.raw`[~±+]?\d+(?:[.,]\d+)?(?:[-~/x×*]\d+(?:[.,]\d+)?)*`;
const UNIT = `(?:${alternation(MEASUREMENT_UNITS)})`;
/** "220V", "380V50Hz", "2.2kW", "1450r/min", "600x600", "220-240v": figures, not codes. */
const MEASUREMENT = new RegExp(`^(?:${NUMBER}${UNIT}?)+$`, 'u');
/** "H175m", "Q8m3/h", "P3kW": a figure under a one-letter label. */
const LABELLED_MEASUREMENT = new RegExp(`^[a-z](?:${NUMBER}${UNIT})+$`, 'u');
/** "MAR2024", "2024Mar", "15-Mar-2024": dates. */
const MONTH_DATE = new RegExp(`^\\d{0,4}[-./]?(?:${alternation(MONTHS)})[-./]?\\d{0,4}$`, 'u');
/** "IP68", "IPX7", "IE3": ratings every nameplate prints. */
const RATING = new RegExp(`^(?:${alternation(RATING_PREFIXES)})\\d{1,2}$`, 'u');
/** Dates written in digits: "2024-03", "2024.03.15", "15/03/2024". */
const DIGIT_DATE = /^(?:\d{4}[-./]\d{1,2}(?:[-./]\d{1,2})?|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

type LabelKind = 'model' | 'other';

const LABELS: ReadonlyArray<readonly [string, LabelKind]> = longestFirst([
  ...MODEL_LABELS,
  ...OTHER_LABELS,
]).map((label) => [label, MODEL_LABELS.includes(label) ? 'model' : 'other'] as const);
/** Labels long enough to be recognised glued to their value ("TEL0576…", "MODEL4SD8"). */
const GLUED_LABELS = LABELS.filter(([label]) => /^[a-z]{3,}$/.test(label));

/** The label just before a value on its line ("MODEL ", "型号：", "S/N:"), if any. */
function labelBefore(before: string): LabelKind | null {
  const text = before
    .replace(/[\s:：.#№=]+$/u, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
  for (const [label, kind] of LABELS) {
    if (!text.endsWith(label)) continue;
    const previous = text.slice(0, text.length - label.length);
    if (isHan(label) || !/[\p{L}\p{N}]$/u.test(previous)) return kind;
  }
  return null;
}

interface Candidate {
  text: string;
  score: number;
  order: number;
}

/** Runs of letters and of digits: "4SD8-26" has four (4, SD, 8, 26). */
function runs(token: string): string[] {
  return token.replace(CONNECTORS, ' ').match(/[a-z]+|[0-9]+/giu) ?? [];
}

/** OCR noise of mixed case inside a run of letters: "3kKW", "Q8myhH175m". */
function hasNoisyCase(token: string): boolean {
  return /[a-z][A-Z]/.test(token);
}

/** How code-like a token is (higher first), or null when it is no identifier. */
function codeScore(token: string, label: LabelKind | null): number | null {
  if (label === 'other') return null;
  const alphanumeric = token.replace(CONNECTORS, '');
  if (alphanumeric.length < 3) return null;
  const lower = token.toLowerCase();
  const digits = alphanumeric.replace(/\D/g, '').length;
  const letters = alphanumeric.length - digits;
  const labelled = label === 'model' ? 10 : 0;
  const connected = /[-_/.]/.test(token) ? 2 : 0;
  if (letters === 0) {
    // A number is an identifier only where a label says so ("Model: 2200"), never a date.
    if (label !== 'model' || digits < 3 || DIGIT_DATE.test(token)) return null;
    return labelled + Math.min(alphanumeric.length, 12) + connected - 4;
  }
  if (digits === 0) return null;
  if (MEASUREMENT.test(lower) || LABELLED_MEASUREMENT.test(lower)) return null;
  if (MONTH_DATE.test(lower) || RATING.test(lower)) return null;
  // A phone or serial number with a letter or two around it.
  if (digits >= 9 && letters <= 2) return null;
  if (hasNoisyCase(token) || runs(token).length > 6) return null;
  const upper = token === token.toUpperCase() ? 3 : 0;
  const lowerOnly = token === lower ? -3 : 0;
  return labelled + Math.min(alphanumeric.length, 12) + connected + upper + lowerOnly;
}

/** Normalized for comparing identifiers: "HT-M8080" and "htm8080" are the same. */
const comparable = (identifier: string) => identifier.toLowerCase().replace(/[-_/.\s]/g, '');

/** The photo's text, NFKC (full-width forms, "m³"), without addresses, in lines. */
function photoLines(photoText: string): string[] {
  return photoText
    .normalize('NFKC')
    .replace(ADDRESSES, ' ')
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * The identifiers on a photo (model codes, part numbers, standards), de-duplicated, most
 * code-like first (a value after a model label, then longer, connected, upper-case codes), at
 * most MAX_IDENTIFIERS. Figures with units, dates, phone, serial and lot numbers and ratings
 * are left out.
 */
export function photoIdentifiers(photoText: string): string[] {
  const candidates: Candidate[] = [];
  let order = 0;
  for (const original of photoLines(photoText)) {
    let line = original;
    for (const match of original.matchAll(STANDARD)) {
      const body = match[1]!.toUpperCase();
      candidates.push({ text: `${body} ${match[2]!}`, score: 6, order: order++ });
      line =
        line.slice(0, match.index) +
        ' '.repeat(match[0].length) +
        line.slice(match.index + match[0].length);
    }
    for (const match of line.matchAll(TOKEN)) {
      let token = match[0];
      let label = labelBefore(line.slice(0, match.index));
      const glued = GLUED_LABELS.find(
        ([name]) => token.toLowerCase().startsWith(name) && DIGIT.test(token[name.length] ?? ''),
      );
      if (glued) {
        token = token.slice(glued[0].length);
        label = glued[1];
      }
      const score = codeScore(token, label);
      if (score !== null) candidates.push({ text: token, score, order: order++ });
    }
  }
  candidates.sort((a, b) => b.score - a.score || a.order - b.order);
  const kept: string[] = [];
  for (const candidate of candidates) {
    const key = comparable(candidate.text);
    // The same code twice, or a part of a longer one ("4SD8" of "4SD8-26"): the better one stays.
    const overlaps = kept.some((other) => {
      const otherKey = comparable(other);
      return otherKey.includes(key) || key.includes(otherKey);
    });
    if (overlaps) continue;
    kept.push(candidate.text);
    if (kept.length === MAX_IDENTIFIERS) break;
  }
  return kept;
}

/** A line of words: mostly letters of real words or Chinese characters, not figures or noise. */
function isReadableLine(line: string): boolean {
  const visible = line.replace(/\s/g, '');
  if (!visible) return false;
  const han = line.match(HAN_GLOBAL)?.length ?? 0;
  const words = (line.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !hasNoisyCase(word));
  const wordLetters = words.reduce((sum, word) => sum + word.length, 0);
  const hasWord = han >= 2 || words.some((word) => word.length >= 3 && /[aeiouy]/i.test(word));
  return hasWord && (han + wordLetters) / visible.length >= 0.6;
}

/** At most `max` characters of text, cut after a whole word (or between Chinese characters). */
function bounded(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 && !HAN.test(text[max] ?? '') ? cut.slice(0, space) : cut).trim();
}

/** The readable lines of a photo's text, at most MAX_READABLE_CHARS characters ('' if none). */
export function readablePhotoText(photoText: string, max = MAX_READABLE_CHARS): string {
  const lines = photoLines(photoText).filter(isReadableLine);
  return bounded(lines.join(' '), max);
}

// The typed text --------------------------------------------------------------------------------

/** Folded as FRAME_WORDS are listed: lower case, Cantonese as standard Chinese, Simplified. */
const fold = (text: string) =>
  foldToSimplified(toStandardChinese(text.normalize('NFKC').toLowerCase()));

const FRAME_LATIN: ReadonlySet<string> = new Set(
  [...FRAME_WORDS, ...DEICTIC_WORDS.flatMap((phrase) => phrase.split(' '))].filter(
    (word) => !isHan(word),
  ),
);
const FRAME_HAN = new RegExp(
  alternation([...new Set([...FRAME_WORDS, ...DEICTIC_WORDS].filter(isHan).map(fold))]),
  'gu',
);

/**
 * The typed text only points at the photo: empty, or nothing but words that stand for it and
 * ask about it ("What is this?", "how much is it", "price?", "这个多少钱", "這是什麼", "呢個幾錢").
 * A text that names anything of its own ("What is your MOQ?", "有现货吗", "QB60?") does not.
 */
export function pointsAtPhoto(typed: string): boolean {
  const text = fold(typed);
  const latinWords = text.match(/[a-z0-9]+(?:['’][a-z]+)?/gu) ?? [];
  if (latinWords.some((word) => DIGIT.test(word) || (word.length >= 2 && !FRAME_LATIN.has(word)))) {
    return false;
  }
  const rest = text.replace(FRAME_HAN, ' ');
  return (rest.match(HAN_GLOBAL)?.length ?? 0) < 2;
}

const LATIN_DEICTIC = DEICTIC_WORDS.filter((word) => !isHan(word));
const HAN_DEICTIC = DEICTIC_WORDS.filter(isHan);
/** The words in a typed text that stand for the photographed thing, the longest at a place. */
const DEICTIC = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${alternation(LATIN_DEICTIC)})(?![\\p{L}\\p{N}])|(?:${alternation(HAN_DEICTIC)})`,
  'giu',
);
/** What follows such a word when it does not stand for the photo ("this year", 这个月, 这里). */
const NOT_DEICTIC = new RegExp(
  `^(?:\\s+(?:${alternation(NOT_DEICTIC_AFTER.filter((word) => !isHan(word)))})(?![\\p{L}\\p{N}])|(?:${alternation(NOT_DEICTIC_AFTER.filter(isHan))}))`,
  'iu',
);

/** Spaces as a sentence has them: single, none before a question mark or a comma. */
function tidy(text: string): string {
  return text
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([?？!！,，.。:：;；])/gu, '$1')
    .replace(/^ | $/gm, '')
    .trim();
}

/**
 * The question the engine searches with: the identifiers read on the photo take the place of
 * the words that stand for it ("what does it cost?" -> "what does 4SD8-26 cost?"), or join the
 * typed text; without identifiers, a short readable part of the photo's text joins it.
 */
export function photoQuestion(typed: string, photoText: string): PhotoQuestion {
  const text = typed.trim();
  const pointing = pointsAtPhoto(text);
  const typedKey = comparable(text);
  const identifiers = photoIdentifiers(photoText);
  // Identifiers the visitor typed already are not repeated.
  const added = identifiers.filter((identifier) => !typedKey.includes(comparable(identifier)));
  if (identifiers.length > 0) {
    if (added.length === 0) {
      return { question: text, identifiers, unreadable: false, pointsAtPhoto: pointing };
    }
    const named = added.join(', ');
    let replaced = false;
    const question = text.replace(DEICTIC, (word: string, offset: number) => {
      if (NOT_DEICTIC.test(text.slice(offset + word.length))) return word;
      replaced = true;
      return ` ${named} `;
    });
    return {
      question: tidy(replaced ? question : `${text} ${named}`),
      identifiers,
      unreadable: false,
      pointsAtPhoto: pointing,
    };
  }
  const readable = readablePhotoText(photoText);
  return {
    question: [text, readable].filter(Boolean).join('\n'),
    identifiers,
    unreadable: readable === '',
    pointsAtPhoto: pointing,
  };
}
