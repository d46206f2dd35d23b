/*
 * What a printed code says, for both the SVG and PNG (qr-print.ts) and the PDF sheet
 * (qr-print-pdf.ts, loaded only when a PDF is asked for): here so that the PDF module does not
 * import the module that loads it.
 */

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

export interface PrintSheetInput {
  chatUrl: string;
  companyName: string | null;
  /** Bytes of the logo when it is a PNG or JPEG; anything else is left out. */
  logo: { bytes: Uint8Array; kind: 'png' | 'jpg' } | null;
}
