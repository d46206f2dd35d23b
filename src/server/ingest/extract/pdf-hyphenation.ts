/*
 * Words hyphenated at the end of a PDF line, joined again, across a whole document: "the rela-" /
 * "tionship of people" becomes "the relationship of people", so that a search finds the whole
 * word (poppler's pdftotext joins them the same way). A compound broken at its own hyphen
 * ("for high-" / "intensity activities") keeps it, when both halves are words the document also
 * uses on their own. A hyphen before a capital or a digit ("HT-" / "M6012") always stays, as
 * does the hyphen of any line shorter than a wrapped line of prose.
 */

/** A prose line that ends in a word, lowercase at its end, and a hyphen: "the rela-". */
const HYPHENATED_END = /^.{19,}\p{Ll}-$/u;
/** The word before that hyphen (anchored at the word's start: one pass over a long run). */
const LAST_WORD = /(?<!\p{L})\p{L}+(?=-$)/u;
const FIRST_WORD = /^\p{Ll}\p{L}*/u;
/** A word that stands on its own: not part of a hyphenated compound or of a code. */
const STANDALONE_WORD = /(?<![\p{L}\p{N}-])\p{L}+(?![\p{L}\p{N}-])/gu;

/** The lower-cased words the pages use on their own, gathered once and only when asked for. */
function vocabularyOf(pages: readonly string[]): () => ReadonlySet<string> {
  let vocabulary: Set<string> | null = null;
  return () => {
    if (vocabulary) return vocabulary;
    vocabulary = new Set<string>();
    for (const text of pages) {
      for (const [word] of text.matchAll(STANDALONE_WORD)) vocabulary.add(word.toLowerCase());
    }
    return vocabulary;
  };
}

function joinLines(lines: readonly string[], vocabulary: () => ReadonlySet<string>): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined.at(-1);
    const tail = FIRST_WORD.exec(line)?.[0];
    if (previous === undefined || !tail || !HYPHENATED_END.test(previous)) {
      joined.push(line);
      continue;
    }
    const head = LAST_WORD.exec(previous)?.[0] ?? '';
    const words = vocabulary();
    const compound = words.has(head.toLowerCase()) && words.has(tail.toLowerCase());
    joined[joined.length - 1] = (compound ? previous : previous.slice(0, -1)) + line;
  }
  return joined;
}

/** Whether the page has a line that ends in a hyphenated word the next line may finish. */
export function hasHyphenatedLineEnd(text: string): boolean {
  const lines = text.split('\n');
  for (let index = 1; index < lines.length; index++) {
    if (FIRST_WORD.test(lines[index]!) && HYPHENATED_END.test(lines[index - 1]!)) return true;
  }
  return false;
}

/**
 * Joins the words hyphenated at a line's end (see above) in one page's text, judged by the words
 * of all `pages`. Their vocabulary is gathered only when a page has such a line: a scan of all
 * the text. A page without one (hasHyphenatedLineEnd) comes back as it is.
 */
export function hyphenationJoiner(pages: readonly string[]): (text: string) => string {
  const vocabulary = vocabularyOf(pages);
  return (text) => joinLines(text.split('\n'), vocabulary).join('\n');
}

/** The pages' texts with words hyphenated at a line's end joined. */
export function joinHyphenatedWords(pages: readonly string[]): string[] {
  return pages.map(hyphenationJoiner(pages));
}
