import { tidyText } from './normalize.ts';
import type { PdfPage } from './pdf-document.ts';
import { annotationTexts, placeAnnotationTexts } from './pdf-forms.ts';
import { layoutLines, type PositionedText } from './pdf-layout.ts';
import { linesWithTables } from './pdf-tables.ts';
import { readTexLigatures } from './pdf-tex-ligatures.ts';
import { pdfjs } from './pdfjs.ts';

/*
 * The text of one PDF page: its text layer laid out in lines (pdf-layout), form-field values and
 * free-text annotations placed among them (pdf-forms), table rows labelled with their column
 * headers (pdf-tables).
 */

export async function readPageText(page: PdfPage): Promise<string> {
  const [content, annotations] = await Promise.all([
    page.getTextContent(),
    page.getAnnotations({ intent: 'display' }).catch(() => []),
  ]);
  const items: PositionedText[] = [];
  for (const item of content.items) if ('str' in item) items.push(item);
  const lines = placeAnnotationTexts(layoutLines(items), annotationTexts(annotations));
  return tidyText(readTexLigatures(linesWithTables(lines).join('\n')));
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
