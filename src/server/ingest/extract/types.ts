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
  /** Set when pages of a PDF had no text layer and went through OCR. */
  ocr?: OcrSummary;
  /**
   * Where OCR found each word, per page it read (a scanned PDF page, an image document): kept
   * so that a preview can mark a quote on the page without reading it again (decision 032).
   */
  ocrWords?: OcrPageWords[];
}

/** The words OCR read on one page, boxes in the pixels of the image it read (`width`×`height`). */
export interface OcrPageWords {
  page: number;
  width: number;
  height: number;
  words: OcrWord[];
}

/** A word tesseract read (for Chinese often a single character), its box in the image's pixels. */
export interface OcrWord {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What OCR did for a PDF, so the document can say where it stopped. */
export interface OcrSummary {
  /** Pages without a text layer, or with one that decodes to garbage. */
  pagesNeeded: number;
  /** Of those, pages read by OCR. */
  pagesRead: number;
  /** The first page left unread (page cap or time limit), or null when all were read. */
  stoppedAtPage: number | null;
  /** Why OCR stopped early: the page cap (OCR_MAX_PAGES) or the time limit. */
  stoppedBy: 'page-cap' | 'time-limit' | null;
  /** Of the pages needed, those whose text layer decoded to garbage (set when there are any). */
  garbledPages?: number;
}

/** Reported while a document is read, e.g. "OCR page 3 of 20" is {stage:'ocr', done: 2, total: 20}. */
export interface ExtractProgress {
  stage: 'ocr';
  done: number;
  total: number;
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
  /** Most pages of one PDF read by OCR (OCR_MAX_PAGES); later image-only pages are skipped. */
  ocrMaxPages: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = {
  timeoutMs: 60_000,
  maxTextChars: 5_000_000,
  maxPages: 2_000,
  maxImagePixels: 40_000_000,
  blockChars: 600,
  ocrMaxPages: 50,
};

export interface ExtractOptions extends Partial<ExtractLimits> {
  /** Replaces OCR for images, e.g. with a vision model: resolves to the text seen in the image. */
  describeImage?: (filePath: string) => Promise<string>;
  /** The caller gives up (server shutting down): stops like a timeout. */
  signal?: AbortSignal;
  /** Told how far long work (OCR of scanned pages) has got. */
  onProgress?: (progress: ExtractProgress) => void;
  /** SOFFICE_PATH: LibreOffice for .ppt/.dps (else found on PATH). */
  sofficePath?: string;
}

/** What every extractor receives: limits resolved, deadline signal attached. */
export interface ExtractContext extends ExtractLimits {
  signal: AbortSignal;
  describeImage?: (filePath: string) => Promise<string>;
  onProgress?: (progress: ExtractProgress) => void;
  /** When the deadline passes (ms since the epoch), so OCR can stop in time and keep its pages. */
  deadlineAt: number;
  /** SOFFICE_PATH: LibreOffice for .ppt/.dps (else found on PATH). */
  sofficePath?: string;
}
