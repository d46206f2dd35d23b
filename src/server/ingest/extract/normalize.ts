/** Spaces of every width. */
const SPACE = '[\\u00A0\\u2000-\\u200A\\u202F\\u205F\\u3000\\t ]';
/** Marks that take no room: zero-width space and joiners, word joiner, byte-order mark. */
const ZERO_WIDTH = '[\\u200B-\\u200D\\u2060\\uFEFF]';
/**
 * A run of spaces, with any zero-width marks beside or between them; not a lone plain space,
 * which would be replaced by itself (most of a page's matches, each a copy of the text so far).
 */
const SPACE_RUN = new RegExp(
  `(?! (?!${SPACE}|${ZERO_WIDTH}))${ZERO_WIDTH}*${SPACE}(?:${SPACE}|${ZERO_WIDTH})*`,
  'gu',
);
const EDGE_MARKS = new RegExp(`^${ZERO_WIDTH}+|${ZERO_WIDTH}+$`, 'gu');
const ANY_ZERO_WIDTH = new RegExp(ZERO_WIDTH, 'u');

/**
 * Tidies extracted text without changing its words: non-breaking and repeated spaces become one
 * space, lines are trimmed, and runs of blank lines shrink to one. Zero-width marks beside a
 * space or at a line's edge go too: a filing's "$ 0.19\u200b" is a figure, and a line of
 * spaces and zero-width spaces is blank, not text that joins the rows above and below it.
 */
export function tidyText(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').replace(SPACE_RUN, ' ').split('\n');
  const marks = ANY_ZERO_WIDTH.test(text);
  return lines
    .map((line) => (marks ? line.trim().replace(EDGE_MARKS, '').trim() : line.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
