/*
 * How much of a reference text (poppler's pdftotext output) our extraction recovers: the share
 * of the reference's words found in ours, counted as multisets after NFKC and lower-casing.
 * Han, kana and hangul count one character per word, because whether a reader puts spaces
 * between CJK characters says nothing about whether it read them.
 */

const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}\p{M}]+/gu;

export function wordsOf(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().match(WORD) ?? [];
}

function countWords(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Share (0..1) of the reference's words that our text has; 1 when the reference has none. */
export function wordRecall(reference: string, ours: string): number {
  const wanted = countWords(wordsOf(reference));
  const found = countWords(wordsOf(ours));
  let total = 0;
  let matched = 0;
  for (const [word, count] of wanted) {
    total += count;
    matched += Math.min(count, found.get(word) ?? 0);
  }
  return total === 0 ? 1 : matched / total;
}
