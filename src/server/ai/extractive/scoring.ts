import { isInjection } from '../guard.ts';
import { CONTEXT_WEIGHT, type CardIndex } from '../retrieval.ts';
import { hasAnswerType } from '#server/vocabulary/answer-types.ts';
import { normalize, termsOf } from '../text/normalize.ts';
import type { QuestionAnalysis } from '../text/question.ts';
import { isStopWord } from '../text/stop-words.ts';
import { type Unit } from '../text/units.ts';
import { conceptCoverage, type WeightedConcept } from './coverage.ts';

/*
 * Candidate scoring: every sentence (unit) of the passages BM25 ranked best, scored by the
 * weighted concepts it covers, helped by what its passage and document cover, by the kind of
 * answer asked for (a figure, a date, a person) and by a table row whose label the question
 * names; a line that only repeats the question counts for little.
 */

export interface SelectedUnit {
  chunkIndex: number;
  unit: Unit;
}

export interface ScoredUnit extends SelectedUnit {
  score: number;
  /** Coverage of each concept counting the unit's passage and document (for grounding). */
  coverages: number[];
  /** Coverage of each concept by the unit alone. */
  own: number[];
}

/** Weight of what a unit's passage (not the unit itself) covers, in the unit's score. */
const PASSAGE_WEIGHT = 0.3;
/** A unit's coverage counts this much of its passage's and its document's. */
const PASSAGE_SHARE = 0.8;
const DOCUMENT_SHARE = 0.6;

interface PassageFacts {
  coverages: number[];
  documentCoverages: number[];
}

function passageFacts(
  index: CardIndex,
  chunkIndex: number,
  weighted: readonly WeightedConcept[],
  documentCache: Map<number, number[]>,
): PassageFacts {
  const passage = index.passageUnit(chunkIndex);
  const documentId = index.chunks[chunkIndex]!.documentId;
  let documentCoverages = documentCache.get(documentId);
  if (!documentCoverages) {
    documentCoverages = weighted.map(({ concept }) =>
      [concept.primary, ...concept.alternatives].some(
        (form) => form.pattern === undefined && index.documentHas(documentId, form),
      )
        ? 1
        : 0,
    );
    documentCache.set(documentId, documentCoverages);
  }
  return {
    coverages: weighted.map((item) => conceptCoverage(item.concept, passage)),
    documentCoverages,
  };
}

interface RowLabel {
  normalized: string;
  terms: string[];
}
/** Row labels by unit: units live as long as their index, so each label is read once. */
const rowLabels = new WeakMap<Unit, RowLabel>();

function rowLabelOf(unit: Unit): RowLabel {
  let label = rowLabels.get(unit);
  if (!label) {
    const text = unit.text.split(/\s(?=[$€£¥(]?\s?-?\d)|\s·\s|[:：]/u)[0] ?? '';
    label = {
      normalized: normalize(text).trim(),
      terms: termsOf(text).filter((term) => !isStopWord(term) && !/^\d+$/.test(term)),
    };
    rowLabels.set(unit, label);
  }
  return label;
}

/** Share of a table row's label (the words before its figures) that the question names. */
function rowLabelMatch(unit: Unit, questionTerms: ReadonlySet<string>, question: string): number {
  if (!unit.isRow) return 0;
  const { normalized: normalizedLabel, terms } = rowLabelOf(unit);
  if (!normalizedLabel) return 0;
  if (CJK_ONLY.test(normalizedLabel)) return question.includes(normalizedLabel) ? 1 : 0;
  if (terms.length === 0) return 0;
  return terms.filter((term) => questionTerms.has(term)).length / terms.length;
}
const CJK_ONLY = /^[\p{Script=Han}（）()、：:]+$/u;

export function echoesQuestion(unit: Unit, questionTerms: ReadonlySet<string>): boolean {
  let count = 0;
  for (const term of unit.terms) {
    if (isStopWord(term)) continue;
    if (!questionTerms.has(term)) return false;
    count++;
  }
  return count >= 3;
}

/** A heading that is a name (one to four words), not a title sentence. */
export function isShortName(heading: string): boolean {
  return [...heading].length <= 30 && heading.trim().split(/\s+/).length <= 4;
}

/** A short heading above a unit that names something the question does not. */
export function headingAnswers(unit: Unit, questionTerms: ReadonlySet<string>): boolean {
  if (!unit.heading || [...unit.heading].length > 60 || unit.isRow) return false;
  return [...unit.headingTerms].some((term) => !isStopWord(term) && !questionTerms.has(term));
}

/** A line of a table of contents: dot leaders (or an ellipsis run) and a page number at its end. */
const CONTENTS_LINE = /(?:\.\s?){4,}\s*[\divxlc]{1,5}\s*(?:\[[^\]]*\])?\s*$|…{2,}\s*\d{1,4}\s*$/iu;

export function scoreUnits(
  index: CardIndex,
  chunkIndexes: readonly number[],
  weighted: readonly WeightedConcept[],
  context: readonly WeightedConcept[],
  analysis: QuestionAnalysis,
  family: 'en' | 'zh' | null,
  focusAt = -1,
): ScoredUnit[] {
  const total = weighted.reduce((sum, item) => sum + item.weight, 0) || 1;
  const questionTerms = new Set(termsOf(analysis.normalized));
  const seen = new Set<string>();
  const scored: ScoredUnit[] = [];
  const documentCache = new Map<number, number[]>();
  chunkIndexes.forEach((chunkIndex, rank) => {
    const passage = passageFacts(index, chunkIndex, weighted, documentCache);
    for (const unit of index.unitsOf(chunkIndex)) {
      if (seen.has(unit.normalized)) continue;
      seen.add(unit.normalized);
      // Document text is data: a sentence that tries to instruct the assistant is no answer.
      if (isInjection(unit.text)) continue;
      // A table of contents' line ("Memory module problems ..... 84") only points elsewhere.
      if (CONTENTS_LINE.test(unit.text)) continue;
      const own = weighted.map((item) => conceptCoverage(item.concept, unit));
      let score = own.reduce((sum, coverage, i) => sum + coverage * weighted[i]!.weight, 0);
      if (score <= 0) continue;
      const coverages = own.map((coverage, i) =>
        Math.max(
          coverage,
          PASSAGE_SHARE * passage.coverages[i]!,
          DOCUMENT_SHARE * passage.documentCoverages[i]!,
        ),
      );
      score += own.reduce(
        (sum, coverage, i) =>
          sum +
          PASSAGE_WEIGHT * Math.max(0, passage.coverages[i]! - coverage) * weighted[i]!.weight,
        0,
      );
      for (const item of context) {
        score += CONTEXT_WEIGHT * item.weight * conceptCoverage(item.concept, unit);
      }
      const type = analysis.answerType;
      if (type) {
        const has = hasAnswerType(type, unit.normalized);
        const isFigure = ['quantity', 'money', 'percent', 'date'].includes(type);
        score += (has ? 0.3 : isFigure ? -0.25 : -0.1) * total;
      }
      score += 0.35 * total * rowLabelMatch(unit, questionTerms, analysis.normalized);
      // The attribute asked for ("the *power* of the QB60") belongs in the quoted line itself.
      if (focusAt >= 0 && own[focusAt]! < 0.5) score *= 0.85;
      if (family && unit.family === family) score += 0.03 * total;
      if (unit.text.length < 12) score *= 0.7;
      // A line that only repeats the question (a pasted label) tells nothing new, unless the
      // heading it sits under does ("iMovie" above "Create and share movies in minutes.").
      if (echoesQuestion(unit, questionTerms) && !headingAnswers(unit, questionTerms)) score *= 0.3;
      // Passages ranked lower by BM25 weigh a little less.
      score *= 1 - 0.02 * rank;
      scored.push({ chunkIndex, unit, score, coverages, own });
    }
  });
  return scored.sort((a, b) => b.score - a.score);
}
