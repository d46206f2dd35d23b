import * as XLSX from '@e965/xlsx';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { readTextFile, type TextEncodingName } from '../text-encoding.ts';
import { SHEETJS_READ_OPTIONS, sectionsFromWorkbook, spreadsheetError } from './spreadsheet.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * CSV and TSV in the encoding detection sniffed (UTF-8 with or without BOM, UTF-16, GB18030,
 * Big5): decoded here, then split into cells by SheetJS and read like a one-sheet workbook, so
 * each row keeps the column header of every value. Cells stay text: "007" and "1e5" are codes.
 */

const DELIMITERS = [',', '\t', ';', '|'] as const;

/** The delimiter used most consistently across the first lines (outside quotes). */
export function guessDelimiter(text: string): string {
  const lines = text.split('\n', 20).filter((line) => line.trim());
  let best: string = ',';
  let bestScore = 0;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line.replace(/"[^"]*"/g, '').split(delimiter).length - 1);
    const min = Math.min(...counts);
    const score = min > 0 ? min * 10 + counts.filter((count) => count === counts[0]).length : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

export async function extractCsv(
  filePath: string,
  encoding: TextEncodingName,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const text = await readTextFile(filePath, encoding, context.maxTextChars);
  if (text === null) {
    throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
      limit: 'characters',
      max: context.maxTextChars,
    });
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(text, {
      ...SHEETJS_READ_OPTIONS,
      type: 'string',
      raw: true,
      FS: guessDelimiter(text),
    });
  } catch (error) {
    throw spreadsheetError(error, 'CSV file');
  }
  throwIfAborted(context.signal);
  const sections = sectionsFromWorkbook(workbook, context);
  if (sections.length === 0) throw new ExtractionError('no-text', 'the CSV file is blank');
  return { sections, pageCount: 1 };
}
