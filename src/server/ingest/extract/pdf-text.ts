import { tidyText } from './normalize.ts';
import type { PdfPage } from './pdf-document.ts';
import { annotationTexts, placeAnnotationTexts } from './pdf-forms.ts';
import { layoutLines, type PositionedText } from './pdf-layout.ts';
import { linesWithTables } from './pdf-tables.ts';
import { pdfjs } from './pdfjs.ts';

/*
 * The text of one PDF page: its text layer laid out in lines (pdf-layout), form-field values and
 * free-text annotations placed among them (pdf-forms), table rows labelled with their column
 * headers (pdf-tables), and words hyphenated at a line's end joined again.
 */

/** A prose line that ends in a lowercase letter and a hyphen (or soft hyphen): "rela-". */
const HYPHENATED_END = /^.{19,}\p{Ll}[-\u00AD]$/u;
const STARTS_LOWERCASE = /^\p{Ll}/u;

/**
 * "the rela-" / "tionship of people" becomes "the relationship of people": a search finds
 * whole words (poppler's pdftotext joins them the same way). A hyphen before a capital or a
 * digit ("HT-" / "M6012") stays, as does every line shorter than a wrapped prose line.
 */
export function joinHyphenatedWords(lines: readonly string[]): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    if (previous !== undefined && HYPHENATED_END.test(previous) && STARTS_LOWERCASE.test(line)) {
      joined[joined.length - 1] = previous.slice(0, -1) + line;
    } else {
      joined.push(line);
    }
  }
  return joined;
}

export async function readPageText(page: PdfPage): Promise<string> {
  const [content, annotations] = await Promise.all([
    page.getTextContent(),
    page.getAnnotations({ intent: 'display' }).catch(() => []),
  ]);
  const items: PositionedText[] = [];
  for (const item of content.items) if ('str' in item) items.push(item);
  const lines = placeAnnotationTexts(layoutLines(items), annotationTexts(annotations));
  return tidyText(joinHyphenatedWords(linesWithTables(lines)).join('\n'));
}

const READABLE = /[\p{L}\p{N}]/gu;

/**
 * Whether the text has at least `count` letters and digits: what makes a page's text layer
 * worth more than a picture of it. Stops counting once there are enough (most pages have
 * thousands).
 */
export function hasReadableCharacters(text: string, count: number): boolean {
  READABLE.lastIndex = 0;
  let found = 0;
  while (found < count && READABLE.test(text)) found++;
  return found >= count;
}

const IMAGE_OPERATORS = new Set<number>([
  pdfjs.OPS.paintImageXObject,
  pdfjs.OPS.paintInlineImageXObject,
  pdfjs.OPS.paintImageMaskXObject,
  pdfjs.OPS.paintImageXObjectRepeat,
  pdfjs.OPS.paintInlineImageXObjectGroup,
  pdfjs.OPS.paintImageMaskXObjectGroup,
  pdfjs.OPS.paintImageMaskXObjectRepeat,
]);

/** Whether the page paints any image (a scanned page does; a blank one does not). */
export async function pagePaintsImages(page: PdfPage): Promise<boolean> {
  const operators = await page.getOperatorList();
  return operators.fnArray.some((operator) => IMAGE_OPERATORS.has(operator));
}
