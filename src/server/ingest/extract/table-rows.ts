import { tidyText } from './normalize.ts';

/*
 * Tables stay tables: every data row becomes one line that names, for each value, the column it
 * is in ("Model: QB60 · Flow: 40 L/min · Price: 29.5"), so a search for "the price of QB60"
 * finds a passage holding both. Used by DOCX, PPTX, ODF, RTF and spreadsheets alike.
 */

export const CELL_SEPARATOR = ' · ';

/** A cell's text on one line. */
export function cellText(value: string): string {
  return tidyText(value).replace(/\s*\n\s*/g, ' ');
}

const NUMERIC = /^[\s(]*[-+]?[$€¥£￥]?\s*[\d.,]+\s*(%|[a-z]{0,4}|[^\p{ASCII}]{0,2})?[\s)]*$/iu;

/** A cell a header would hold: words, not a number, a date or a price. */
export function isTextCell(value: string): boolean {
  const text = value.trim();
  return text.length > 0 && !NUMERIC.test(text) && /\p{L}/u.test(text);
}

/**
 * Whether `row` reads like a header: at least two filled cells (or the only one in a one-column
 * table), almost all of them words rather than numbers, none repeated.
 */
export function looksLikeHeaderRow(row: readonly string[]): boolean {
  const filled = row.map((cell) => cell.trim()).filter(Boolean);
  if (filled.length === 0) return false;
  const textual = filled.filter(isTextCell).length;
  return (
    textual / filled.length >= 0.75 &&
    filled.every((cell) => cell.length <= 80) &&
    new Set(filled).size === filled.length
  );
}

export interface RowLineOptions {
  /** Written before the row (a sheet name): "Price list 2026 · ...". */
  prefix?: string;
  /**
   * Write the first filled cell without its header: the row's name in a price list
   * ("AX-Mini 12 · FOB Ningbo (USD): 29.5").
   */
  bareKey?: boolean;
}

/** One data row on one line, each value after its column's header. */
export function rowLine(
  header: readonly string[] | null,
  row: readonly string[],
  options: RowLineOptions = {},
): string {
  const parts: string[] = [];
  let keyWritten = false;
  row.forEach((raw, index) => {
    const value = cellText(raw);
    if (!value) return;
    const label = header ? cellText(header[index] ?? '') : '';
    const bare = !label || label === value || (options.bareKey && !keyWritten);
    keyWritten = true;
    parts.push(bare ? value : `${label}: ${value}`);
  });
  if (parts.length === 0) return '';
  return [options.prefix, ...parts].filter(Boolean).join(CELL_SEPARATOR);
}

/**
 * Lines of a table given as rows of cell texts: when the first row reads like a header (and
 * rows follow), each later row names its values by it; otherwise the cells are joined.
 */
export function tableLines(rows: readonly (readonly string[])[]): string[] {
  const filled = rows.filter((row) => row.some((cell) => cell.trim()));
  if (filled.length === 0) return [];
  const [first, ...rest] = filled;
  const columns = Math.max(...filled.map((row) => row.length));
  const hasHeader = rest.length > 0 && columns > 1 && looksLikeHeaderRow(first!);
  if (!hasHeader) return filled.map((row) => rowLine(null, row)).filter(Boolean);
  const header = first!.map(cellText);
  return [
    header.filter(Boolean).join(CELL_SEPARATOR),
    ...rest.map((row) => rowLine(header, row)).filter(Boolean),
  ];
}
