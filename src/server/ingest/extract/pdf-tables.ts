import { lineText, type LayoutLine } from './pdf-layout.ts';

/*
 * Table rows on PDF pages. A run of consecutive lines that each have the same number (two or
 * more) of cells, whose cells line up column by column with the first line's, is a table with
 * that first line as its header. Each row below it becomes one line that names the header for
 * every value ("Model: QB60 · Flow (L/min): 40 · Head (m): 25"), so a search for "flow of
 * QB60" finds the row that answers it. The header line itself stays as it was.
 */

/** Longest header cell that still reads like a column title rather than prose. */
const MAX_HEADER_CHARS = 40;
/** Longest value cell; a longer one is a paragraph beside another, not a table cell. */
const MAX_VALUE_CHARS = 80;
/** Distance (in font sizes) within which two cell edges or centres count as aligned. */
const ALIGN = 1.5;

export const CELL_SEPARATOR = ' · ';

function aligned(header: LayoutLine, row: LayoutLine): boolean {
  if (row.cells.length !== header.cells.length) return false;
  if (row.cells.some((cell) => cell.annotation)) return false;
  const tolerance = ALIGN * Math.max(header.fontSize, row.fontSize);
  return header.cells.every((head, index) => {
    const cell = row.cells[index]!;
    if (cell.text.length > MAX_VALUE_CHARS) return false;
    const centre = (cell.x0 + cell.x1) / 2 - (head.x0 + head.x1) / 2;
    return (
      Math.abs(cell.x0 - head.x0) < tolerance ||
      Math.abs(cell.x1 - head.x1) < tolerance ||
      Math.abs(centre) < tolerance ||
      // A value wider than its title, spanning it.
      (cell.x0 <= head.x0 && cell.x1 >= head.x1)
    );
  });
}

function isHeader(line: LayoutLine): boolean {
  return (
    line.cells.length >= 2 &&
    line.cells.every((cell) => !cell.annotation) &&
    line.cells.every(
      (cell) =>
        cell.text.length <= MAX_HEADER_CHARS &&
        /\p{L}/u.test(cell.text) &&
        // "Name:" labels a value beside it (a form), it does not title a column.
        !/[:：]$/u.test(cell.text),
    )
  );
}

function labelledRow(header: LayoutLine, row: LayoutLine): string {
  return row.cells
    .map((cell, index) => `${header.cells[index]!.text}: ${cell.text}`)
    .join(CELL_SEPARATOR);
}

/** Page text, one line per layout line, with table rows labelled by their column headers. */
export function linesWithTables(lines: readonly LayoutLine[]): string[] {
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const header = lines[index]!;
    let end = index + 1;
    if (isHeader(header)) {
      while (end < lines.length && aligned(header, lines[end]!)) end++;
    }
    out.push(lineText(header));
    if (end - index >= 2) {
      for (let row = index + 1; row < end; row++) out.push(labelledRow(header, lines[row]!));
    } else {
      end = index + 1;
    }
    index = end;
  }
  return out;
}
