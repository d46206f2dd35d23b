import { joinPassages } from '#server/text/passages.ts';

/*
 * A document's text as the assistant reads it, page by page: its stored passages (chunks) put
 * back together (text/passages.ts: the overlap written once).
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

/** Joins passages (in reading order) into one text per page. */
export function pagesFromPassages(passages: readonly StoredPassage[]): DocumentPage[] {
  const pages: DocumentPage[] = [];
  for (const passage of passages) {
    const last = pages.at(-1);
    if (!last || last.page !== passage.page) {
      pages.push({ page: passage.page, text: passage.text });
      continue;
    }
    last.text = joinPassages(last.text, passage.text);
  }
  return pages;
}
