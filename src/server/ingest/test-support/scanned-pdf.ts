import fs from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';

/*
 * Pictures of text for OCR tests and the benchmark: lines of (Chinese) text drawn black on white
 * with a CJK system font (Debian fonts-noto-cjk), and PDFs whose pages are only such pictures,
 * like a scanner makes them. Test and bench code only.
 */

const CJK_FONT_FILES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc',
];

let fontFamily: string | null = null;

/** Registers a CJK font once; null when none is installed (tests then skip). */
export function cjkFontFamily(): string | null {
  if (fontFamily) return fontFamily;
  const file = CJK_FONT_FILES.find((candidate) => fs.existsSync(candidate));
  if (!file) return null;
  GlobalFonts.registerFromPath(file, 'TestCJK');
  fontFamily = 'TestCJK';
  return fontFamily;
}

export interface TextImageOptions {
  width?: number;
  height?: number;
  fontSize?: number;
}

/** A PNG with one line of text per entry of `lines`. */
export function renderTextImage(lines: readonly string[], options: TextImageOptions = {}): Buffer {
  const family = cjkFontFamily();
  if (!family) throw new Error('no CJK font installed (Debian: fonts-noto-cjk)');
  const { width = 1654, height = 2339, fontSize = 40 } = options;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#000000';
  context.font = `${fontSize}px ${family}`;
  lines.forEach((line, index) => {
    context.fillText(line, fontSize * 2, fontSize * 3 + index * fontSize * 1.8);
  });
  return canvas.toBuffer('image/png');
}

/** A PDF of A4 pages that are only images (a scan): no text layer at all. */
export async function buildImagePdf(pages: readonly Buffer[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (const png of pages) {
    const image = await pdf.embedPng(png);
    const page = pdf.addPage([595, 842]);
    page.drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  }
  return pdf.save();
}
