/*
 * Why a document was refused or could not be read. These codes are the whole contract with the
 * routes and the UI: each one maps to a translated message, so a person learns what to do
 * (save as PPTX, remove the password, upload a smaller file) rather than seeing a stack trace.
 */

/** The file is refused before any parser sees it (answer 415/422 to the upload). */
export const REJECTION_REASONS = [
  /** Zero bytes, or text that is only whitespace. */
  'empty',
  /** An OLE2/CFB container: legacy .ppt, .doc or .xls. params.suggestedFormat says what to save as. */
  'legacy-ppt',
  /** Bytes of a kind we do not read (executable, archive, GIF, ...). params.detectedType when known. */
  'unsupported',
  /** Looks like text but is neither UTF-8, UTF-16 (with BOM), GB18030 nor Big5, or holds binary control bytes. */
  'text-encoding',
  /** Password protected (an encrypted Office file is an OLE container holding EncryptedPackage). */
  'encrypted',
  /** A zip (DOCX/PPTX) whose directory cannot be read at all: damaged or cut short. */
  'corrupt-document',
] as const;

/** The file was accepted but reading it failed (the document is marked failed with this reason). */
export const EXTRACTION_REASONS = [
  /** The PDF structure is broken (truncated, not really a PDF inside). */
  'corrupt-pdf',
  /** A DOCX, PPTX, JPG or PNG whose structure is broken. */
  'corrupt-document',
  /** Password protected PDF, or a zip with encrypted entries. */
  'encrypted',
  /** Nothing readable inside: a scanned PDF without a text layer, an image without text. */
  'no-text',
  /** Over a limit: pages, characters, image pixels, zip entries. params.limit names it. */
  'too-large',
  /** Decompresses to far more than it weighs: refused before any parser inflated it. */
  'zip-bomb',
  /** The extraction took longer than its time limit. params.seconds says how long. */
  'timeout',
  /** The image text recogniser could not start (traineddata missing). */
  'ocr-unavailable',
  /** Too many images are already waiting for text recognition in this process: try again. */
  'ocr-busy',
  /** Reading needed more memory than the reader may use (a decompression bomb). params.memoryMb. */
  'memory-limit',
  /** An image above the pixel limit, measured from its header before any decoding. */
  'image-too-large',
] as const;

export type RejectionReason = (typeof REJECTION_REASONS)[number];
export type ExtractionReason = (typeof EXTRACTION_REASONS)[number];
export type IngestReasonCode = RejectionReason | ExtractionReason;

/** Every code, once, for the translators: the i18n key is `documents.errors.<code>`. */
export const INGEST_REASON_CODES: readonly IngestReasonCode[] = [
  ...new Set<IngestReasonCode>([...REJECTION_REASONS, ...EXTRACTION_REASONS]),
];

export type IngestErrorParams = Record<string, string | number>;

/** Base of both ingestion errors: `code` is stable, `message` is for logs only. */
export class IngestError extends Error {
  constructor(
    readonly code: IngestReasonCode,
    message: string,
    readonly params: IngestErrorParams = {},
  ) {
    super(message);
    this.name = 'IngestError';
  }
}

/** Thrown by ingestFile when detection refuses the file (carries the same code and params). */
export class DocumentRejectedError extends IngestError {
  constructor(
    override readonly code: RejectionReason,
    message: string,
    params: IngestErrorParams = {},
  ) {
    super(code, message, params);
    this.name = 'DocumentRejectedError';
  }
}

/** Thrown when an accepted file cannot be read. */
export class ExtractionError extends IngestError {
  constructor(
    override readonly code: ExtractionReason,
    message: string,
    params: IngestErrorParams = {},
  ) {
    super(code, message, params);
    this.name = 'ExtractionError';
  }
}

export function isIngestError(error: unknown): error is IngestError {
  return error instanceof IngestError;
}
