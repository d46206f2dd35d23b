/*
 * A document's text as the assistant reads it, page by page: its stored passages (chunks) put
 * back together. Passages on one page overlap a little (so a fact on a cut stays whole); the
 * repeated part is written once.
 */

export interface StoredPassage {
  page: number | null;
  text: string;
}

export interface DocumentPage {
  /** 1-based page, slide or block; null for formats without pages (plain text). */
  page: number | null;
  text: string;
}

/** The chunker repeats at most this many characters of a passage at the start of the next. */
const MAX_OVERLAP = 240;
/** A shorter match is taken for chance, not for the repeated part. */
const MIN_OVERLAP = 6;

/** The length of the longest end of `previous` that `next` starts with (0 when none). */
export function overlapLength(previous: string, next: string): number {
  const limit = Math.min(MAX_OVERLAP, previous.length, next.length);
  for (let length = limit; length >= MIN_OVERLAP; length--) {
    if (previous.endsWith(next.slice(0, length))) return length;
  }
  return 0;
}

/** Joins passages (in reading order) into one text per page. */
export function pagesFromPassages(passages: readonly StoredPassage[]): DocumentPage[] {
  const pages: DocumentPage[] = [];
  for (const passage of passages) {
    const last = pages.at(-1);
    if (!last || last.page !== passage.page) {
      pages.push({ page: passage.page, text: passage.text });
      continue;
    }
    const repeated = overlapLength(last.text, passage.text);
    last.text += repeated > 0 ? passage.text.slice(repeated) : `\n${passage.text}`;
  }
  return pages;
}
