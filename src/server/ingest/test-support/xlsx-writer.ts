import { buildZip, type ZipInput } from './zip-writer.ts';

/*
 * A one-sheet XLSX written by hand around raw <sheetData> XML, for workbooks no spreadsheet
 * program would save (a million empty rows, shared strings that lie): the tests and the
 * `bounds` benchmark build the same files.
 */

const XLSX_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const NS = 'http://schemas.openxmlformats.org';

/** A one-sheet XLSX ("Stock") around `sheetData` (inline strings), plus any extra entries. */
export function buildXlsx(sheetData: string, extra: readonly ZipInput[] = []): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: XLSX_TYPES },
    {
      name: '_rels/.rels',
      data: `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<workbook xmlns="${NS}/spreadsheetml/2006/main" xmlns:r="${NS}/officeDocument/2006/relationships"><sheets><sheet name="Stock" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<Relationships xmlns="${NS}/package/2006/relationships"><Relationship Id="rId1" Type="${NS}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<worksheet xmlns="${NS}/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData></worksheet>`,
    },
    ...extra,
  ]);
}

/** A cell holding `text` as an inline string. */
export const inlineCell = (ref: string, text: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** Two rows of stock: a header (Model, Stock) and QB60 with 120. */
export const STOCK_ROWS =
  `<row r="1">${inlineCell('A1', 'Model')}${inlineCell('B1', 'Stock')}</row>` +
  `<row r="2">${inlineCell('A2', 'QB60')}<c r="B2"><v>120</v></c></row>`;

/** `count` empty rows after the stock rows (a sheet "used" down to row 1,000,002). */
export function emptyRows(count: number): string {
  return Array.from({ length: count }, (_, i) => `<row r="${i + 3}"/>`).join('');
}
