/*
 * What is where on a drawn page: its text runs and its pictures, as boxes in the page's own
 * units (PDF points, or pixels of a page we draw), origin at the top left. The same layout
 * serves the preview (which boxes to mark for a quoted passage) and the answer's picture
 * (which picture sits beside that passage). Pure functions: the render child fills layouts in.
 */

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextRun extends Box {
  text: string;
}

export interface PageLayout {
  width: number;
  height: number;
  runs: TextRun[];
  /** Pictures painted on the page (PDF image operators), in painting order. */
  images: Box[];
}

/** Characters that never decide a match: spaces, table rules, the clip marks of an excerpt. */
const IGNORED = /[\s|｜\u00ad\u200b]/u;
/** Shortest piece of a quote matched on its own: below it, a match is chance. */
const MIN_PIECE = 4;

interface PageText {
  text: string;
  /** For each character of `text`: its run and its offset in that run. */
  run: Uint32Array;
  offset: Uint32Array;
}

function foldChar(char: string): string {
  return char.normalize('NFKC').toLowerCase();
}

function pageText(runs: readonly TextRun[]): PageText {
  let text = '';
  const run: number[] = [];
  const offset: number[] = [];
  runs.forEach((r, index) => {
    let at = 0;
    for (const char of r.text) {
      if (!IGNORED.test(char)) {
        const folded = foldChar(char);
        text += folded;
        for (let i = 0; i < folded.length; i++) {
          run.push(index);
          offset.push(at);
        }
      }
      at += char.length;
    }
  });
  return { text, run: Uint32Array.from(run), offset: Uint32Array.from(offset) };
}

function fold(text: string): string {
  let out = '';
  for (const char of text) if (!IGNORED.test(char)) out += foldChar(char);
  return out;
}

/** The longest prefix of `piece` found in `text` (a found prefix's prefixes are found too). */
function longestFoundPrefix(text: string, piece: string): { length: number; at: number } {
  let low = 0;
  let high = piece.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (text.includes(piece.slice(0, mid))) low = mid;
    else high = mid - 1;
  }
  return { length: low, at: low > 0 ? text.indexOf(piece.slice(0, low)) : -1 };
}

/**
 * Where a quoted passage sits on the page: character ranges of the page's text, found piece by
 * piece (an excerpt may join parts with "…", drop a line's end, or carry a table's header).
 */
function quotedRanges(page: PageText, quote: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const part of quote.split(/…|\.\.\./u)) {
    const piece = fold(part);
    let position = 0;
    while (piece.length - position >= MIN_PIECE) {
      const { length, at } = longestFoundPrefix(page.text, piece.slice(position));
      if (length >= MIN_PIECE && at >= 0) {
        ranges.push([at, at + length]);
        position += length;
      } else position += 1;
    }
  }
  return ranges;
}

/**
 * The boxes to mark for a quoted passage: the part of each text run it covers (its width
 * shared out by characters), runs of one line joined. [] when nothing of it is on the page.
 */
export function markBoxes(layout: PageLayout, quote: string): Box[] {
  const page = pageText(layout.runs);
  const covered = new Map<number, { from: number; to: number }>();
  for (const [start, end] of quotedRanges(page, quote)) {
    for (let i = start; i < end; i++) {
      const run = page.run[i]!;
      const offset = page.offset[i]!;
      const span = covered.get(run);
      if (!span) covered.set(run, { from: offset, to: offset + 1 });
      else {
        span.from = Math.min(span.from, offset);
        span.to = Math.max(span.to, offset + 1);
      }
    }
  }
  const boxes: Box[] = [...covered.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([index, span]) => {
      const run = layout.runs[index]!;
      const length = Math.max(1, run.text.length);
      const x = run.x + (run.width * span.from) / length;
      const width = (run.width * (Math.min(span.to, length) - span.from)) / length;
      return { x, y: run.y, width, height: run.height };
    });
  return joinLines(boxes);
}

/** Boxes on one line that touch (or nearly) become one. */
function joinLines(boxes: Box[]): Box[] {
  const joined: Box[] = [];
  for (const box of boxes) {
    const line = joined.find(
      (other) =>
        Math.abs(other.y - box.y) < Math.max(other.height, box.height) * 0.5 &&
        box.x <= other.x + other.width + box.height * 1.5 &&
        other.x <= box.x + box.width + box.height * 1.5,
    );
    if (!line) {
      joined.push({ ...box });
      continue;
    }
    const right = Math.max(line.x + line.width, box.x + box.width);
    const bottom = Math.max(line.y + line.height, box.y + box.height);
    line.x = Math.min(line.x, box.x);
    line.y = Math.min(line.y, box.y);
    line.width = right - line.x;
    line.height = bottom - line.y;
  }
  return joined;
}

export function unionOf(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The gap between two boxes (0 when they touch or overlap). */
export function gapBetween(a: Box, b: Box): number {
  const dx = Math.max(0, a.x - (b.x + b.width), b.x - (a.x + a.width));
  const dy = Math.max(0, a.y - (b.y + b.height), b.y - (a.y + a.height));
  return Math.hypot(dx, dy);
}

/** A picture is a product's photo or drawing, not an icon, a rule or the page's background. */
export const PICTURE_RULE = {
  /** Each side at least this share of the page's width (icons, bullets and rules are smaller). */
  minSide: 0.08,
  /** At most this share of the page's area (a full-page background or scan is not a picture). */
  maxArea: 0.6,
  /** Beside the passage: within this share of the page's longer side. */
  maxGap: 0.3,
} as const;

/**
 * The picture beside a passage: of the page's pictures that pass PICTURE_RULE, the one
 * nearest to the passage's marked boxes; null when there is none near enough.
 * Returns its index in `layout.images`.
 */
export function pictureBeside(layout: PageLayout, marks: readonly Box[]): number | null {
  const passage = unionOf(marks);
  if (!passage) return null;
  const pageArea = layout.width * layout.height;
  const longer = Math.max(layout.width, layout.height);
  let best: number | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  layout.images.forEach((image, index) => {
    const clipped = clipToPage(image, layout);
    if (!clipped) return;
    const minSide = PICTURE_RULE.minSide * layout.width;
    if (clipped.width < minSide || clipped.height < minSide) return;
    if (clipped.width * clipped.height > PICTURE_RULE.maxArea * pageArea) return;
    const gap = gapBetween(clipped, passage);
    if (gap > PICTURE_RULE.maxGap * longer || gap >= bestGap) return;
    best = index;
    bestGap = gap;
  });
  return best;
}

/** The part of a box on the page, or null when none is. */
export function clipToPage(box: Box, layout: Pick<PageLayout, 'width' | 'height'>): Box | null {
  const left = Math.max(0, box.x);
  const top = Math.max(0, box.y);
  const right = Math.min(layout.width, box.x + box.width);
  const bottom = Math.min(layout.height, box.y + box.height);
  if (right - left < 1 || bottom - top < 1) return null;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

export function scaleBox(box: Box, scale: number): Box {
  return {
    x: box.x * scale,
    y: box.y * scale,
    width: box.width * scale,
    height: box.height * scale,
  };
}
