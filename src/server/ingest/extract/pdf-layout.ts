/*
 * Lines of a PDF page from pdf.js text items, by position rather than by trust in the content
 * stream's spacing: items on one baseline join into a line, a gap wider than a space becomes a
 * space, a gap as wide as a column becomes a cell boundary (tables, see pdf-tables.ts), a jump
 * off the baseline starts a new line, and text drawn twice at the same spot (fake bold) counts
 * once.
 */

/** The parts of a pdf.js TextItem that layout needs. */
export interface PositionedText {
  str: string;
  /** [a, b, c, d, e, f]: text-space to user-space transform of the item's origin. */
  transform: number[];
  width: number;
  height: number;
  hasEOL: boolean;
}

export interface LineCell {
  text: string;
  /** Start and end along the line, in user-space units. */
  x0: number;
  x1: number;
  /** A form-field value or annotation placed on the line (pdf-forms), not drawn text. */
  annotation?: true;
}

export interface LayoutLine {
  cells: LineCell[];
  /** Baseline position across the text direction (y for horizontal text). */
  y: number;
  fontSize: number;
}

/** Gap (in font sizes) from which two items on one line are separate words. */
const SPACE_GAP = 0.15;
/** Gap (in font sizes) from which two items on one line are separate table cells. */
const CELL_GAP = 1.2;
/** Distance off the baseline (in font sizes) that still counts as the same line (sub/superscript). */
const SAME_LINE = 0.5;
/** Same text within this distance (in font sizes) of the previous item is an overprint. */
const OVERPRINT = 0.3;
/**
 * Overlap (in font sizes) from which an item that starts inside the previous one, and does not
 * repeat it, is a separate word placed over it ("text75" and "text76" drawn 5 pt into each
 * other), not the next letters of the same word. Only for text of the same size on the same
 * baseline: the raised small "A" of the LaTeX logo is kerned into its "L" on purpose.
 */
const OVERLAPPING_WORD = 0.3;

function sameSizeAndBaseline(cursor: Cursor, fontSize: number, across: number): boolean {
  const tolerance = 0.05 * Math.max(fontSize, cursor.fontSize);
  return (
    Math.abs(fontSize - cursor.fontSize) <= tolerance &&
    Math.abs(across - cursor.across) <= tolerance
  );
}

const CJK_EDGE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;

interface Cursor {
  dirX: number;
  dirY: number;
  /** Where the previous item ended, along and across the direction. */
  endAlong: number;
  startAlong: number;
  across: number;
  fontSize: number;
  str: string;
  hasEOL: boolean;
}

function fontSizeOf(item: PositionedText): number {
  const [, , c = 0, d = 0] = item.transform;
  return Math.hypot(c, d) || item.height || 1;
}

function directionOf(item: PositionedText): [number, number] {
  const [a = 1, b = 0] = item.transform;
  const length = Math.hypot(a, b);
  return length > 0 ? [a / length, b / length] : [1, 0];
}

export function layoutLines(items: Iterable<PositionedText>): LayoutLine[] {
  const lines: LayoutLine[] = [];
  let line: LayoutLine | null = null;
  let cell: LineCell | null = null;
  let cursor: Cursor | null = null;

  for (const item of items) {
    const str = item.str;
    if (!str) {
      if (item.hasEOL && cursor) cursor.hasEOL = true;
      continue;
    }
    const fontSize = fontSizeOf(item);
    const [dirX, dirY] = directionOf(item);
    const x = item.transform[4] ?? 0;
    const y = item.transform[5] ?? 0;
    const along = x * dirX + y * dirY;
    const across = -x * dirY + y * dirX;
    const width = Number.isFinite(item.width) ? item.width : 0;

    if (!str.trim()) {
      // A space item: it separates words, but its own position says nothing more.
      if (cell && !/\s$/.test(cell.text)) cell.text += ' ';
      if (cursor && item.hasEOL) cursor.hasEOL = true;
      continue;
    }

    const size = Math.max(fontSize, cursor?.fontSize ?? 0);
    const sameDirection: boolean =
      cursor !== null && Math.abs(cursor.dirX - dirX) + Math.abs(cursor.dirY - dirY) < 0.05;
    const sameLine: boolean =
      cursor !== null &&
      sameDirection &&
      !cursor.hasEOL &&
      Math.abs(across - cursor.across) < SAME_LINE * size;

    let text = str;
    if (sameLine && cursor && cell) {
      if (str === cursor.str && Math.abs(along - cursor.startAlong) < OVERPRINT * size) continue;
      text = withoutOverprint(cell.text, str, cursor.endAlong - along, width);
      if (!text) continue;
    }

    if (sameLine && line && cell && cursor) {
      const gap = along - cursor.endAlong;
      // Drawn wholly before the cell it would join (a page number in the margin drawn after
      // the line's text): a separate piece, not letters glued to the cell's last word.
      const jumpedBack = along + width <= cell.x0;
      if (gap >= CELL_GAP * size || jumpedBack) {
        cell = { text, x0: along, x1: along + width };
        line.cells.push(cell);
      } else {
        const spaced = /\s$/.test(cell.text) || /^\s/.test(text);
        const bothCjk = CJK_EDGE.test(cell.text.slice(-1)) && CJK_EDGE.test(text[0] ?? '');
        const overlapping =
          text === str &&
          gap <= -OVERLAPPING_WORD * size &&
          !bothCjk &&
          sameSizeAndBaseline(cursor, fontSize, across);
        const needsSpace = !spaced && (gap >= (bothCjk ? 0.5 : SPACE_GAP) * size || overlapping);
        cell.text += (needsSpace ? ' ' : '') + text;
        cell.x1 = Math.max(cell.x1, along + width);
      }
    } else {
      cell = { text: str, x0: along, x1: along + width };
      line = { cells: [cell], y: across, fontSize };
      lines.push(line);
    }
    cursor = {
      dirX,
      dirY,
      startAlong: along,
      endAlong: along + width,
      across: sameLine && cursor ? cursor.across : across,
      fontSize,
      str,
      hasEOL: item.hasEOL,
    };
  }
  for (const each of lines) {
    for (const part of each.cells) part.text = part.text.trim();
    each.cells = each.cells.filter((part) => part.text);
  }
  return lines.filter((each) => each.cells.length > 0);
}

/**
 * The part of `str` not already drawn: when an item starts inside the previous one and its
 * first characters repeat the line's last ones (text drawn twice, slightly offset, to look
 * bold), those characters are dropped.
 */
export function withoutOverprint(
  lineSoFar: string,
  str: string,
  overlap: number,
  width: number,
): string {
  if (overlap <= 0 || width <= 0 || str.length === 0) return str;
  const charWidth = width / str.length;
  const repeated = Math.min(str.length, Math.floor(overlap / charWidth + 0.4));
  if (repeated === 0) return str;
  const prefix = str.slice(0, repeated);
  return lineSoFar.trimEnd().endsWith(prefix) ? str.slice(repeated) : str;
}

export function lineText(line: LayoutLine): string {
  return line.cells.map((cell) => cell.text).join(' ');
}
