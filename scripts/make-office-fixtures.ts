/*
 * Regenerates fixtures/office/: the Office, WPS, OpenDocument, RTF and CSV files the ingestion
 * tests upload. Needs LibreOffice (scripts/ensure-libreoffice.mjs) for the legacy and ODF
 * conversions. Run: npx tsx scripts/make-office-fixtures.ts
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { encodeLegacy } from '../src/server/ingest/test-support/legacy-encoding.ts';
import { buildZip } from '../src/server/ingest/test-support/zip-writer.ts';

const OUT = path.resolve(import.meta.dirname, '../fixtures/office');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'office-fixtures-'));
fs.mkdirSync(OUT, { recursive: true });
const out = (name: string) => path.join(OUT, name);

function convert(source: string, to: string, name: string) {
  const dir = path.join(work, `out-${to.split(':')[0]}`);
  execFileSync('soffice', [
    `-env:UserInstallation=file://${work}/profile`,
    '--headless',
    '--convert-to',
    to,
    '--outdir',
    dir,
    source,
  ]);
  const base = path.basename(source).replace(/\.[^.]+$/, '');
  fs.copyFileSync(path.join(dir, `${base}.${to.split(':')[0]}`), out(name));
}

// Word: a heading, a paragraph and a specification table.
const specHtml = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>AX Pumps</title></head><body>
<h1>AX Pumps specification 2026</h1>
<p>Quiet booster pumps for villas and hotels. 静音增压泵，适用于别墅和酒店。</p>
<table border="1">
<tr><th>Model</th><th>Flow</th><th>Price</th></tr>
<tr><td>QB60</td><td>40 L/min</td><td>29.5</td></tr>
<tr><td>QB80</td><td>55 L/min</td><td>36.0</td></tr>
</table>
<p>Warranty: two years on every motor.</p>
</body></html>`;
fs.writeFileSync(path.join(work, 'spec.html'), specHtml);
convert(path.join(work, 'spec.html'), 'docx:MS Word 2007 XML', 'spec.docx');
convert(out('spec.docx'), 'doc:MS Word 97', 'spec.doc');
convert(out('spec.docx'), 'odt', 'spec.odt');
convert(out('spec.docx'), 'rtf', 'spec.rtf');
fs.copyFileSync(out('spec.doc'), out('spec.wps'));
// A ".doc" that is really RTF, and one that is really a web page (both common).
fs.copyFileSync(out('spec.rtf'), out('really-rtf.doc'));
fs.writeFileSync(
  out('really-html.doc'),
  `<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><meta charset="utf-8"><style>p{margin:0}</style><!--[if gte mso 9]><xml><o:DocumentProperties><o:Author>x</o:Author></o:DocumentProperties></xml><![endif]--></head><body><h1>Service leaflet</h1><p class=MsoNormal>Call the AX service line for spare impellers.<o:p></o:p></p><table><tr><td>Part</td><td>Price</td></tr><tr><td>Impeller IM-7</td><td>4.20</td></tr></table></body></html>`,
);

// RTF in GBK with \\'hh bytes and \\uN escapes.
const gbk = (text: string) =>
  [...encodeLegacy('gb18030', text)].map((b) => `\\'${b.toString(16).padStart(2, '0')}`).join('');
fs.writeFileSync(
  out('leaflet-gbk.rtf'),
  `{\\rtf1\\ansi\\ansicpg936\\deff0{\\fonttbl{\\f0\\fnil\\fcharset134 SimSun;}}{\\colortbl;\\red0\\green0\\blue0;}` +
    `{\\*\\generator Riched20;}\\pard\\f0\\fs24 ${gbk('价格表')} AX-Mini 12\\par ` +
    `\\uc1\\u20729?\\u26684?: 29.5 USD\\par ` +
    `{\\pict\\pngblip 89504e47}Big5 ${'\\u21488?\\u28771?'} Taiwan\\par }`,
);

// Presentation: flat ODP with a title slide and a table slide.
const cell = (text: string) =>
  `<table:table-cell office:value-type="string"><text:p>${text}</text:p></table:table-cell>`;
const row = (cells: string[]) => `<table:table-row>${cells.map(cell).join('')}</table:table-row>`;
const fodp = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
<office:body><office:presentation>
<draw:page draw:name="Cover"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>AX Pumps at Canton Fair 2026</text:p><text:p>Booth 12.2 B15</text:p></draw:text-box></draw:frame></draw:page>
<draw:page draw:name="Prices"><draw:frame svg:x="2cm" svg:y="2cm" svg:width="20cm" svg:height="2cm"><draw:text-box><text:p>Booster pump prices</text:p></draw:text-box></draw:frame>
<draw:frame svg:x="2cm" svg:y="5cm" svg:width="20cm" svg:height="6cm"><table:table><table:table-column/><table:table-column/><table:table-column/>
${row(['Model', 'Head', 'Price'])}${row(['QB60', '18 m', '29.5'])}${row(['QB80', '24 m', '36.0'])}
</table:table></draw:frame></draw:page>
</office:presentation></office:body></office:document>`;
fs.writeFileSync(path.join(work, 'deck.fodp'), fodp);
convert(path.join(work, 'deck.fodp'), 'pptx:Impress MS PowerPoint 2007 XML', 'deck.pptx');
convert(path.join(work, 'deck.fodp'), 'odp', 'deck.odp');
convert(out('deck.pptx'), 'ppt:MS PowerPoint 97', 'deck.ppt');
fs.copyFileSync(out('deck.ppt'), out('deck.dps'));

// Spreadsheet: a title above the header, merged header cells, a formula, two sheets.
const prices = XLSX.utils.aoa_to_sheet([
  ['AX Pumps — export price list'],
  [],
  ['Model', 'FOB Ningbo (USD)', 'MOQ', 'Value of MOQ'],
  ['AX-Mini 12', 29.5, 300, { t: 'n', f: 'B4*C4', v: 8850 }],
  ['AX-Pro 20', 41, 200, { t: 'n', f: 'B5*C5', v: 8200 }],
  ['静音泵 QB60', 29.5, 500, { t: 'n', f: 'B6*C6', v: 14750 }],
]);
prices['!merges'] = [{ s: { r: 0, c: 0 }, e: { r: 0, c: 3 } }];
const parts = XLSX.utils.aoa_to_sheet([
  ['Part', 'Price (USD)', null],
  [null, 'FOB', 'EXW'],
  ['Impeller IM-7', 4.2, 3.9],
  ['Seal kit SK-2', 2.1, 1.8],
]);
parts['!merges'] = [
  { s: { r: 0, c: 1 }, e: { r: 0, c: 2 } },
  { s: { r: 0, c: 0 }, e: { r: 1, c: 0 } },
];
const book = XLSX.utils.book_new();
XLSX.utils.book_append_sheet(book, prices, 'Price list 2026');
XLSX.utils.book_append_sheet(book, parts, 'Spare parts 备件');
fs.writeFileSync(out('price-list.xlsx'), XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }));
convert(out('price-list.xlsx'), 'xls:MS Excel 97', 'price-list.xls');
convert(out('price-list.xlsx'), 'ods', 'price-list.ods');
fs.copyFileSync(out('price-list.xls'), out('price-list.et'));

// CSV in the encodings exhibitors' systems save.
const csv = 'Model,Flow,Price\nQB60,40 L/min,29.5\n静音泵 QB80,55 L/min,36.0\n';
fs.writeFileSync(
  out('prices-utf8-bom.csv'),
  Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]),
);
fs.writeFileSync(
  out('prices-utf16.csv'),
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv.replace(/,/g, '\t'), 'utf16le')]),
);
fs.writeFileSync(
  out('prices-gbk.csv'),
  encodeLegacy('gb18030', '型号,流量,价格\nQB60,40 升/分钟,29.5\n静音泵 QB80,55 升/分钟,36.0\n'),
);
fs.writeFileSync(
  out('prices-big5.csv'),
  encodeLegacy('big5', '型號;流量;價格\nQB60;40 公升/分鐘;29.5\n靜音泵 QB80;55 公升/分鐘;36.0\n'),
);

// Bad spreadsheets: damaged inside, and an XML entity bomb in the shared strings.
const xlsxTypes =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';
fs.writeFileSync(
  out('damaged.xlsx'),
  buildZip([
    { name: '[Content_Types].xml', data: xlsxTypes },
    { name: 'xl/workbook.xml', data: '<workbook><sheets><sheet name="A" r:id="rId9"' },
  ]),
);
const laughs = [
  '<!ENTITY a0 "ha">',
  ...Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`),
].join('');
const original = fs.readFileSync(out('price-list.xlsx'));
const entries = await readEntries(original);
const bomb = `<?xml version="1.0"?><!DOCTYPE sst [${laughs}]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&a9;</t></si></sst>`;
fs.writeFileSync(
  out('entity-bomb.xlsx'),
  buildZip([
    ...entries.filter((entry) => entry.name !== 'xl/sharedStrings.xml'),
    { name: 'xl/sharedStrings.xml', data: bomb },
  ]),
);

async function readEntries(zip: Buffer) {
  const { readZipEntries } = await import('../src/server/ingest/test-support/zip-writer.ts');
  const file = path.join(work, 'source.xlsx');
  fs.writeFileSync(file, zip);
  return readZipEntries(file);
}

fs.rmSync(work, { recursive: true, force: true });
console.log(fs.readdirSync(OUT).join('\n'));
