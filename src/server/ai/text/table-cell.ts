import { SCALE, YEAR } from './units.ts';

/*
 * A financial table's row as the reader indexed it ("Interest income 202 440 832 [Operating
 * expenses: 2017 2018 2019 · in millions]": the label, its figures, then in brackets what heads
 * them) stated by cell: "Interest income, 2019: 832 million" when the question names one of the
 * columns, else every column with its header ("Accounts receivable, net — 2024: 26,452;
 * 2023: 31,676"). A row whose figures do not line up one to one with the header's periods is
 * left as it is.
 */

const ROW = /^(.+?)\s+((?:[$€£¥]\s?)?\(?-?\d[\d,]*(?:\.\d+)?%?\)?(?:\s+.*?)?)\s*\[([^\]]*)\]\s*$/u;
const FIGURE = /^\(?-?\d[\d,]*(?:\.\d+)?%?\)?$/u;
const EMPTY_CELL = /^[—–-]$/u;
const CURRENCY = /^[$€£¥]$/u;
/** Figures that a table's scale does not apply to: per-share amounts, ratios, counts of shares. */
const UNSCALED_LABEL = /\bper (?:common )?share\b|\bratio\b|\brate\b|\bshares\b|\bmargin\b|%/iu;

interface Cell {
  value: string;
  currency: string;
}

function cellsOf(figures: string): Cell[] | null {
  const cells: Cell[] = [];
  let currency = '';
  for (const token of figures.split(/\s+/u)) {
    if (CURRENCY.test(token)) currency = token;
    else if (FIGURE.test(token) || EMPTY_CELL.test(token)) {
      cells.push({ value: token, currency });
      currency = '';
    } else return null;
  }
  return cells;
}

function scaleWord(context: string, label: string, value: string): string {
  const scale = SCALE.exec(context)?.[1]?.toLowerCase();
  if (!scale || UNSCALED_LABEL.test(label) || value.includes('%')) return '';
  return ` ${scale.replace(/s$/u, '')}`;
}

function written(cell: Cell, context: string, label: string): string {
  return `${cell.currency}${cell.value}${scaleWord(context, label, cell.value)}`;
}

/**
 * The row stated by its cells, the column the question names first; null when the text is not a
 * row of figures under a header of as many periods.
 */
export function statedCell(text: string, question: string): string | null {
  const row = ROW.exec(text.trim());
  if (!row) return null;
  const [, label, figures, context] = row as unknown as [string, string, string, string];
  const cells = cellsOf(figures);
  const years = context.match(YEAR) ?? [];
  if (!cells || cells.length < 2 || cells.length !== years.length) return null;
  if (new Set(years).size !== years.length) return null;
  const cleanLabel = label.replace(/[\s:：]+$/u, '');
  const asked = years.findIndex((year) => new RegExp(`\\b${year}\\b`, 'u').test(question));
  if (asked >= 0 && !EMPTY_CELL.test(cells[asked]!.value)) {
    return `${cleanLabel}, ${years[asked]}: ${written(cells[asked]!, context, cleanLabel)}`;
  }
  const columns = cells.map((cell, i) => `${years[i]}: ${cell.currency}${cell.value}`);
  const scale = scaleWord(context, cleanLabel, '').trim();
  return `${cleanLabel}${scale ? ` (in ${scale}s)` : ''} — ${columns.join('; ')}`;
}
