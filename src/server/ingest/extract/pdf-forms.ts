import type { LayoutLine } from './pdf-layout.ts';

/*
 * Text that lives in a page's annotations rather than its content stream: values typed into
 * form fields (text fields; the chosen entry of a dropdown; a list box's entries as the page
 * shows them, one per line, the chosen ones marked ✓) and the contents of free-text
 * annotations. Each is placed where it sits on the page: beside the label on its
 * line ("First name: Lucía") or as its own line between the lines above and below it.
 */

const WIDGET = 20;
const FREETEXT = 3;

/** The parts of a pdf.js annotation object that carry text (its type is `any` in pdf.js). */
interface AnnotationData {
  annotationType?: number;
  fieldType?: string;
  fieldValue?: unknown;
  /** A choice field that is a dropdown (only the chosen entry shows), not a list box. */
  combo?: boolean;
  options?: Array<{ exportValue?: unknown; displayValue?: unknown }>;
  contentsObj?: { str?: unknown };
  rect?: number[];
  hidden?: boolean;
  noView?: boolean;
}

export interface AnnotationText {
  text: string;
  rect: [number, number, number, number];
}

/** Entries of a list box beyond these are scrolled out of sight on the page anyway. */
const MAX_LIST_ENTRIES = 50;
const CHOSEN = ' ✓';

function choiceText(data: AnnotationData): string {
  const values = (Array.isArray(data.fieldValue) ? data.fieldValue : [data.fieldValue]).filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  const display = (option: { displayValue?: unknown } | undefined, fallback: string) =>
    typeof option?.displayValue === 'string' ? option.displayValue : fallback;
  const options = data.options ?? [];
  if (!data.combo && options.length > 0) {
    return options
      .slice(0, MAX_LIST_ENTRIES)
      .map((option) => {
        const value = typeof option.exportValue === 'string' ? option.exportValue : '';
        const text = display(option, value);
        return values.includes(value) ? `${text}${CHOSEN}` : text;
      })
      .join('\n');
  }
  return values
    .map((value) =>
      display(
        options.find((each) => each.exportValue === value),
        value,
      ),
    )
    .join(', ');
}

function textOf(data: AnnotationData): string {
  if (data.annotationType === WIDGET) {
    if (data.fieldType === 'Tx' && typeof data.fieldValue === 'string') return data.fieldValue;
    if (data.fieldType === 'Ch') return choiceText(data);
    return '';
  }
  if (data.annotationType === FREETEXT && typeof data.contentsObj?.str === 'string') {
    return data.contentsObj.str;
  }
  return '';
}

export function annotationTexts(annotations: readonly unknown[]): AnnotationText[] {
  const texts: AnnotationText[] = [];
  for (const raw of annotations) {
    const data = raw as AnnotationData;
    if (data.hidden || data.noView) continue;
    const text = textOf(data).replace(/\r\n?/g, '\n').trim();
    const rect = data.rect;
    if (!text || !rect || rect.length !== 4 || !rect.every(Number.isFinite)) continue;
    const [x0, y0, x1, y1] = rect as [number, number, number, number];
    texts.push({
      text,
      rect: [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)],
    });
  }
  return texts;
}

/**
 * Adds annotation texts to a page's lines (horizontal text, in content order): a single-line
 * value joins the line whose baseline crosses its box and that ends before it; anything else
 * becomes lines of its own before the first line below the box.
 */
export function placeAnnotationTexts(
  lines: readonly LayoutLine[],
  texts: readonly AnnotationText[],
): readonly LayoutLine[] {
  // Most pages have none: their lines are not copied for nothing.
  if (texts.length === 0) return lines;
  const placed = lines.map((line) => ({ ...line, cells: [...line.cells] }));
  for (const { text, rect } of texts) {
    const [x0, y0, x1, y1] = rect;
    const height = y1 - y0;
    const fontSize = Math.min(12, Math.max(6, height * 0.7));
    const parts = text.split('\n').filter((part) => part.trim());
    if (parts.length === 1) {
      const label = placed
        .filter((line) => {
          const last = line.cells[line.cells.length - 1]!;
          return line.y >= y0 - 2 && line.y <= y1 + 2 && last.x1 <= x0 + fontSize;
        })
        .sort((a, b) => b.cells[b.cells.length - 1]!.x1 - a.cells[a.cells.length - 1]!.x1)[0];
      if (label) {
        label.cells.push({ text: parts[0]!.trim(), x0, x1, annotation: true });
        continue;
      }
    }
    const centre = (y0 + y1) / 2;
    let at = placed.findIndex((line) => line.y < centre);
    if (at < 0) at = placed.length;
    const own = parts.map((part, index) => ({
      cells: [{ text: part.trim(), x0, x1, annotation: true as const }],
      y: y1 - (index + 1) * fontSize,
      fontSize,
    }));
    placed.splice(at, 0, ...own);
  }
  return placed;
}
