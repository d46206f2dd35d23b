/*
 * Counts lexicon terms in text in one regex pass per lexicon: English terms as whole words
 * (plural allowed), CJK terms as substrings. Compiled matchers are cached per lexicon.
 */

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

// In a /u pattern only syntax characters and '/' may be escaped (not '-').
const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function compile(terms: readonly string[]): Matcher {
  const byLength = [...new Set(terms.map((t) => t.toLowerCase()))].sort(
    (a, b) => b.length - a.length,
  );
  const latin = byLength.filter((term) => !CJK.test(term)).map(escape);
  const cjk = byLength.filter((term) => CJK.test(term)).map(escape);
  return {
    latin: latin.length
      ? new RegExp(`(?<![\\p{L}\\p{N}])(${latin.join('|')})(?:e?s)?(?![\\p{L}\\p{N}])`, 'gu')
      : null,
    cjk: cjk.length ? new RegExp(`(${cjk.join('|')})`, 'gu') : null,
  };
}

/** `text` should already be lowercased (countTerms does it when asked). */
export function countTerms(text: string, terms: readonly string[], lowercase = true): TermCount {
  let matcher = cache.get(terms);
  if (!matcher) {
    matcher = compile(terms);
    cache.set(terms, matcher);
  }
  const haystack = lowercase ? text.toLowerCase() : text;
  const byTerm = new Map<string, number>();
  let total = 0;
  for (const pattern of [matcher.latin, matcher.cjk]) {
    if (!pattern) continue;
    for (const match of haystack.matchAll(pattern)) {
      const term = match[1] ?? match[0];
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
