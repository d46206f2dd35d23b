/** One citable piece of a document: a PDF page, a slide, or a paragraph block (DOCX, TXT). */
export interface ExtractedSection {
  /** PDF page, slide number, or paragraph-block number, counted from 1; null when none applies. */
  page: number | null;
  text: string;
}

export interface ExtractedDocument {
  sections: ExtractedSection[];
  /** Pages of a PDF, slides of a deck, paragraph blocks of DOCX/TXT, 1 for an image. */
  pageCount: number;
}

export interface ExtractLimits {
  /** Time limit of one extraction. */
  timeoutMs: number;
  /** Refuse documents with more text than this (ExtractionError 'too-large'). */
  maxTextChars: number;
  /** Refuse PDFs with more pages than this. */
  maxPages: number;
  /** Refuse images larger than this many pixels (OCR memory grows with it). */
  maxImagePixels: number;
  /** Target size of DOCX/TXT paragraph blocks. */
  blockChars: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 60_000,
  maxTextChars: 5_000_000,
  maxPages: 2_000,
  maxImagePixels: 40_000_000,
  blockChars: 600,
};

export interface ExtractOptions extends Partial<ExtractLimits> {
  /** Replaces OCR for images, e.g. with a vision model: resolves to the text seen in the image. */
  describeImage?: (filePath: string) => Promise<string>;
  /** The caller gives up (server shutting down): stops like a timeout. */
  signal?: AbortSignal;
}

/** What every extractor receives: limits resolved, deadline signal attached. */
export interface ExtractContext extends ExtractLimits {
  signal: AbortSignal;
  describeImage?: (filePath: string) => Promise<string>;
}
