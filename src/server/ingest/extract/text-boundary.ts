import { replaceLoneSurrogates } from '#shared/safe-text.ts';
import { ExtractionError } from '../errors.ts';
import type { ExtractedDocument } from './types.ts';

/*
 * The one gate every reader's text passes before it is chunked and stored. A reader may hand
 * back characters that mean nothing to a person and that PostgreSQL refuses in a `text` column
 * (NUL: "invalid byte sequence for encoding UTF8: 0x00"): a whole document then failed for one
 * checkbox glyph that pdf.js decoded as U+0000. Here they are removed, once, for every kind:
 *
 * - C0 controls (U+0000-U+001F) except tab and newline, DEL and the C1 controls (U+0080-U+009F)
 *   are dropped; a carriage return, vertical tab or form feed becomes a newline (a line break,
 *   not nothing);
 * - a lone surrogate (half of a pair, from a broken UTF-16 source) becomes U+FFFD;
 * - the text is put in Unicode NFC, so "é" typed as e + combining accent matches "é" in a search.
 */

// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]+/g;
/** Carriage returns, vertical tabs (Word's line break) and form feeds (a page break) break lines. */
// eslint-disable-next-line no-control-regex
const LINE_BREAKS = /\r\n?|[\u000B\u000C]/g;

/** `text` safe to chunk, index and store: see above. */
export function normalizeTextBoundary(text: string): string {
  return replaceLoneSurrogates(text)
    .replace(LINE_BREAKS, '\n')
    .replace(CONTROLS, '')
    .normalize('NFC');
}

/**
 * The document with every section's text normalised; sections left empty are dropped, and a
 * document left with none has no text (as if its reader had found none).
 */
export function normalizeDocumentText(document: ExtractedDocument): ExtractedDocument {
  const sections = document.sections
    .map((section) => ({ ...section, text: normalizeTextBoundary(section.text).trim() }))
    .filter((section) => section.text.length > 0);
  if (sections.length === 0 && document.sections.length > 0) {
    throw new ExtractionError('no-text', 'the document has no readable characters');
  }
  return { ...document, sections };
}
