import { pinyin } from 'pinyin-pro';
import {
  ENGLISH_CURRENCIES,
  ENGLISH_UNITS,
  ENGLISH_WORDS,
  CLASSIFIERS,
  MULTIPLIERS,
  PERSON_LABELS,
} from '#server/vocabulary/bilingual.ts';
import { foldToSimplified } from './han-script.ts';

/*
 * A Chinese line stated in English for a buyer who does not read Chinese, without a language
 * model: the bilingual trade vocabulary word by word (the longest entry first), figures with
 * their units and currencies in English order (46 美元 → USD 46, 80万台 → 800,000 units, 2024年3月
 * → March 2024), punctuation in Latin form. Words the vocabulary does not know are written in
 * pinyin; a short run of them (a person's or a place's name) keeps its characters beside it.
 * This is a rendering field by field, not a translation: the caller shows the original line
 * below it.
 */

const HAN = /\p{Script=Han}/u;
const LONGEST_WORD = Math.max(...[...ENGLISH_WORDS.keys()].map((word) => [...word].length));
const LONGEST_UNIT = Math.max(
  ...[...ENGLISH_UNITS.keys(), ...ENGLISH_CURRENCIES.keys()].map((word) => [...word].length),
);
/** A name keeps its characters when the unknown run is this short (names are 2–3 characters). */
const NAME_CHARACTERS = { min: 2, max: 3 };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const PUNCTUATION: Readonly<Record<string, string>> = {
  '。': '.',
  '、': ',',
  '，': ',',
  '；': ';',
  '：': ':',
  '《': '"',
  '》': '"',
  '「': '"',
  '」': '"',
  '『': '"',
  '』': '"',
  '【': '[',
  '】': ']',
  '（': '(',
  '）': ')',
  '～': '~',
  '…': '…',
};

type Piece = { text: string; kind: 'word' | 'punct' };

/** 800000 → "800,000"; decimals as written. */
function formatNumber(value: number): string {
  return Number.isInteger(value)
    ? value.toLocaleString('en-US')
    : value.toLocaleString('en-US', { maximumFractionDigits: 4 });
}

function longestMatch(
  chars: readonly string[],
  at: number,
  table: ReadonlyMap<string, string>,
  longest: number,
): { chinese: string; english: string } | null {
  for (let length = Math.min(longest, chars.length - at); length >= 1; length--) {
    const chinese = chars.slice(at, at + length).join('');
    const english = table.get(chinese);
    if (english !== undefined) return { chinese, english };
  }
  return null;
}

function skipSpaces(chars: readonly string[], at: number): number {
  while (at < chars.length && chars[at] === ' ') at++;
  return at;
}

const NUMBER = /^\d+(?:,\d{3})*(?:\.\d+)?/u;
const RANGE_NUMBER = /^\s*[-~～至到]\s*(\d+(?:,\d{3})*(?:\.\d+)?)/u;
const DATE_REST = /^\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*[日号])?/u;

/** A figure and what follows it: multiplier, currency, unit or date. */
function readFigure(chars: readonly string[], at: number): { pieces: Piece[]; end: number } {
  const rest = chars.slice(at).join('');
  const match = NUMBER.exec(rest)!;
  let end = at + [...match[0]].length;
  const figure = match[0];
  // A year: 2024年3月5日 → 5 March 2024.
  if (/^(?:19|20)\d{2}$/u.test(figure) && chars[skipSpaces(chars, end)] === '年') {
    end = skipSpaces(chars, end) + 1;
    const date = DATE_REST.exec(chars.slice(end).join(''));
    const month = date ? Number(date[1]) : 0;
    if (date && month >= 1 && month <= 12) {
      end += [...date[0]].length;
      const day = date[2] ? `${Number(date[2])} ` : '';
      return { pieces: [{ text: `${day}${MONTHS[month - 1]} ${figure}`, kind: 'word' }], end };
    }
    return { pieces: [{ text: figure, kind: 'word' }], end };
  }
  let value = Number(figure.replace(/,/gu, ''));
  let text = figure;
  const range = RANGE_NUMBER.exec(chars.slice(end).join(''));
  if (range) {
    end += [...range[0]].length;
    text = `${figure}${range[0].replace(/\s+/gu, '').replace(/[~～至到]/u, '-')}`;
  }
  let next = skipSpaces(chars, end);
  const multiplier = MULTIPLIERS.get(chars[next] ?? '');
  if (multiplier && !range && Number.isFinite(value)) {
    value *= multiplier;
    text = formatNumber(value);
    end = next + 1;
    next = skipSpaces(chars, end);
  }
  if (chars[next] === '%') return { pieces: [{ text: `${text}%`, kind: 'word' }], end: next + 1 };
  const currency = longestMatch(chars, next, ENGLISH_CURRENCIES, LONGEST_UNIT);
  if (currency) {
    return {
      pieces: [{ text: `${currency.english} ${text}`, kind: 'word' }],
      end: next + [...currency.chinese].length,
    };
  }
  const unit = longestMatch(chars, next, ENGLISH_UNITS, LONGEST_UNIT);
  const after = unit ? chars[next + [...unit.chinese].length] : undefined;
  if (unit && CLASSIFIERS.has(unit.chinese) && after !== undefined && HAN.test(after)) {
    return { pieces: [{ text, kind: 'word' }], end: next + 1 };
  }
  if (unit) {
    return {
      pieces: [{ text: `${text} ${unit.english}`, kind: 'word' }],
      end: next + [...unit.chinese].length,
    };
  }
  return { pieces: [{ text, kind: 'word' }], end };
}

/** Characters the vocabulary does not know: pinyin, with the characters when it is a name. */
function unknownRun(run: string): Piece {
  const syllables = pinyin(run, { toneType: 'none', type: 'array' });
  const capitalised = (syllable: string) => syllable.charAt(0).toUpperCase() + syllable.slice(1);
  const length = [...run].length;
  if (length >= NAME_CHARACTERS.min && length <= NAME_CHARACTERS.max) {
    // A three-character name is a surname and a given name (李嘉欣 → Li Jiaxin).
    const name =
      length === 3
        ? `${capitalised(syllables[0]!)} ${capitalised(syllables.slice(1).join(''))}`
        : capitalised(syllables.join(''));
    return { text: `${name} (${run})`, kind: 'word' };
  }
  const words: string[] = [];
  for (let i = 0; i < syllables.length; i += 2) words.push(syllables.slice(i, i + 2).join(''));
  return { text: words.join(' '), kind: 'word' };
}

/** The name after a person label: 2–3 characters up to the next mark ("：陈立新，"). */
function personName(
  chars: readonly string[],
  at: number,
): { name: string; separator: string | null; end: number } | null {
  let i = skipSpaces(chars, at);
  let separator: string | null = null;
  if (chars[i] === ':' || chars[i] === '：') {
    separator = ':';
    i = skipSpaces(chars, i + 1);
  }
  let name = '';
  while (i < chars.length && HAN.test(chars[i]!) && name.length < 4) name += chars[i++];
  const length = [...name].length;
  if (length < 2 || length > 3 || (i < chars.length && HAN.test(chars[i]!))) return null;
  return { name, separator, end: i };
}

function join(pieces: readonly Piece[]): string {
  let out = '';
  for (const piece of pieces) {
    if (piece.kind === 'punct') {
      const mark = piece.text;
      if (mark === '(' || mark === '[' || mark === '"')
        out += `${out && !out.endsWith(' ') ? ' ' : ''}${mark}`;
      else out = `${out.trimEnd()}${mark}${mark === '-' || mark === '/' ? '' : ' '}`;
    } else if (piece.text) {
      const glue = out === '' || /[\s(["/-]$/u.test(out) ? '' : ' ';
      out += glue + piece.text;
    }
  }
  return out.replace(/\s+/gu, ' ').trim();
}

/** The English rendering of a line that holds Chinese; a line without Han is returned as it is. */
export function renderInEnglish(line: string): string {
  if (!HAN.test(line)) return line;
  const chars = [...foldToSimplified(line.normalize('NFKC'))];
  const pieces: Piece[] = [];
  let unknown = '';
  const flush = () => {
    if (unknown) pieces.push(unknownRun(unknown));
    unknown = '';
  };
  let i = 0;
  while (i < chars.length) {
    const char = chars[i]!;
    if (/\d/u.test(char) && !/^\d+[A-Za-z]/u.test(chars.slice(i, i + 12).join(''))) {
      flush();
      const figure = readFigure(chars, i);
      pieces.push(...figure.pieces);
      i = figure.end;
    } else if (HAN.test(char)) {
      const known = longestMatch(chars, i, ENGLISH_WORDS, LONGEST_WORD);
      if (known) {
        flush();
        if (known.english) pieces.push({ text: known.english, kind: 'word' });
        i += [...known.chinese].length;
        const name = PERSON_LABELS.has(known.chinese) ? personName(chars, i) : null;
        if (name) {
          if (name.separator) pieces.push({ text: name.separator, kind: 'punct' });
          pieces.push(unknownRun(name.name));
          i = name.end;
        }
      } else {
        unknown += char;
        i++;
      }
    } else if (/[\p{L}\p{N}]/u.test(char) || (char === '+' && /\d/u.test(chars[i + 1] ?? ''))) {
      flush();
      let word = char;
      i++;
      while (i < chars.length && /[\p{L}\p{N}._/@+-]/u.test(chars[i]!) && !HAN.test(chars[i]!)) {
        word += chars[i];
        i++;
      }
      pieces.push({ text: word, kind: 'word' });
    } else if (char === ' ') {
      flush();
      i++;
    } else {
      flush();
      const mark = PUNCTUATION[char] ?? char;
      pieces.push({ text: mark, kind: /^[.,;:!?)\]…]$|^[(["-/]$/u.test(mark) ? 'punct' : 'word' });
      i++;
    }
  }
  flush();
  const text = join(pieces);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Han characters' share of a text's letters and digits (what a non-Chinese reader cannot read). */
export function hanShare(text: string): number {
  const letters = text.match(/[\p{L}\p{N}]/gu)?.length ?? 0;
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return letters === 0 ? 0 : han / letters;
}
