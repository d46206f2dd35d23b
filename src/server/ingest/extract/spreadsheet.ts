import fs from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { cellText, CELL_SEPARATOR, looksLikeHeaderRow, rowLine } from './table-rows.ts';
import type { ExtractContext, ExtractedDocument, ExtractedSection } from './types.ts';

/*
 * Spreadsheets (XLSX, XLS and WPS .et, ODS; CSV through csv.ts) with SheetJS (the maintained
 * @e965/xlsx build, never npm's xlsx 0.18). Every sheet is read and is one citable "page"
 * (its position in the workbook). Every row becomes one line carrying its sheet name and the
 * header of each value: "Price list 2026 · AX-Mini 12 · FOB Ningbo (USD): 29.5 · MOQ: 300";
 * rows are grouped into passages of whole rows, each cited with its sheet's number.
 * The header row is found below any title rows; merged header cells name every column they
 * span; formulas give the value Excel cached. Zip parts were size-checked before this runs.
 */

/** Rows read per sheet: past it the workbook is refused as too large (a clear reason). */
export const MAX_SHEET_ROWS = 100_000;
/** Columns read per row: a row stretched to column XFD carries no more meaning. */
export const MAX_SHEET_COLUMNS = 256;
/** Rows looked at for the header below a title block. */
const HEADER_SEARCH_ROWS = 30;
/** A merged block larger than this is not filled cell by cell. */
const MAX_MERGE_CELLS = 10_000;

type Grid = string[][];

interface Merge {
  s: { r: number; c: number };
  e: { r: number; c: number };
}

/** Default names ("Sheet1", "工作表1") say nothing, so rows are not prefixed with them. */
const DEFAULT_SHEET_NAME = /^(sheet|工作表|页|頁|表)\s*\d+$/iu;

export const SHEETJS_READ_OPTIONS: XLSX.ParsingOptions = {
  dense: true,
  sheetRows: MAX_SHEET_ROWS + 1,
  cellFormula: false,
  cellHTML: false,
  cellStyles: false,
  cellNF: false,
  cellText: true,
  cellDates: false,
  bookVBA: false,
};

function cellString(cell: XLSX.CellObject | undefined): string {
  if (!cell || cell.t === 'e' || cell.t === 'z') return '';
  if (typeof cell.w === 'string') return cell.w;
  if (cell.v === undefined || cell.v === null) return '';
  return String(cell.v);
}

/** The sheet's cells as text, only rows that exist (never the declared range). */
function sheetGrid(sheet: XLSX.WorkSheet): Grid {
  const data = (sheet as XLSX.DenseWorkSheet)['!data'] ?? [];
  if (data.length > MAX_SHEET_ROWS) {
    const tail = data.slice(MAX_SHEET_ROWS - 100);
    if (tail.some((row) => row?.some((cell) => cellString(cell).trim()))) {
      throw new ExtractionError('too-large', `a sheet has more than ${MAX_SHEET_ROWS} rows`, {
        limit: 'rows',
        max: MAX_SHEET_ROWS,
      });
    }
  }
  const grid: Grid = [];
  const rows = Math.min(data.length, MAX_SHEET_ROWS);
  for (let r = 0; r < rows; r++) {
    const row = data[r];
    if (!row) {
      grid.push([]);
      continue;
    }
    const cells: string[] = [];
    const columns = Math.min(row.length, MAX_SHEET_COLUMNS);
    for (let c = 0; c < columns; c++) cells.push(cellText(cellString(row[c])));
    while (cells.length > 0 && !cells[cells.length - 1]) cells.pop();
    grid.push(cells);
  }
  return grid;
}

const filledCount = (row: readonly string[] | undefined) =>
  row ? row.filter((cell) => cell !== '').length : 0;

/**
 * The header row: the first of the top rows that has at least two cells, reads like a header
 * and is about as wide as the rows that follow it (a title above it is one merged cell).
 */
export function findHeaderRow(grid: Grid): number | null {
  const nonEmpty = grid
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => filledCount(row) > 0);
  for (let k = 0; k < Math.min(nonEmpty.length, HEADER_SEARCH_ROWS); k++) {
    const { row, index } = nonEmpty[k]!;
    const filled = filledCount(row);
    if (filled < 2 || !looksLikeHeaderRow(row)) continue;
    const following = nonEmpty.slice(k + 1, k + 6).map(({ row: next }) => filledCount(next));
    if (following.length === 0) return null;
    const typical = [...following].sort((a, b) => a - b)[Math.floor(following.length / 2)]!;
    if (filled >= Math.max(2, Math.ceil(typical * 0.6))) return index;
  }
  return null;
}

/** Fills merged blocks: down a column everywhere, across a row only in header rows. */
function applyMerges(grid: Grid, merges: readonly Merge[], headerRows: ReadonlySet<number>) {
  for (const merge of merges) {
    const { s, e } = merge;
    if (s.r >= grid.length || s.c >= MAX_SHEET_COLUMNS) continue;
    const lastRow = Math.min(e.r, grid.length - 1);
    const lastColumn = Math.min(e.c, MAX_SHEET_COLUMNS - 1);
    if ((lastRow - s.r + 1) * (lastColumn - s.c + 1) > MAX_MERGE_CELLS) continue;
    const value = grid[s.r]?.[s.c] ?? '';
    if (!value) continue;
    for (let r = s.r; r <= lastRow; r++) {
      const row = grid[r]!;
      const across = headerRows.has(r) ? lastColumn : s.c;
      for (let c = s.c; c <= across; c++) {
        while (row.length <= c) row.push('');
        if (!row[c]) row[c] = value;
      }
    }
  }
}

const spansColumns = (merges: readonly Merge[], row: number) =>
  merges.some((merge) => merge.s.r === row && merge.e.c > merge.s.c);

/** Lines of one sheet: title rows first, then one line per data row. */
export function sheetLines(grid: Grid, merges: readonly Merge[], sheetName: string): string[] {
  const headerIndex = findHeaderRow(grid);
  const prefix = DEFAULT_SHEET_NAME.test(sheetName.trim()) ? '' : sheetName.trim();
  if (headerIndex === null) {
    applyMerges(grid, merges, new Set());
    return grid.map((row) => rowLine(null, row, { prefix })).filter(Boolean);
  }
  // A header whose cells are merged over a second header row ("Price (USD)" over "FOB", "EXW").
  const subIndex = headerIndex + 1;
  const twoRowHeader =
    spansColumns(merges, headerIndex) &&
    filledCount(grid[subIndex]) >= 2 &&
    looksLikeHeaderRow(grid[subIndex] ?? []);
  const headerRows = new Set(twoRowHeader ? [headerIndex, subIndex] : [headerIndex]);
  applyMerges(grid, merges, headerRows);

  const top = grid[headerIndex] ?? [];
  const sub = twoRowHeader ? (grid[subIndex] ?? []) : [];
  const columns = Math.max(top.length, sub.length);
  const header = Array.from({ length: columns }, (_, c) =>
    [...new Set([top[c] ?? '', sub[c] ?? ''].filter(Boolean))].join(' '),
  );

  const titles = grid
    .slice(0, headerIndex)
    .map((row) => [...new Set(row.filter(Boolean))].join(CELL_SEPARATOR))
    .filter(Boolean);
  const firstData = headerIndex + (twoRowHeader ? 2 : 1);
  const rows = grid
    .slice(firstData)
    .map((row) => rowLine(header, row, { prefix, bareKey: true }))
    .filter(Boolean);
  return [
    ...titles,
    [prefix, ...header.filter(Boolean)].filter(Boolean).join(CELL_SEPARATOR),
    ...rows,
  ];
}

/** One section per sheet that has text; `page` is the sheet's position in the workbook. */
export function sectionsFromWorkbook(
  workbook: XLSX.WorkBook,
  context: Pick<ExtractContext, 'maxTextChars' | 'signal' | 'blockChars'>,
): ExtractedSection[] {
  const sections: ExtractedSection[] = [];
  let totalChars = 0;
  workbook.SheetNames.forEach((name, index) => {
    throwIfAborted(context.signal);
    const sheet = workbook.Sheets[name];
    if (!sheet) return;
    const grid = sheetGrid(sheet);
    const merges = (sheet['!merges'] ?? []) as Merge[];
    const lines = sheetLines(grid, merges, name);
    totalChars += lines.reduce((sum, line) => sum + line.length + 1, 0);
    if (totalChars > context.maxTextChars) {
      throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
        limit: 'characters',
        max: context.maxTextChars,
      });
    }
    for (const text of groupLines(lines, context.blockChars))
      sections.push({ page: index + 1, text });
  });
  return sections;
}

/**
 * Whole rows grouped into passages of about `blockChars`: every row already names its sheet and
 * headers, so a passage never needs the lines before it, and no row is cut in two.
 */
export function groupLines(lines: readonly string[], blockChars: number): string[] {
  const groups: string[] = [];
  let current: string[] = [];
  let length = 0;
  for (const line of lines) {
    if (length > 0 && length + line.length > blockChars) {
      groups.push(current.join('\n'));
      current = [];
      length = 0;
    }
    current.push(line);
    length += line.length + 1;
  }
  if (current.length > 0) groups.push(current.join('\n'));
  return groups;
}

/** SheetJS's complaint as one of our reasons. */
export function spreadsheetError(error: unknown, what: string): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/password|encrypt/i.test(message)) {
    return new ExtractionError('encrypted', `the ${what} is password protected`);
  }
  return new ExtractionError('corrupt-document', `unreadable ${what}: ${message}`);
}

export async function extractSpreadsheet(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const bytes = await fs.readFile(filePath);
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, { ...SHEETJS_READ_OPTIONS, type: 'buffer' });
  } catch (error) {
    throw spreadsheetError(error, 'spreadsheet');
  }
  throwIfAborted(context.signal);
  const sections = sectionsFromWorkbook(workbook, context);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the workbook has no text');
  return { sections, pageCount: workbook.SheetNames.length };
}
