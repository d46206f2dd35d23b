import fs from 'node:fs/promises';
import { getDocumentProxy } from 'unpdf';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { tidyText } from './normalize.ts';
import type { ExtractContext, ExtractedDocument, ExtractedSection } from './types.ts';

/*
 * PDF text per page with unpdf's bundled pdf.js (no worker, no canvas). Pages are read one at a
 * time and released, the deadline is checked between pages, and pdf.js never logs.
 */

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  try {
    return await getDocumentProxy(data, {
      verbosity: 0,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      stopAtErrors: false,
    });
  } catch (error) {
    throw pdfError(error);
  }
}

function pdfError(error: unknown): ExtractionError {
  if (error instanceof ExtractionError) return error;
  const name = error instanceof Error ? error.name : '';
  const message = error instanceof Error ? error.message : String(error);
  if (name === 'PasswordException') {
    return new ExtractionError('encrypted', `password-protected PDF: ${message}`);
  }
  return new ExtractionError('corrupt-pdf', `unreadable PDF (${name || 'error'}): ${message}`);
}

async function readPageText(pdf: PdfDocument, pageNumber: number): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (!('str' in item)) continue;
      text += item.str;
      if (item.hasEOL) text += '\n';
    }
    return tidyText(text);
  } finally {
    page.cleanup();
  }
}

export async function extractPdf(
  filePath: string,
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const data = new Uint8Array(await fs.readFile(filePath));
  throwIfAborted(context.signal);
  const pdf = await openPdf(data);
  try {
    const pageCount = pdf.numPages;
    if (pageCount > context.maxPages) {
      throw new ExtractionError('too-large', `${pageCount} pages (limit ${context.maxPages})`, {
        limit: 'pages',
        max: context.maxPages,
      });
    }
    const sections: ExtractedSection[] = [];
    let totalChars = 0;
    for (let pageNumber = 1; pageNumber <= pageCount; pageNumber++) {
      throwIfAborted(context.signal);
      let text: string;
      try {
        text = await readPageText(pdf, pageNumber);
      } catch (error) {
        throw pdfError(error);
      }
      if (!text) continue;
      totalChars += text.length;
      if (totalChars > context.maxTextChars) {
        throw new ExtractionError('too-large', `more than ${context.maxTextChars} characters`, {
          limit: 'characters',
          max: context.maxTextChars,
        });
      }
      sections.push({ page: pageNumber, text });
    }
    if (sections.length === 0) {
      throw new ExtractionError('no-text', 'the PDF has no text layer (scanned pages?)', {
        pages: pageCount,
      });
    }
    return { sections, pageCount };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
