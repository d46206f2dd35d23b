import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';

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
export const SCAN_CAPTION = 'Scan to chat · 扫码咨询';

/** The URL a printed code opens. */
export function printedChatUrl(chatUrl: string): string {
  const url = new URL(chatUrl);
  url.searchParams.set('src', 'qr');
  return url.toString();
}

/** The link printed under the code: host and path, no scheme, no query. */
export function shortLink(chatUrl: string): string {
  const url = new URL(chatUrl);
  return `${url.host}${url.pathname}`;
}

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

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export interface PrintSheetInput {
  chatUrl: string;
  companyName: string | null;
  /** Bytes of the logo when it is a PNG or JPEG; anything else is left out. */
  logo: { bytes: Uint8Array; kind: 'png' | 'jpg' } | null;
}

const require = createRequire(import.meta.url);
let fontBytes: Promise<Uint8Array> | null = null;

/** Noto Sans SC from its npm package (OFL): every server-side render uses it (posters too). */
export function notoSansScPath(weight: '400Regular' | '700Bold' = '400Regular'): string {
  return require.resolve(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`);
}

export function loadFont(): Promise<Uint8Array> {
  fontBytes ??= fs.readFile(notoSansScPath());
  return fontBytes;
}

/** The printable sheet (A6 table tent + A4 poster); pdf-lib and the font subsetter load on first use. */
export async function qrPdf(input: PrintSheetInput): Promise<Uint8Array> {
  const sheet = await import('./qr-print-pdf.ts');
  return sheet.qrPdf(input);
}
