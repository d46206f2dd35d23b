import fs from 'node:fs/promises';
import { runWithDeadline } from '../deadline.ts';
import type { DocumentKind } from '../detect.ts';
import { ExtractionError } from '../errors.ts';
import { sniffTextEncoding, type TextEncodingName } from '../text-encoding.ts';
import { releaseHelper } from './pdf-page-helper.ts';
import { normalizeDocumentText } from './text-boundary.ts';
import {
  DEFAULT_EXTRACT_LIMITS,
  type ExtractContext,
  type ExtractedDocument,
  type ExtractOptions,
} from './types.ts';

export * from './types.ts';

/*
 * Each reader is imported when a document of its kind first arrives, not when the server
 * starts: pdf.js, tesseract, SheetJS, mammoth and officeparser cost ~100 MB of resident memory
 * together, and the serving process needs them only for a visitor's photo (OCR). The build
 * (scripts/build-server.mjs) keeps these dynamic imports as separate chunks.
 */
let ocrLoaded = false;
const readers = {
  csv: () => import('./csv.ts'),
  docx: () => import('./docx.ts'),
  html: () => import('./html.ts'),
  image: () => {
    ocrLoaded = true;
    return import('./image.ts');
  },
  legacyWord: () => import('./legacy-word.ts'),
  odf: () => import('./odf.ts'),
  pdf: () => {
    ocrLoaded = true; // scanned pages are read by OCR
    return import('./pdf.ts');
  },
  legacyPresentation: () => import('./legacy-presentation.ts'),
  pptx: () => import('./pptx.ts'),
  rtf: () => import('./rtf.ts'),
  spreadsheet: () => import('./spreadsheet.ts'),
  txt: () => import('./txt.ts'),
};

/** Stops the OCR workers, if OCR was ever used (without loading tesseract to find out). */
export async function shutdownOcr(): Promise<void> {
  if (!ocrLoaded) return;
  await (await import('./ocr.ts')).shutdownOcr();
}

export interface ExtractDocumentOptions extends ExtractOptions {
  /** From detection; when absent a TXT file is sniffed again. */
  textEncoding?: TextEncodingName;
}

async function resolveTextEncoding(filePath: string, known?: TextEncodingName) {
  if (known) return known;
  const file = await fs.open(filePath, 'r');
  try {
    const head = Buffer.alloc(8192);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    const sniff = await sniffTextEncoding(filePath, head.subarray(0, bytesRead));
    if (!sniff.ok) throw new ExtractionError('no-text', 'the file is not readable text');
    return sniff.encoding;
  } finally {
    await file.close();
  }
}

/**
 * Text of an accepted document, split where citations need it: per PDF page, per slide, per
 * sheet, per paragraph block (DOCX, DOC, ODT, RTF, TXT), one section for an image. Throws ExtractionError; never hangs
 * past `timeoutMs`. A zip-based kind (isZipKind) must have passed assertZipIsSafe first (ingestFile does).
 */
export async function extractDocument(
  filePath: string,
  kind: DocumentKind,
  options: ExtractDocumentOptions = {},
): Promise<ExtractedDocument> {
  const { describeImage, signal, textEncoding, onProgress, sofficePath, ...limits } = options;
  const resolved = { ...DEFAULT_EXTRACT_LIMITS, ...definedOnly(limits) };
  const deadlineAt = Date.now() + resolved.timeoutMs;
  const document = await runWithDeadline(resolved.timeoutMs, signal, async (deadline) => {
    const context: ExtractContext = {
      ...resolved,
      signal: deadline,
      describeImage,
      onProgress,
      deadlineAt,
      sofficePath,
    };
    // A PDF helper thread kept for the next PDF would only hold memory beside another reader.
    if (kind !== 'pdf') releaseHelper();
    try {
      switch (kind) {
        case 'pdf':
          return await (await readers.pdf()).extractPdf(filePath, context);
        case 'docx':
          return await (await readers.docx()).extractDocx(filePath, context);
        case 'pptx':
          return await (await readers.pptx()).extractPptx(filePath, context);
        case 'txt':
          return await (
            await readers.txt()
          ).extractTxt(filePath, await resolveTextEncoding(filePath, textEncoding), context);
        case 'csv':
          return await (
            await readers.csv()
          ).extractCsv(filePath, await resolveTextEncoding(filePath, textEncoding), context);
        case 'html':
          return await (
            await readers.html()
          ).extractHtml(filePath, await resolveTextEncoding(filePath, textEncoding), context);
        case 'xlsx':
        case 'xls':
        case 'et':
        case 'ods':
          return await (await readers.spreadsheet()).extractSpreadsheet(filePath, context);
        case 'doc':
        case 'wps':
          return await (await readers.legacyWord()).extractLegacyWord(filePath, context);
        case 'ppt':
        case 'dps':
          return await (
            await readers.legacyPresentation()
          ).extractLegacyPresentation(filePath, context);
        case 'odt':
        case 'odp':
          return await (await readers.odf()).extractOdf(filePath, kind, context);
        case 'rtf':
          return await (await readers.rtf()).extractRtf(filePath, context);
        case 'jpg':
        case 'png':
          return await (await readers.image()).extractImage(filePath, kind, context);
      }
    } catch (error) {
      // Whatever a parser threw after the deadline passed is a consequence of the abort.
      if (deadline.aborted && !(error instanceof ExtractionError && error.code === 'timeout')) {
        const reason: unknown = deadline.reason;
        if (reason instanceof ExtractionError) throw reason;
      }
      throw error;
    }
  });
  return normalizeDocumentText(document);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
