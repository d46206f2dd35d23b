import type { Language } from '#shared/limits.ts';
import type { TLead } from '#shared/schemas/pipeline.ts';
import { translate } from '#server/lib/i18n.ts';

/*
 * The lead list as a file a person reads: headers, stages, priorities and what the buyer asked
 * about in the owner's interface language, times in the owner's time zone. CSV (UTF-8 with a
 * BOM so Excel shows Chinese, RFC 4180 quoting): a cell that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) is written with a leading
 * apostrophe. XLSX (SheetJS): every text is a string cell, which no spreadsheet runs as a
 * formula, so a phone number such as +86 138… shows as typed, without an apostrophe.
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
type Column = (typeof EXPORT_COLUMNS)[number];

/** Whose export: the words in their interface language, the times in their time zone. */
export interface ExportReader {
  language: Language;
  /** An IANA name; UTC when the owner has none. */
  timeZone: string;
}

/** Neutralises spreadsheet formulas in CSV text cells. */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `2026-11-26 21:08` in the reader's time zone. */
export function localTime(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

function headers(reader: ExportReader): string[] {
  return EXPORT_COLUMNS.map((column) =>
    translate(reader.language, `pipeline.export.columns.${column}`, { timeZone: reader.timeZone }),
  );
}

/** A lead's value as the reader reads it (text unguarded; each format guards its own). */
function valueOf(lead: TLead, column: Column, reader: ExportReader): string | number {
  const t = (key: string) => translate(reader.language, key);
  switch (column) {
    case 'stage':
      return t(`pipeline.stages.${lead.stage}`);
    case 'priority':
      return t(`pipeline.priorities.${lead.priority}`);
    case 'buyingSignals':
      return lead.buyingSignals
        .map((signal) => t(`pipeline.signals.${signal}`))
        .join(t('pipeline.followUp.listSeparator'));
    case 'lastActivity':
      return localTime(lead.lastActivity, reader.timeZone);
    default: {
      const value = lead[column];
      if (value === null || value === undefined) return '';
      return typeof value === 'number' ? value : String(value);
    }
  }
}

function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : safeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function leadsCsv(leads: readonly TLead[], reader: ExportReader): Buffer {
  const lines = [headers(reader).map(csvField).join(',')];
  for (const lead of leads) {
    lines.push(EXPORT_COLUMNS.map((column) => csvField(valueOf(lead, column, reader))).join(','));
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** SheetJS is loaded on the first export, not at start. */
export async function leadsXlsx(leads: readonly TLead[], reader: ExportReader): Promise<Buffer> {
  const XLSX = await import('@e965/xlsx');
  const rows = [
    headers(reader),
    ...leads.map((lead) => EXPORT_COLUMNS.map((column) => valueOf(lead, column, reader))),
  ];
  // Strings stay string cells (type s): nothing is parsed as a number, date or formula.
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Leads');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** `docucard-leads-2026-11-26.csv`, the reader's date. */
export function exportFileName(extension: 'csv' | 'xlsx', now: Date, timeZone: string): string {
  return `docucard-leads-${localTime(now.toISOString(), timeZone).slice(0, 10)}.${extension}`;
}
