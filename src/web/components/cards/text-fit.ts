/**
 * Fitting a text into a box on a card: wrap it onto up to `maxLines` lines first, then shrink
 * the font step by step, and only at the smallest size cut the last line with an ellipsis.
 * The text never overflows the box.
 */

/** Width of `text` at `fontSize` px, in the same units as `maxWidth`. */
export type MeasureText = (text: string, fontSize: number) => number;

export interface FitTextOptions {
  text: string;
  maxWidth: number;
  maxLines: number;
  fontSize: number;
  minFontSize: number;
  measure: MeasureText;
  /** How much the font shrinks per try, in px. */
  step?: number;
}

export interface FitTextResult {
  lines: string[];
  fontSize: number;
  /** True when even the smallest size needed an ellipsis. */
  truncated: boolean;
}

const ELLIPSIS = '…';

/** Han, kana, hangul and full-width punctuation break anywhere; Latin breaks at spaces. */
const BREAK_ANYWHERE =
  /[\u2E80-\u2FFF\u3000-\u303F\u3040-\u30FF\u3100-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/;

/** Splits into wrap units: words (with the space before them) and single CJK characters. */
export function wrapUnits(text: string): string[] {
  const units: string[] = [];
  let current = '';
  for (const char of text) {
    if (BREAK_ANYWHERE.test(char)) {
      // A space before a CJK character stays with it, so it survives the wrap.
      if (current.trim()) units.push(current);
      units.push(current && !current.trim() ? ` ${char}` : char);
      current = '';
    } else if (/\s/.test(char)) {
      if (current.trim()) units.push(current);
      current = ' ';
    } else {
      current += char;
    }
  }
  if (current.trim()) units.push(current);
  return units;
}

/** Breaks a unit wider than the line into pieces that fit (a long e-mail address, a URL). */
function splitLongUnit(unit: string, maxWidth: number, fontSize: number, measure: MeasureText) {
  const pieces: string[] = [];
  let piece = '';
  for (const char of unit.trimStart()) {
    if (piece && measure(piece + char, fontSize) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Greedy wrapping at one font size; every returned line fits `maxWidth`. */
export function wrapText(
  text: string,
  maxWidth: number,
  fontSize: number,
  measure: MeasureText,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const unit of wrapUnits(text.trim())) {
    const candidate = line ? line + unit : unit.trimStart();
    if (measure(candidate, fontSize) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    const bare = unit.trimStart();
    if (measure(bare, fontSize) <= maxWidth) {
      line = bare;
    } else {
      const pieces = splitLongUnit(bare, maxWidth, fontSize, measure);
      line = pieces.pop() ?? '';
      lines.push(...pieces);
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Cuts `text` and adds an ellipsis so that it fits `maxWidth`. */
export function truncateToWidth(
  text: string,
  maxWidth: number,
  fontSize: number,
  measure: MeasureText,
): string {
  if (measure(text, fontSize) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && measure(chars.join('').trimEnd() + ELLIPSIS, fontSize) > maxWidth) {
    chars.pop();
  }
  return chars.join('').trimEnd() + ELLIPSIS;
}

/** Puts wrapped lines back together: a space between Latin words, none next to CJK. */
function joinLines(lines: string[]): string {
  return lines.reduce((joined, line) => {
    if (!joined) return line;
    const cjkBoundary = BREAK_ANYWHERE.test(joined.slice(-1)) || BREAK_ANYWHERE.test(line[0] ?? '');
    return joined + (cjkBoundary ? '' : ' ') + line;
  }, '');
}

export function fitText({
  text,
  maxWidth,
  maxLines,
  fontSize,
  minFontSize,
  measure,
  step = 1,
}: FitTextOptions): FitTextResult {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return { lines: [], fontSize, truncated: false };
  const lines = Math.max(1, maxLines);
  const smallest = Math.min(minFontSize, fontSize);
  for (let size = fontSize; size >= smallest; size -= step) {
    const wrapped = wrapText(clean, maxWidth, size, measure);
    if (wrapped.length <= lines) return { lines: wrapped, fontSize: size, truncated: false };
  }
  const wrapped = wrapText(clean, maxWidth, smallest, measure);
  const kept = wrapped.slice(0, lines);
  const rest = joinLines(wrapped.slice(lines - 1));
  kept[lines - 1] = truncateToWidth(rest, maxWidth, smallest, measure);
  return { lines: kept, fontSize: smallest, truncated: true };
}
