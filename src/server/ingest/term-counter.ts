import { foldKeepingOffsets } from '#server/text/han-script.ts';
import { escapePattern } from '#server/vocabulary/patterns.ts';

/*
 * Counts lexicon terms in text in one regex pass per lexicon: English terms as whole words
 * (plural allowed), CJK terms as substrings. The terms are folded (vocabulary/concepts.ts) and are
 * looked for in the text folded with its offsets kept, so one form finds both scripts; a match
 * is counted under the text's own spelling. Compiled matchers are cached per lexicon.
 */

/** Lower-case text and the same text folded, every offset the same. */
export interface TermText {
  lower: string;
  folded: string;
}

/** The text as countTerms reads it (`lower`: already lower case), folded once for every lexicon. */
export function termText(lower: string): TermText {
  return { lower, folded: foldKeepingOffsets(lower) };
}

export interface TermCount {
  /** All matches. */
  total: number;
  /** Different terms matched. */
  distinct: number;
  /** Matches per term (lowercased), for explanations. */
  byTerm: Map<string, number>;
}

interface Matcher {
  latin: RegExp | null;
  cjk: RegExp | null;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const cache = new WeakMap<readonly string[], Matcher>();

function compile(terms: readonly string[]): Matcher {
  const byLength = [...new Set(terms.map((t) => t.toLowerCase()))].sort(
    (a, b) => b.length - a.length,
  );
  const latin = byLength.filter((term) => !CJK.test(term)).map(escapePattern);
  const cjk = byLength.filter((term) => CJK.test(term)).map(escapePattern);
  return {
    latin: latin.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(${latin.join('|')})(?:e?s)?(?![\\p{L}\\p{N}])`, 'gu')
      : null,
    cjk: cjk.length ? new RegExp(`(${cjk.join('|')})`, 'gu') : null,
  };
}

export function countTerms(text: TermText, terms: readonly string[]): TermCount {
  let matcher = cache.get(terms);
  if (!matcher) {
    matcher = compile(terms);
    cache.set(terms, matcher);
  }
  const byTerm = new Map<string, number>();
  let total = 0;
  for (const pattern of [matcher.latin, matcher.cjk]) {
    if (!pattern) continue;
    for (const match of text.folded.matchAll(pattern)) {
      const found = match[1] ?? match[0];
      const term = text.lower.slice(match.index, match.index + found.length);
      byTerm.set(term, (byTerm.get(term) ?? 0) + 1);
      total++;
    }
  }
  return { total, distinct: byTerm.size, byTerm };
}

/** A score that rewards variety over one word repeated: each term counts at most `cap` times. */
export function cappedScore(count: TermCount, cap = 4): number {
  let score = 0;
  for (const hits of count.byTerm.values()) score += Math.min(hits, cap);
  return score;
}
