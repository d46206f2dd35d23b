/*
 * How passages overlap and how they are put back together, for the chunker that cuts a page
 * into passages and for every reader that joins them again (a document's pages, the card's
 * document intelligence). Passages of one page overlap a little, so a fact on a cut stays whole
 * in one of them; joined, the repeated part is written once.
 */

/** Characters the chunker repeats from the end of one passage at the start of the next. */
export const PASSAGE_OVERLAP_CHARS = 120;

/** The longest repeated part looked for: twice the overlap, for passages cut with a larger one. */
const MAX_REPEATED_CHARS = 2 * PASSAGE_OVERLAP_CHARS;
/** A shorter match is taken for chance, not for the repeated part. */
const MIN_REPEATED_CHARS = 6;

/** The length of the longest end of `previous` that `next` starts with (0 when none). */
export function overlapLength(previous: string, next: string): number {
  const limit = Math.min(MAX_REPEATED_CHARS, previous.length, next.length);
  for (let length = limit; length >= MIN_REPEATED_CHARS; length--) {
    if (previous.endsWith(next.slice(0, length))) return length;
  }
  return 0;
}

/** `next` after `previous` on the same page: the repeated part once, else on a new line. */
export function joinPassages(previous: string, next: string): string {
  const repeated = overlapLength(previous, next);
  return repeated > 0 ? previous + next.slice(repeated) : `${previous}\n${next}`;
}
