import fs from 'node:fs/promises';
import { runWithDeadline } from '../deadline.ts';
import type { DocumentKind } from '../detect.ts';
import { ExtractionError } from '../errors.ts';
import { sniffTextEncoding, type TextEncodingName } from '../text-encoding.ts';
import { extractCsv } from './csv.ts';
import { extractDocx } from './docx.ts';
import { extractHtml } from './html.ts';
import { extractImage } from './image.ts';
import { extractLegacyWord } from './legacy-word.ts';
import { extractOdf } from './odf.ts';
import { extractPdf } from './pdf.ts';
import { extractLegacyPresentation } from './legacy-presentation.ts';
import { extractPptx } from './pptx.ts';
import { extractRtf } from './rtf.ts';
import { extractSpreadsheet } from './spreadsheet.ts';
import { extractTxt } from './txt.ts';
import {
  DEFAULT_EXTRACT_LIMITS,
  type ExtractContext,
  type ExtractedDocument,
  type ExtractOptions,
} from './types.ts';

export { shutdownOcr } from './ocr.ts';
export * from './types.ts';

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
  return runWithDeadline(resolved.timeoutMs, signal, async (deadline) => {
    const context: ExtractContext = {
      ...resolved,
      signal: deadline,
      describeImage,
      onProgress,
      deadlineAt,
      sofficePath,
    };
    try {
      switch (kind) {
        case 'pdf':
          return await extractPdf(filePath, context);
        case 'docx':
          return await extractDocx(filePath, context);
        case 'pptx':
          return await extractPptx(filePath, context);
        case 'txt':
          return await extractTxt(
            filePath,
            await resolveTextEncoding(filePath, textEncoding),
            context,
          );
        case 'csv':
          return await extractCsv(
            filePath,
            await resolveTextEncoding(filePath, textEncoding),
            context,
          );
        case 'html':
          return await extractHtml(
            filePath,
            await resolveTextEncoding(filePath, textEncoding),
            context,
          );
        case 'xlsx':
        case 'xls':
        case 'et':
        case 'ods':
          return await extractSpreadsheet(filePath, context);
        case 'doc':
        case 'wps':
          return await extractLegacyWord(filePath, context);
        case 'ppt':
        case 'dps':
          return await extractLegacyPresentation(filePath, context);
        case 'odt':
        case 'odp':
          return await extractOdf(filePath, kind, context);
        case 'rtf':
          return await extractRtf(filePath, context);
        case 'jpg':
        case 'png':
          return await extractImage(filePath, kind, context);
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
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, entry]) => entry !== undefined),
  ) as Partial<T>;
}
