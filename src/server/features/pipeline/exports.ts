import type { TLead } from '#shared/schemas/pipeline.ts';

/*
 * The lead list as a file: CSV (UTF-8 with a BOM so Excel shows Chinese, RFC 4180 quoting)
 * and XLSX (SheetJS). A cell that a spreadsheet would run as a formula (starting with = + - @,
 * a tab or a carriage return) is written with a leading apostrophe.
 */

export const EXPORT_COLUMNS = [
  'visitorSessionId',
  'cardName',
  'name',
  'company',
  'jobTitle',
  'email',
  'phone',
  'stage',
  'priority',
  'totalScore',
  'engagementScore',
  'intentScore',
  'messageCount',
  'buyingSignals',
  'source',
  'deviceType',
  'country',
  'lastActivity',
  'notes',
] as const;

/** Neutralises spreadsheet formulas in text cells. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cellOf(lead: TLead, column: (typeof EXPORT_COLUMNS)[number]): string | number {
  const value = lead[column];
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return safeCell(value.join(', '));
  if (typeof value === 'number') return value;
  return safeCell(String(value));
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsCsv(leads: readonly TLead[]): Buffer {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const lead of leads) {
    lines.push(EXPORT_COLUMNS.map((column) => csvField(cellOf(lead, column))).join(','));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** SheetJS is loaded on the first export, not at start. */
export async function leadsXlsx(leads: readonly TLead[]): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const rows = [
    [...EXPORT_COLUMNS],
    ...leads.map((lead) => EXPORT_COLUMNS.map((column) => cellOf(lead, column))),
  ];
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

export function exportFileName(extension: 'csv' | 'xlsx', now: Date): string {
  return `docucard-leads-${now.toISOString().slice(0, 10)}.${extension}`;
}
