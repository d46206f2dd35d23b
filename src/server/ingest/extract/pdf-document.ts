import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ExtractionError } from '../errors.ts';
import { withReadableGlyphNames } from './pdf-glyph-names.ts';
import { pdfjs, pdfjsWorker } from './pdfjs.ts';

/*
 * Opens a PDF with pdf.js (pdfjs-dist, in this thread: its worker half runs here, through
 * pdfjs.ts's `pdfjsWorker`; no eval, pdf.js never logs).
 * pdf.js is given the predefined CMaps and the 14 standard fonts from the installed package,
 * read from disk by its Node factories: without them a file that uses non-embedded CJK fonts
 * (STSong-Light with UniGB-UCS2-H, HeiseiMin-W3 with UniJIS-UCS2-H, ...) yields no text at all.
 * Pages are rendered (for OCR) on @napi-rs/canvas, which pdf.js picks up itself in Node.
 */

export type PdfDocument = PDFDocumentProxy;
export type PdfPage = PDFPageProxy;

const require = createRequire(import.meta.url);

/** pdfjs-dist's folder on disk; the factories want folder paths ending in a separator. */
function pdfjsAssets() {
  const root = path.dirname(require.resolve('pdfjs-dist/package.json'));
  return {
    cMapUrl: path.join(root, 'cmaps') + path.sep,
    standardFontDataUrl: path.join(root, 'standard_fonts') + path.sep,
    // JPEG 2000 and JBIG2 decoders (scanned pages) and colour profiles, for rendering.
    wasmUrl: path.join(root, 'wasm') + path.sep,
    iccUrl: path.join(root, 'iccs') + path.sep,
  };
}

let assets: ReturnType<typeof pdfjsAssets> | null = null;

export async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  assets ??= pdfjsAssets();
  const task = pdfjs.getDocument({
    data: withReadableGlyphNames(data),
    worker: pdfjsWorker,
    ...assets,
    cMapPacked: true,
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
  });
  try {
    return await task.promise;
  } catch (error) {
    await task.destroy().catch(() => undefined);
    throw pdfError(error);
  }
}

export function pdfError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new ExtractionError('encrypted', `password-protected PDF: ${message}`);
  }
  return new ExtractionError('corrupt-pdf', `unreadable PDF (${name || 'error'}): ${message}`);
}
