import QRCode from 'qrcode';
import type { PrintSheetInput } from './qr-sheet.ts';

/*
 * What an exhibitor prints: the card's QR code as SVG (for a designer), as a PNG of a chosen
 * size (for a roll-up banner) and as a PDF with an A6 table tent and an A4 poster page. The
 * code always encodes the chat URL with ?src=qr, so scans of printed codes are counted as such.
 * The PDF embeds a subset of Noto Sans SC (shipped in an npm package), so Chinese company names
 * and "扫码咨询" print without any font on the machine.
 */

export const QR_PNG_MIN = 256;
export const QR_PNG_MAX = 4096;
export const QR_PNG_DEFAULT = 1024;

export function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export function qrPng(url: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: size });
}

/** A file name part from a company name: letters, digits and CJK kept, the rest as "-". */
export function fileStem(companyName: string | null, cardId: number): string {
  const stem = (companyName ?? '')
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return stem ? `${stem}-qr` : `docucard-${cardId}-qr`;
}

/** The printable sheet (A6 table tent + A4 poster); pdf-lib and the font subsetter load on first use. */
export async function qrPdf(input: PrintSheetInput): Promise<Uint8Array> {
  const sheet = await import('./qr-print-pdf.ts');
  return sheet.qrPdf(input);
}
