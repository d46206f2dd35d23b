import { chunkSections, type Chunk, type ChunkOptions } from './chunk.ts';
import { detectDocumentKind, isZipKind, zipLimitsFor, type DocumentKind } from './detect.ts';
import { DocumentRejectedError } from './errors.ts';
import {
  extractDocument,
  type ExtractedSection,
  type ExtractOptions,
  type OcrPageWords,
  type OcrSummary,
} from './extract/index.ts';
import type { TextEncodingName } from './text-encoding.ts';
import { assertZipIsSafe, type ZipLimits } from './zip-safety.ts';

/*
 * Public API of document ingestion: what the documents feature calls for each stored upload,
 * and what the chat's retrieval reuses (segmentWords, chunk shapes).
 */

export interface IngestOptions extends ExtractOptions {
  chunking?: ChunkOptions;
  zipLimits?: Partial<ZipLimits>;
}

export interface IngestedDocument {
  kind: DocumentKind;
  mimeType: string;
  /** Set for TXT: the encoding the file was read in. */
  textEncoding?: TextEncodingName;
  pageCount: number;
  /** Set when scanned PDF pages went through OCR: how many, and where it stopped early. */
  ocr?: OcrSummary;
  /** Where OCR found the words of the pages it read (kept for previews: decision 032). */
  ocrWords?: OcrPageWords[];
  /** Whole text, sections separated by a blank line (the documents.content column). */
  text: string;
  sections: ExtractedSection[];
  chunks: Chunk[];
}

/**
 * detect -> (zip safety for zip-based kinds) -> extract -> chunk. Throws DocumentRejectedError when the
 * bytes are refused (answer 415/422) and ExtractionError when an accepted file cannot be read
 * (mark the document failed); both carry a stable `code` from errors.ts.
 */
export async function ingestFile(
  filePath: string,
  originalName: string,
  options: IngestOptions = {},
): Promise<IngestedDocument> {
  const detection = await detectDocumentKind(filePath, originalName, {
    sofficePath: options.sofficePath,
  });
  if (!detection.ok) {
    throw new DocumentRejectedError(detection.reason, detection.message, detection.params);
  }
  const { kind, mimeType, textEncoding } = detection;
  if (isZipKind(kind)) {
    await assertZipIsSafe(filePath, { ...zipLimitsFor(kind), ...options.zipLimits });
  }
  const { chunking, zipLimits: _zipLimits, ...extractOptions } = options;
  const { sections, pageCount, ocr, ocrWords } = await extractDocument(filePath, kind, {
    ...extractOptions,
    textEncoding,
  });
  return {
    kind,
    mimeType,
    ...(textEncoding ? { textEncoding } : {}),
    pageCount,
    ...(ocr ? { ocr } : {}),
    ...(ocrWords ? { ocrWords } : {}),
    text: sections.map((section) => section.text).join('\n\n'),
    sections,
    chunks: chunkSections(sections, chunking),
  };
}

export { analyseDocuments } from './analyse.ts';
export type { DocumentAnalysis, AnalysedDocument } from './analyse.ts';
export { chunkSections, DEFAULT_CHUNK_OPTIONS } from './chunk.ts';
export type { Chunk, ChunkOptions } from './chunk.ts';
export { detectDocumentKind, DOCUMENT_KINDS, isImageKind, MIME_TYPES } from './detect.ts';
export type { DocumentDetection, DocumentKind } from './detect.ts';
export {
  DocumentRejectedError,
  EXTRACTION_REASONS,
  ExtractionError,
  INGEST_REASON_CODES,
  IngestError,
  isIngestError,
  REJECTION_REASONS,
} from './errors.ts';
export type { ExtractionReason, IngestReasonCode, RejectionReason } from './errors.ts';
export { extractDocument, shutdownOcr } from './extract/index.ts';
export type {
  ExtractedDocument,
  ExtractedSection,
  ExtractOptions,
  ExtractProgress,
  OcrPageWords,
  OcrSummary,
  OcrWord,
} from './extract/index.ts';
export { EMAIL_PATTERN } from './email-pattern.ts';
export { segmentWords, tokenizeForSearch } from './segment.ts';
export type { TextEncodingName } from './text-encoding.ts';
export { assertZipIsSafe, DEFAULT_ZIP_LIMITS } from './zip-safety.ts';
export type { ZipLimits, ZipSafetyReport } from './zip-safety.ts';
