import fontkit from '@pdf-lib/fontkit';
import {
  PDFDocument,
  rgb,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import QRCode from 'qrcode';
import subsetFont from 'subset-font';
import { loadFont } from '#server/lib/fonts.ts';
import { printedChatUrl, SCAN_CAPTION, shortLink, type PrintSheetInput } from './qr-sheet.ts';

/*
 * The printable QR sheet as a PDF: an A6 table tent and an A4 poster page, with a subset of
 * Noto Sans SC embedded. Loaded by qr-print.ts on the first PDF asked for, so the server does
 * not load pdf-lib, fontkit and the subsetter at start.
 */

const MM = 72 / 25.4;
const A6: [number, number] = [105 * MM, 148 * MM];
const A4: [number, number] = [210 * MM, 297 * MM];
const INK = rgb(0.07, 0.09, 0.15);
const MUTED = rgb(0.35, 0.38, 0.45);

/** Latin text in Helvetica, everything else in the CJK font (pdf-lib spaces this font's digits wrongly). */
interface Fonts {
  latin: PDFFont;
  cjk: PDFFont;
}

function runs(text: string): { text: string; latin: boolean }[] {
  return (text.match(/[\x20-\x7e]+|[^\x20-\x7e]+/g) ?? []).map((part) => ({
    text: part,
    latin: /^[\x20-\x7e]/.test(part),
  }));
}

function widthOf(fonts: Fonts, text: string, size: number): number {
  return runs(text).reduce(
    (sum, run) => sum + (run.latin ? fonts.latin : fonts.cjk).widthOfTextAtSize(run.text, size),
    0,
  );
}

/** Shrinks text until it fits the width (long company names stay on one line). */
function fittedSize(fonts: Fonts, text: string, size: number, maxWidth: number): number {
  let fitted = size;
  while (fitted > 6 && widthOf(fonts, text, fitted) > maxWidth) fitted -= 0.5;
  return fitted;
}

function centred(page: PDFPage, fonts: Fonts, text: string, y: number, size: number, color = INK) {
  const { width } = page.getSize();
  const fitted = fittedSize(fonts, text, size, width - 24 * MM);
  let x = (width - widthOf(fonts, text, fitted)) / 2;
  for (const run of runs(text)) {
    const font = run.latin ? fonts.latin : fonts.cjk;
    page.drawText(run.text, { x, y, size: fitted, font, color });
    x += font.widthOfTextAtSize(run.text, fitted);
  }
}

/** Draws the QR modules as squares: sharp at any print size. */
function drawQr(page: PDFPage, url: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const quiet = 2;
  const cell = size / (count + quiet * 2);
  page.drawRectangle({ x, y, width: size, height: size, color: rgb(1, 1, 1) });
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (!qr.modules.get(row, col)) continue;
      page.drawRectangle({
        x: x + (col + quiet) * cell,
        y: y + size - (row + quiet + 1) * cell,
        width: cell + 0.01,
        height: cell + 0.01,
        color: rgb(0, 0, 0),
      });
    }
  }
}

function drawSheet(
  page: PDFPage,
  fonts: Fonts,
  logo: PDFImage | null,
  input: PrintSheetInput,
  scale: number,
): void {
  const { width, height } = page.getSize();
  const url = printedChatUrl(input.chatUrl);
  const qrSize = width * 0.62;
  const qrX = (width - qrSize) / 2;
  const qrY = height * 0.28;
  let top = height - 14 * MM * scale;
  if (logo) {
    const maxH = 16 * MM * scale;
    const maxW = width * 0.5;
    const ratio = Math.min(maxW / logo.width, maxH / logo.height);
    const w = logo.width * ratio;
    const h = logo.height * ratio;
    top -= h;
    page.drawImage(logo, { x: (width - w) / 2, y: top, width: w, height: h });
    top -= 6 * MM * scale;
  } else {
    top -= 8 * MM * scale;
  }
  if (input.companyName) centred(page, fonts, input.companyName, top, 16 * scale);
  drawQr(page, url, qrX, qrY, qrSize);
  centred(page, fonts, SCAN_CAPTION, qrY - 12 * MM * scale, 14 * scale);
  centred(page, fonts, shortLink(input.chatUrl), qrY - 20 * MM * scale, 9 * scale, MUTED);
}

/** Page 1: A6 table tent; page 2: A4 poster. */
export async function qrPdf(input: PrintSheetInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(input.companyName ? `${input.companyName} · QR` : 'DocuCard QR');
  pdf.setProducer('DocuCard');
  // pdf-lib's own subsetter garbles this font's glyphs; harfbuzz subsets it right, and the
  // page then carries a few kilobytes of font instead of ten megabytes.
  const used = [input.companyName ?? '', SCAN_CAPTION].join('');
  const subset = await subsetFont(Buffer.from(await loadFont()), used, {
    targetFormat: 'truetype',
  });
  const fonts: Fonts = {
    cjk: await pdf.embedFont(subset, { subset: false }),
    latin: await pdf.embedFont(StandardFonts.Helvetica),
  };
  let logo: PDFImage | null = null;
  if (input.logo) {
    try {
      logo =
        input.logo.kind === 'png'
          ? await pdf.embedPng(input.logo.bytes)
          : await pdf.embedJpg(input.logo.bytes);
    } catch {
      logo = null; // a logo pdf-lib cannot read is left out, the sheet still prints
    }
  }
  drawSheet(pdf.addPage(A6), fonts, logo, input, 0.6);
  drawSheet(pdf.addPage(A4), fonts, logo, input, 1.2);
  return pdf.save();
}
