import { foldKeepingOffsets } from '#server/text/han-script.ts';
import { FREE_OF_CHARGE, TRADE_TERM_CUES } from '#server/vocabulary/document-cues.ts';
import type { CardIndex } from '../retrieval.ts';
import { coverageOf, type WeightedConcept } from './coverage.ts';
import type { ScoredUnit } from './scoring.ts';

/*
 * Two documents that disagree on a trade term ("samples are free for distributors" in the FAQ,
 * "1.5 × the unit price, refunded on order" in the price list): the answer gives both, each with
 * its source, instead of hiding one. A disagreement is another document's unit about the same
 * term (and as relevant to the question) whose figures or "free" differ from the answer's.
 */

const fold = (text: string) => foldKeepingOffsets(text);
/** The other document's unit answers about as well as the answer does. */
const MIN_SCORE_SHARE = 0.5;

/** The trade term a unit is about: the one named first ("质保期：自发货之日起" is a warranty). */
function leadingTerm(text: string): string | null {
  const folded = fold(text);
  let best: { kind: string; at: number } | null = null;
  for (const [kind, cue] of TRADE_TERM_CUES) {
    const at = folded.search(cue);
    if (at >= 0 && (!best || at < best.at)) best = { kind, at };
  }
  return best?.kind ?? null;
}

/** What a unit states as a value: its figures, and whether it says "free". */
function valuesOf(text: string): string {
  const figures = (text.match(/\d+(?:[.,]\d+)*/gu) ?? []).map((n) => n.replace(/,/gu, ''));
  return [...new Set(figures)].sort().join(' ') + (FREE_OF_CHARGE.test(fold(text)) ? ' free' : '');
}

/** The unit of another document that gives the asked term a different value, if any. */
export function differingSource(
  index: CardIndex,
  answer: readonly ScoredUnit[],
  scored: readonly ScoredUnit[],
  weighted: readonly WeightedConcept[],
  question: string,
  minCoverage: number,
): ScoredUnit | null {
  const first = answer[0];
  if (!first) return null;
  const kind = leadingTerm(first.unit.text);
  const cue = TRADE_TERM_CUES.find(([candidate]) => candidate === kind)?.[1];
  if (!cue || !cue.test(fold(question))) return null;
  const documents = new Set(answer.map((item) => index.chunks[item.chunkIndex]!.documentId));
  const values = valuesOf(first.unit.text);
  for (const candidate of scored) {
    if (documents.has(index.chunks[candidate.chunkIndex]!.documentId)) continue;
    if (candidate.score < MIN_SCORE_SHARE * first.score) continue;
    if (coverageOf(weighted, candidate.coverages) < minCoverage) continue;
    if (leadingTerm(candidate.unit.text) !== kind) continue;
    if (valuesOf(candidate.unit.text) !== values) return candidate;
  }
  return null;
}
