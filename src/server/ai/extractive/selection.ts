import { isInjection, type RedListKeyword } from '../guard.ts';
import { CONTEXT_WEIGHT, mergeQueries, queryTerms, type CardIndex } from '../retrieval.ts';
import { scriptFamily } from '#server/text/language.ts';
import { normalize } from '../text/normalize.ts';
import { analyseQuestion, namesPerson, type Concept } from '../text/question.ts';
import { OVERVIEW_WORDS } from '../text/stop-words.ts';
import {
  coverageOf,
  conceptCoverage,
  joinCjkRuns,
  weigh,
  type WeightedConcept,
} from './coverage.ts';
import { hasAnswerType } from '#server/vocabulary/answer-types.ts';
import { ABOUT_HEADING, ABOUT_SENTENCE } from '#server/vocabulary/roles-and-introductions.ts';
import { differingSource } from './disagreement.ts';
import { scoreUnits, type ScoredUnit, type SelectedUnit } from './scoring.ts';

/*
 * The local engine: no network, no model. It finds the sentences that answer (BM25 over the
 * card's passages, then every sentence of the best passages scored by the question's concepts,
 * weighted by how rare each is in the documents: scoring.ts, coverage.ts) and quotes them with
 * their sources (composition.ts). Grounding is decided here, by coverage: the share of the
 * question's weighted concepts that the chosen sentences contain. A question whose key terms
 * the documents do not contain is declined.
 */

/** Passages whose sentences are read for an answer. */
const CANDIDATE_PASSAGES = 10;
/** Share of the question's weighted concepts the answer (with its passage) must contain: calibrated on the public-qa development set (plateau 0.35–0.45; the strictest value kept) while every out-of-scope and injection question stays refused. */
const MIN_COVERAGE = 0.45;
/** ...and the best single unit with its passage. */
const MIN_SENTENCE_COVERAGE = 0.45;
/** ...and the best single unit by itself. */
const MIN_OWN_COVERAGE = 0.2;
const MAX_SENTENCES = 2;
/** A unit that names a person answers a "who" question within this share of the best score. */
const WHO_RUNNER_UP = 0.75;

export type LocalOutcome =
  | {
      kind: 'answer';
      selected: SelectedUnit[];
      coverage: number;
      /** The selected units are two documents that give the term different values. */
      disagreement?: boolean;
    }
  | { kind: 'not-covered' }
  | { kind: 'red-listed'; keyword: string }
  | { kind: 'greeting' }
  | { kind: 'no-documents' };

/** Adds a unit of the same section that covers what the best one leaves out. */
function extendSelection(
  index: CardIndex,
  best: ScoredUnit,
  scored: readonly ScoredUnit[],
  weighted: readonly WeightedConcept[],
  asksSeveral: boolean,
): { selected: ScoredUnit[]; covered: number[] } {
  const total = weighted.reduce((sum, item) => sum + item.weight, 0);
  const selected = [best];
  const covered = [...best.coverages];
  const ownCovered = [...best.own];
  const documentId = index.chunks[best.chunkIndex]!.documentId;
  for (const candidate of scored) {
    if (selected.length >= MAX_SENTENCES) break;
    if (selected.includes(candidate)) continue;
    // Facts joined from two places must belong together: the same section of a passage, or a
    // question that asks for several things ("payment terms and lead time").
    const isSameSection =
      candidate.chunkIndex === best.chunkIndex && candidate.unit.heading === best.unit.heading;
    const isSameDocument = index.chunks[candidate.chunkIndex]!.documentId === documentId;
    if (!(isSameSection || (asksSeveral && isSameDocument))) continue;
    if (candidate.score < 0.5 * best.score) continue;
    const gain = candidate.own.reduce(
      (sum, coverage, i) => sum + Math.max(0, coverage - ownCovered[i]!) * weighted[i]!.weight,
      0,
    );
    if (gain < 0.15 * total) continue;
    selected.push(candidate);
    candidate.coverages.forEach((coverage, i) => {
      covered[i] = Math.max(covered[i]!, coverage);
    });
    candidate.own.forEach((coverage, i) => {
      ownCovered[i] = Math.max(ownCovered[i]!, coverage);
    });
  }
  return { selected, covered };
}

/** Leading passages of each document read for an overview. */
const OVERVIEW_PASSAGES = 3;

/** "Tell me about your company", "what products do you make": the documents' introductions. */
function overview(
  index: CardIndex,
  weighted: readonly WeightedConcept[],
  family: 'en' | 'zh' | null,
): SelectedUnit[] {
  // Chunks are stored in document order, so a document's leading passages come first.
  const leading = new Map<number, number[]>();
  index.chunks.forEach((chunk, chunkIndex) => {
    const list = leading.get(chunk.documentId) ?? [];
    if (list.length < OVERVIEW_PASSAGES) list.push(chunkIndex);
    leading.set(chunk.documentId, list);
  });
  const candidates = new Set<number>([...leading.values()].flat());
  for (const hit of index.search(
    queryTerms(weighted.map((item) => item.concept)),
    CANDIDATE_PASSAGES,
  )) {
    candidates.add(hit.index);
  }
  const scored: Array<SelectedUnit & { score: number }> = [];
  for (const chunkIndex of candidates) {
    index.unitsOf(chunkIndex).forEach((unit, position) => {
      if (unit.text.length < 40 || isInjection(unit.text)) return;
      let score = weighted.reduce(
        (sum, item) => sum + item.weight * conceptCoverage(item.concept, unit),
        0,
      );
      if (leading.get(index.chunks[chunkIndex]!.documentId)?.includes(chunkIndex)) score += 0.5;
      if (position < 2) score += 0.5;
      if (unit.heading && ABOUT_HEADING.test(normalize(unit.heading))) score += 1;
      if (ABOUT_SENTENCE.test(unit.normalized)) score += 1;
      if (unit.isQuestion) score -= 1;
      if (family && unit.family === family) score += 0.75;
      scored.push({ chunkIndex, unit, score });
    });
  }
  scored.sort((a, b) => b.score - a.score);
  const picked: SelectedUnit[] = [];
  const documents = new Set<number>();
  for (const candidate of scored) {
    const documentId = index.chunks[candidate.chunkIndex]!.documentId;
    if (documents.has(documentId)) continue;
    documents.add(documentId);
    if (picked.length > 0 && candidate.score < 0.75 * scored[0]!.score) break;
    picked.push({ chunkIndex: candidate.chunkIndex, unit: candidate.unit });
    if (picked.length === 2) break;
  }
  return picked;
}

export interface FindOptions {
  /** Earlier questions of the visitor, most recent last (for "and its thickness?"). */
  previousQuestions?: readonly string[];
  /** Red-list keywords the answer must be able to cite. */
  mustCite?: readonly RedListKeyword[];
  /** Language family the answer is written in (sentences in it are preferred). */
  family?: 'en' | 'zh' | null;
}

/** Picks the sentences that answer, or says why none do. */
export function findAnswer(
  index: CardIndex,
  question: string,
  options: FindOptions = {},
): LocalOutcome {
  if (index.size === 0) return { kind: 'no-documents' };
  const analysis = analyseQuestion(question);
  if (analysis.isGreeting) return { kind: 'greeting' };
  const family = options.family ?? scriptFamily(question);

  let concepts = analysis.concepts;
  const previous = options.previousQuestions?.at(-1);
  let contextConcepts: Concept[] = [];
  const hardCount = concepts.filter((c) => !c.isSoft).length;
  if (previous && (analysis.isFollowUp || hardCount <= 1)) {
    const labels = new Set(concepts.map((c) => c.label));
    contextConcepts = analyseQuestion(previous).concepts.filter(
      (c) => !c.isSoft && !labels.has(c.label),
    );
    if (concepts.length === 0 && analysis.isFollowUp) {
      concepts = contextConcepts;
      contextConcepts = [];
    }
  }

  if (concepts.length === 0) return { kind: 'not-covered' };
  const hard = concepts.filter((c) => !c.isSoft);
  if (hard.length > 0 && hard.every((c) => c.isNumber)) return { kind: 'not-covered' };

  concepts = joinCjkRuns(index, concepts, analysis.normalized);
  const weighted = weigh(index, concepts);
  if (hard.length === 0) {
    if (!concepts.some((c) => OVERVIEW_WORDS.has(c.label))) return { kind: 'not-covered' };
    const picked = overview(index, weighted, family);
    return picked.length > 0
      ? { kind: 'answer', selected: picked, coverage: 1 }
      : { kind: 'not-covered' };
  }
  const context = weigh(index, contextConcepts);

  const query = mergeQueries(queryTerms(concepts), queryTerms(contextConcepts, CONTEXT_WEIGHT));
  const hits = index.search(query, CANDIDATE_PASSAGES);
  const focusAt = analysis.focus ? concepts.indexOf(analysis.focus) : -1;
  const scored = scoreUnits(
    index,
    hits.map((hit) => hit.index),
    weighted,
    context,
    analysis,
    family,
    focusAt,
  );
  const best = withFocus(
    firstStatementOfRow(index, fullerRow(scored, weighted)),
    scored,
    weighted,
    focusAt,
  );
  if (!best) return { kind: 'not-covered' };
  const { selected, covered } = extendSelection(
    index,
    best,
    scored,
    weighted,
    analysis.asksSeveral,
  );

  const isGrounded = (units: readonly ScoredUnit[], coverages: readonly number[]) =>
    coverageOf(weighted, coverages) >= MIN_COVERAGE &&
    coverageOf(weighted, units[0]!.coverages) >= MIN_SENTENCE_COVERAGE &&
    coverageOf(weighted, units[0]!.own) >= MIN_OWN_COVERAGE &&
    weighted.some((item, i) => !item.concept.isSoft && units[0]!.own[i]! >= 0.5);
  // "Who must replace the battery?": the answer names someone; a close runner-up that does
  // answers rather than the best line that does not.
  if (analysis.asksWho && !selected.some((item) => namesPerson(item.unit.text))) {
    const naming = scored.find(
      (item) =>
        item.score >= WHO_RUNNER_UP * best.score &&
        namesPerson(item.unit.text) &&
        isGrounded([item], item.coverages),
    );
    if (!naming) return { kind: 'not-covered' };
    selected.splice(0, selected.length, naming);
    covered.splice(0, covered.length, ...naming.coverages);
  }
  if (!isGrounded(selected, covered)) return { kind: 'not-covered' };
  // "What is the population of Guangdong?": Guangdong is there, a population is not. Any word
  // of the attribute's name will do ("operating hours": the hours).
  const phraseAt = analysis.focusPhrase.map((item) => concepts.indexOf(item));
  if (focusAt >= 0 && !phraseAt.some((i) => i >= 0 && covered[i]! >= 0.7)) {
    return { kind: 'not-covered' };
  }

  // A red-listed topic is answered only with a quote that contains the keyword.
  for (const keyword of options.mustCite ?? []) {
    if (selected.some((item) => keyword.matches(item.unit.text))) continue;
    if (!keyword.matches(question)) continue;
    const extra = findUnitWithKeyword(index, keyword, scored, weighted);
    if (!extra) return { kind: 'red-listed', keyword: keyword.keyword };
    if (selected.length >= MAX_SENTENCES) selected.pop();
    selected.push(extra);
  }
  const other = differingSource(
    index,
    selected,
    scored,
    weighted,
    analysis.normalized,
    MIN_SENTENCE_COVERAGE,
  );
  const answer = other
    ? [selected[0]!, other]
    : withAnnouncedUnit(index, selected, family === 'zh' ? null : analysis.answerType);
  return {
    kind: 'answer',
    selected: answer.map(({ chunkIndex, unit }) => ({ chunkIndex, unit })),
    coverage: coverageOf(weighted, covered),
    ...(other ? { disagreement: true } : {}),
  };
}

/** A unit that holds the attribute asked for answers within this share of the best score. */
const FOCUS_RUNNER_UP = 0.6;

/**
 * "What goodwill does Best Buy have for the fiscal year ending …": the best line may match the
 * date and the company and miss the goodwill; a close runner-up that holds it answers instead.
 */
function withFocus(
  best: ScoredUnit | undefined,
  scored: readonly ScoredUnit[],
  weighted: readonly WeightedConcept[],
  focusAt: number,
): ScoredUnit | undefined {
  // Only where the best would be declined for want of it (see findAnswer).
  if (!best || focusAt < 0 || best.coverages[focusAt]! >= 0.7) return best;
  // The figures and codes the question names ("AQ-150S", "2023") stay required: the price of
  // another model is no answer.
  const named = weighted.flatMap((item, i) =>
    !item.concept.isSoft && /\d/u.test(item.concept.label) ? [i] : [],
  );
  return (
    scored.find(
      (item) =>
        item.score >= FOCUS_RUNNER_UP * best.score &&
        item.own[focusAt]! >= 0.5 &&
        named.every((i) => item.own[i]! >= 0.5),
    ) ?? best
  );
}

/** A row whose label names more of the question within this share of the best score wins. */
const FULLER_ROW_SCORE = 0.85;

/**
 * "Property and equipment acquired under finance leases … in 2019": the row "Equipment acquired
 * under finance leases" of a table whose year header sits in the same passage scores above the
 * row that names every word, whose header is a page earlier. The row that names all the
 * question's words (and its columns all the periods) answers, not a shorter label's neighbour.
 */
function fullerRow(
  scored: readonly ScoredUnit[],
  weighted: readonly WeightedConcept[],
): readonly ScoredUnit[] {
  const best = scored[0];
  if (!best?.unit.isRow || !hasColumns(best.unit.text)) return scored;
  const words = weighted.flatMap((item, i) =>
    item.concept.isSoft || item.concept.isNumber ? [] : [i],
  );
  const named = (item: ScoredUnit) =>
    words.reduce((sum, i) => sum + (item.own[i]! >= 0.5 ? weighted[i]!.weight : 0), 0);
  const fuller = scored.find(
    (item) =>
      item.score >= FULLER_ROW_SCORE * best.score &&
      item.unit.isRow &&
      hasColumns(item.unit.text) &&
      words.every((i) => item.own[i]! >= best.own[i]! - 0.01) &&
      named(item) > named(best) + 0.01,
  );
  return fuller ? [fuller, ...scored.filter((item) => item !== fuller)] : scored;
}

/** A table row within this share of the best score that covers the question as well competes. */
const SAME_ROW_SCORE = 0.85;

/**
 * The best unit; when it is a table row and another row covers the question's concepts just as
 * well, the one printed first in its document. A filing states a line item in its statements
 * first, then again in notes and segment tables (of other periods, parts or totals); a manual's
 * specification table comes before the pages that repeat a figure.
 */
function firstStatementOfRow(
  index: CardIndex,
  scored: readonly ScoredUnit[],
): ScoredUnit | undefined {
  const best = scored[0];
  if (!best?.unit.isRow || !hasColumns(best.unit.text)) return best;
  const documentId = index.chunks[best.chunkIndex]!.documentId;
  let first = best;
  for (const candidate of scored) {
    if (candidate.score < SAME_ROW_SCORE * best.score) break;
    if (!candidate.unit.isRow || candidate.chunkIndex >= first.chunkIndex) continue;
    if (!hasColumns(candidate.unit.text)) continue;
    if (index.chunks[candidate.chunkIndex]!.documentId !== documentId) continue;
    if (candidate.own.some((coverage, i) => Math.abs(coverage - best.own[i]!) > 0.01)) continue;
    first = candidate;
  }
  return first;
}

/** A row of at least two figure columns (a statement's periods), not an index's page number. */
function hasColumns(text: string): boolean {
  return (
    (
      text
        .replace(/[\u200b-\u200d\ufeff]/gu, '')
        .replace(/\[[^\]]*\]\s*$/u, '')
        .match(/(?:^|\s)\(?[$€£¥]?-?\d[\d,.]*%?\)?(?=\s|$)/gu) ?? []
    ).length >= 2
  );
}

/** A line that announces what follows it ("… by issuing the following.", "as follows:", "如下："). */
const ANNOUNCES =
  /(?:the following|as follows|below)\s*[.:：]?\s*$|[:：]\s*$|如下\s*[:：。]?\s*$|\bthe following (?:example|command)s? [^.!?]*[.!?]?\s*$/iu;

/**
 * The answer with the unit a chosen line announces: "You can disable drive locking … by issuing
 * the following." is answered by the command on the next line, not by itself.
 */
function withAnnouncedUnit(
  index: CardIndex,
  selected: readonly ScoredUnit[],
  answerType: string | null,
): readonly SelectedUnit[] {
  const first = selected[0]!;
  if (!ANNOUNCES.test(first.unit.text.trim())) return selected;
  const following = unitAfter(index, first);
  if (!following) return selected;
  const next = following.unit;
  if (selected.some((item) => item.unit.normalized === next.normalized)) return selected;
  if (answerType === 'command' && !hasAnswerType('command', next.normalized)) return selected;
  return [first, following];
}

/** The unit printed after a unit: next in its passage, or first new one of the next passage. */
function unitAfter(index: CardIndex, item: SelectedUnit): SelectedUnit | undefined {
  const units = index.unitsOf(item.chunkIndex);
  const at = units.findIndex((unit) => unit.normalized === item.unit.normalized);
  if (at < 0) return undefined;
  if (at + 1 < units.length) return { chunkIndex: item.chunkIndex, unit: units[at + 1]! };
  const nextChunk = item.chunkIndex + 1;
  if (index.chunks[nextChunk]?.documentId !== index.chunks[item.chunkIndex]!.documentId) {
    return undefined;
  }
  // The next passage may begin with the end of this one (the chunker's overlap).
  const nextUnits = index.unitsOf(nextChunk);
  const again = nextUnits.findIndex((unit) => unit.normalized === item.unit.normalized);
  const unit = nextUnits[again + 1];
  return unit ? { chunkIndex: nextChunk, unit } : undefined;
}

/** The best relevant sentence containing a red-listed keyword, if the documents have one. */
function findUnitWithKeyword(
  index: CardIndex,
  keyword: RedListKeyword,
  scored: readonly ScoredUnit[],
  weighted: readonly WeightedConcept[],
): ScoredUnit | null {
  const relevant = (item: ScoredUnit) =>
    keyword.matches(item.unit.text) &&
    coverageOf(weighted, item.coverages) >= MIN_SENTENCE_COVERAGE;
  const inCandidates = scored.find(relevant);
  if (inCandidates) return inCandidates;
  const chunkIndexes: number[] = [];
  index.chunks.forEach((chunk, chunkIndex) => {
    if (keyword.matches(chunk.text)) chunkIndexes.push(chunkIndex);
  });
  const more = scoreUnits(
    index,
    chunkIndexes.slice(0, 50),
    weighted,
    [],
    analyseQuestion(''),
    null,
  );
  return more.find(relevant) ?? null;
}
