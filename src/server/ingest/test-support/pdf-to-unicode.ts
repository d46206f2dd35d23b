import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';

/*
 * Text PDFs whose font says one thing and draws another: lines drawn in Helvetica (the page
 * shows them as written) with a /ToUnicode map that decodes each character code to whatever
 * `decode` returns. Real files do this by accident: a checkbox glyph mapped to U+0000, a
 * subset font whose codes are glyph numbers. Test code only (pdf-lib is a dev dependency).
 */

function hex(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) out += text.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

function toUnicodeCMap(decode: (char: string) => string): string {
  const entries: string[] = [];
  for (let code = 0x20; code <= 0x7e; code++) {
    entries.push(
      `<${code.toString(16).padStart(2, '0')}> <${hex(decode(String.fromCharCode(code)))}>`,
    );
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CMapName /Test-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
    `${entries.length} beginbfchar`,
    ...entries,
    'endbfchar',
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}

/**
 * A PDF of pages of `lines` (printable ASCII) in Helvetica, 11 pt, whose text layer decodes
 * each character through `decode` (identity for characters it returns unchanged).
 */
export async function buildPdfWithToUnicode(
  pages: ReadonlyArray<readonly string[]>,
  decode: (char: string) => string,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = pdf.addPage([595, 842]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 60, y: 780 - index * 18, size: 11, font });
    });
  }
  await pdf.flush();
  const fontDict = pdf.context.lookup(font.ref, PDFDict);
  const cmap = pdf.context.register(pdf.context.stream(toUnicodeCMap(decode)));
  fontDict.set(PDFName.of('ToUnicode'), cmap);
  return pdf.save();
}
