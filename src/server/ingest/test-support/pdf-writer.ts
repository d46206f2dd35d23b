import { PDFDocument, StandardFonts } from 'pdf-lib';

/*
 * Text PDFs for tests and the benchmark (pdf-lib is a dev dependency: never used at run time).
 * Each page's text is wrapped to the page width in Helvetica, like a word processor's export.
 */

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const FONT_SIZE = 9;
const LINE_HEIGHT = 11;

export async function buildTextPdf(pages: readonly string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const maxWidth = PAGE_WIDTH - 2 * MARGIN;
  for (const pageText of pages) {
    const page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    let y = PAGE_HEIGHT - MARGIN;
    for (const paragraph of pageText.split('\n')) {
      let line = '';
      const flush = () => {
        page.drawText(line, { x: MARGIN, y, size: FONT_SIZE, font });
        y -= LINE_HEIGHT;
        line = '';
      };
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, FONT_SIZE) > maxWidth && line) {
          flush();
          line = word;
        } else {
          line = candidate;
        }
      }
      if (line) flush();
      y -= LINE_HEIGHT / 2;
    }
  }
  return pdf.save();
}
