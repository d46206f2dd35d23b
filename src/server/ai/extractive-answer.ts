import { isInjection, type RedListKeyword } from './guard.ts';
import type { Citation, Reply } from './provider.ts';
import { messagesFor } from './messages.ts';
import { mergeQueries, queryTerms, type CardIndex } from './retrieval.ts';
import { scriptFamily, type ChatLanguage } from './text/language.ts';
import { cjkBigrams, normalize, termsOf } from './text/normalize.ts';
import {
  analyseQuestion,
  concept as makeConcept,
  hasAnswerType,
  type Concept,
  type Form,
  type QuestionAnalysis,
} from './text/question.ts';
import { isStopWord, OVERVIEW_WORDS } from './text/stop-words.ts';
import { type Unit } from './text/units.ts';

/*
 * The local engine: no network, no model. It finds the sentences that answer (BM25 over the
 * card's passages, then every sentence of the best passages scored by the question's concepts,
 * weighted by how rare each is in the documents) and quotes them with their sources. Grounding
 * is decided by coverage: the share of the question's weighted concepts that the chosen
 * sentences contain. A question whose key terms the documents do not contain is declined.
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
const MAX_EXCERPT_CHARS = 240;
/** Characters quoted in all (one unit may take them all, two share them). */
const MAX_QUOTE_CHARS = 400;
const CONTEXT_WEIGHT = 0.4;

export interface SelectedUnit {
  chunkIndex: number;
  unit: Unit;
}

export type LocalOutcome =
  | { kind: 'answer'; selected: SelectedUnit[]; coverage: number }
  | { kind: 'not-covered' }
  | { kind: 'red-listed'; keyword: string }
  | { kind: 'greeting' }
  | { kind: 'no-documents' };

interface WeightedConcept {
  concept: Concept;
  weight: number;
}

interface ScoredUnit extends SelectedUnit {
  score: number;
  /** Coverage of each concept counting the unit's passage and document (for grounding). */
  coverages: number[];
  /** Coverage of each concept by the unit alone. */
  own: number[];
}

// Coverage ------------------------------------------------------------------------------------

const patterns = new Map<string, RegExp>();
function compiled(pattern: string): RegExp {
  let regex = patterns.get(pattern);
  if (!regex) patterns.set(pattern, (regex = new RegExp(pattern, 'u')));
  return regex;
}

/** "ip" is found in "ip65", "r" is not found in "r10": a letter prefix of a code, two or more. */
function hasCodeStartingWith(terms: ReadonlySet<string>, word: string): boolean {
  if (word.length < 2 || !/^[a-z]+$/.test(word)) return false;
  for (const term of terms) {
    if (term.length > word.length && term.startsWith(word) && /\d/.test(term[word.length]!)) {
      return true;
    }
  }
  return false;
}

/** "assembl" and "assembly", "export" and "exporter": one word's stem begins the other's. */
function hasRelatedWord(terms: ReadonlySet<string>, word: string): boolean {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return false;
  for (const term of terms) {
    if (term.length < 5 || Math.abs(term.length - word.length) > 3) continue;
    if (term.startsWith(word) || word.startsWith(term)) return true;
  }
  return false;
}

function wordCoverage(unit: Unit, word: string): number {
  if (unit.terms.has(word)) return 1;
  if (unit.headingTerms.has(word)) return 0.8;
  if (hasCodeStartingWith(unit.terms, word)) return 0.9;
  return hasRelatedWord(unit.terms, word) ? 0.7 : 0;
}

/** Share of a CJK word found when it is not found whole: its pairs, or all its characters. */
function partialCjkCoverage(cjk: string, unit: Unit): number {
  const chars = [...cjk];
  const allChars = chars.every((char) => unit.normalized.includes(char));
  const pairs = cjkBigrams(cjk);
  const pairShare =
    pairs.length >= 2 ? pairs.filter((pair) => unit.bigrams.has(pair)).length / pairs.length : 0;
  return Math.max(0.7 * pairShare, allChars ? 0.5 : 0);
}

function formCoverage(form: Form, unit: Unit): number {
  if (form.words) {
    let sum = 0;
    for (const word of form.words) sum += wordCoverage(unit, word);
    const share = sum / form.words.length;
    return share < 1 && form.words.length > 1 ? share * 0.8 : share;
  }
  if (form.anyOf) {
    // An identifier written whole ("4sd10-18", "4sd1018") counts fully; one of its parts ("18")
    // only a little, so the row of 4SD10-18 wins over every row that mentions an 18.
    let best = 0;
    form.anyOf.forEach((word, i) => {
      const share = i < 2 ? 1 : 0.35;
      best = Math.max(
        best,
        unit.terms.has(word) ? share : unit.headingTerms.has(word) ? 0.8 * share : 0,
      );
    });
    return best;
  }
  if (form.pattern) return compiled(form.pattern).test(unit.normalized) ? 1 : 0;
  if (form.cjk) {
    if (unit.normalized.includes(form.cjk)) return 1;
    if (unit.headingNormalized.includes(form.cjk)) return 0.8;
    return [...form.cjk].length > 1 ? partialCjkCoverage(form.cjk, unit) : 0;
  }
  return 0;
}

export function conceptCoverage(concept: Concept, unit: Unit): number {
  let best = formCoverage(concept.primary, unit);
  if (best >= 1) return 1;
  for (const alternative of concept.alternatives) {
    const coverage = formCoverage(alternative, unit);
    if (coverage >= 0.8) best = Math.max(best, 0.9 * coverage);
  }
  return best;
}

/** A concept found nowhere in the documents is stronger evidence than the rarest found one. */
const UNSEEN_FACTOR = 1.5;

function weigh(index: CardIndex, concepts: readonly Concept[]): WeightedConcept[] {
  return concepts.map((concept) => ({
    concept,
    weight:
      index.idf(index.documentFrequency(concept.primary)) *
      (isUnseen(index, concept) ? UNSEEN_FACTOR : 1) *
      (concept.isSoft ? 0.3 : 1) *
      (concept.isNumber ? 0.8 : 1) *
      (concept.isSingleChar ? 0.5 : 1) *
      (isIdentifier(concept) ? IDENTIFIER_BOOST : 1),
  }));
}

/**
 * Chinese pieces the segmenter cut apart that the documents write together: "顺"+"威"+"股份" is
 * the company 顺威股份, "应"+"付款" the account 应付款. Adjacent in the question and found whole
 * in the documents, they become one concept (longest run first, up to four pieces).
 */
function joinCjkRuns(index: CardIndex, concepts: readonly Concept[], question: string): Concept[] {
  const out: Concept[] = [];
  for (let i = 0; i < concepts.length; i++) {
    let joined: Concept | null = null;
    for (let length = Math.min(4, concepts.length - i); length >= 2 && !joined; length--) {
      const run = concepts.slice(i, i + length);
      if (!run.every((item) => item.primary.cjk && !item.isNumber)) continue;
      const text = run.map((item) => item.primary.cjk).join('');
      if ([...text].length > 8 || !question.includes(text)) continue;
      if (index.documentFrequency({ cjk: text }) === 0) continue;
      joined = makeConcept(text, { cjk: text });
      i += length - 1;
    }
    out.push(joined ?? concepts[i]!);
  }
  return out;
}

/** A model number or code ("4SD10-18", "QB60", "ISO 9001"): what the question is about. */
const IDENTIFIER_BOOST = 2;
function isIdentifier(concept: Concept): boolean {
  const word = concept.primary.anyOf?.[0];
  return !concept.isNumber && word !== undefined && /\p{L}/u.test(word) && /\d/.test(word);
}

function isUnseen(index: CardIndex, concept: Concept): boolean {
  if (concept.isSoft || concept.isNumber) return false;
  return (
    index.documentFrequency(concept.primary) === 0 &&
    concept.alternatives.every(
      (form) => form.pattern !== undefined || index.documentFrequency(form) === 0,
    )
  );
}

// Selection -----------------------------------------------------------------------------------

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

function echoesQuestion(unit: Unit, questionTerms: ReadonlySet<string>): boolean {
  let count = 0;
  for (const term of unit.terms) {
    if (isStopWord(term)) continue;
    if (!questionTerms.has(term)) return false;
    count++;
  }
  return count >= 3;
}

/** "Which metering mode…", "for a landscape, which mode…": the answer names one of several. */
const WHICH_ONE = /(?:^|[,，]\s*)which\s+(?!is\b|are\b|was\b|were\b|does\b|do\b|did\b)\p{L}/u;

/** A heading that is a name (one to four words), not a title sentence. */
function isShortName(heading: string): boolean {
  return [...heading].length <= 30 && heading.trim().split(/\s+/).length <= 4;
}

/** A short heading above a unit that names something the question does not. */
function headingAnswers(unit: Unit, questionTerms: ReadonlySet<string>): boolean {
  if (!unit.heading || [...unit.heading].length > 60 || unit.isRow) return false;
  return [...unit.headingTerms].some((term) => !isStopWord(term) && !questionTerms.has(term));
}

function scoreUnits(
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
        const isFigure = type === 'quantity' || type === 'percent' || type === 'date';
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

function coverageOf(weighted: readonly WeightedConcept[], coverages: readonly number[]): number {
  const total = weighted.reduce((sum, item) => sum + item.weight, 0);
  if (total <= 0) return 0;
  return coverages.reduce((sum, coverage, i) => sum + coverage * weighted[i]!.weight, 0) / total;
}

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

/** A sentence that names a person: a title, a role, a contact label. */
const PERSON_HINT =
  /\b(?:mr|mrs|ms|dr|miss)\b\.?|\b(?:manager|director|ceo|founder|president|chairman|owner|contact|engineer|representative|sales)\b|经理|總監|总监|联系人|聯絡人|负责人|創辦人|创始人|董事长|总经理|主管|先生|女士|小姐|代表/iu;

const ABOUT_HEADING =
  /about|overview|profile|introduction|who we are|company|简介|介绍|关于|概况|概述|公司/u;
/** Sentences that introduce a company: what it makes, since when, where. */
const ABOUT_SENTENCE =
  /\b(?:produc|manufactur|establish|founded|located|speciali[sz]|leading|supplier|factory|company|co\.|ltd|inc\b|we (?:are|make|offer))|成立|位于|专业|生产|主营|公司|企业|工厂/u;
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
  const best = scored[0];
  if (!best) return { kind: 'not-covered' };
  const asksSeveral = /\b(?:and|as well as|also|plus)\b|[&,，、和及与]|以及|还有|另外/u.test(
    analysis.normalized,
  );
  const { selected, covered } = extendSelection(index, best, scored, weighted, asksSeveral);

  const isGrounded = (units: readonly ScoredUnit[], coverages: readonly number[]) =>
    coverageOf(weighted, coverages) >= MIN_COVERAGE &&
    coverageOf(weighted, units[0]!.coverages) >= MIN_SENTENCE_COVERAGE &&
    coverageOf(weighted, units[0]!.own) >= MIN_OWN_COVERAGE &&
    weighted.some((item, i) => !item.concept.isSoft && units[0]!.own[i]! >= 0.5);
  if (!isGrounded(selected, covered)) return { kind: 'not-covered' };
  // "What is the population of Guangdong?": Guangdong is there, a population is not.
  if (focusAt >= 0 && covered[focusAt]! < 0.7) return { kind: 'not-covered' };
  if (analysis.asksWho && !selected.some((item) => PERSON_HINT.test(item.unit.text))) {
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
  return {
    kind: 'answer',
    selected: selected.map(({ chunkIndex, unit }) => ({ chunkIndex, unit })),
    coverage: coverageOf(weighted, covered),
  };
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

// Composition ---------------------------------------------------------------------------------

/** A window of at most `max` characters of `text`, around the first of `focus` found in it. */
export function clip(text: string, max: number, focus: readonly string[] = []): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  if (chars.length <= max) return clean;
  const normalized = normalize(clean);
  let at = -1;
  for (const needle of focus) {
    const found = needle ? normalized.indexOf(needle) : -1;
    if (found >= 0) {
      at = [...normalized.slice(0, found)].length;
      break;
    }
  }
  let start = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor(max / 3), chars.length - max + 1));
  if (start > 0) {
    const space = chars.indexOf(' ', start);
    if (space > 0 && space - start < 20) start = space + 1;
  }
  let end = Math.min(chars.length, start + max - (start > 0 ? 2 : 1));
  if (end < chars.length) {
    const space = chars.lastIndexOf(' ', end);
    if (space > start + max / 2) end = space;
  }
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('').trim()}${end < chars.length ? '…' : ''}`;
}

/** "23.1 %" and "$ 757" as a PDF's columns left them: written as a reader writes them. */
function tidyFigures(text: string): string {
  return text.replace(/(\d) (%)/gu, '$1$2').replace(/([$€£¥]) (?=\d)/gu, '$1');
}

function focusTerms(question: string, keywords: readonly RedListKeyword[]): string[] {
  const forms = analyseQuestion(question).concepts.flatMap((c) => [
    ...(c.primary.anyOf ?? []),
    ...(c.primary.cjk ? [c.primary.cjk] : []),
    ...(c.primary.words ?? []),
  ]);
  return [...keywords.map((k) => normalize(k.keyword)), ...forms];
}

/** The visitor-facing message and citations of an outcome, in the visitor's language. */
export function composeAnswer(
  index: CardIndex,
  outcome: LocalOutcome,
  question: string,
  language: ChatLanguage,
  options: { companyName?: string | null; keywords?: readonly RedListKeyword[] } = {},
): Reply {
  const messages = messagesFor(language);
  switch (outcome.kind) {
    case 'greeting':
      return { message: messages.greeting(options.companyName ?? null), citations: [] };
    case 'no-documents':
      return { message: messages.noDocuments, citations: [] };
    case 'not-covered':
      return { message: messages.notCovered, citations: [] };
    case 'red-listed':
      return { message: messages.redListed(outcome.keyword), citations: [] };
    case 'answer':
      break;
  }
  const keywords = options.keywords ?? [];
  const touched = keywords.filter((keyword) =>
    outcome.selected.some((item) => keyword.matches(item.unit.text)),
  );
  const focus = focusTerms(question, touched);
  const questionTerms = new Set(termsOf(analyseQuestion(question).normalized));
  const asksWhich = WHICH_ONE.test(normalize(question));
  const citations: Citation[] = [];
  const citationKeys: string[] = [];
  const lines: string[] = [];
  const family = language === 'en' ? 'en' : 'zh';
  let quotesOtherLanguage = false;
  for (const { chunkIndex, unit } of outcome.selected) {
    const chunk = index.chunks[chunkIndex]!;
    const key = `${chunk.documentId}:${chunk.page ?? ''}`;
    let number = citationKeys.indexOf(key);
    const excerpt = clip(unit.text, MAX_EXCERPT_CHARS, focus);
    if (number < 0) {
      citationKeys.push(key);
      citations.push({ documentName: chunk.fileName, page: chunk.page, excerpt });
      number = citations.length - 1;
    } else {
      const joined = `${citations[number]!.excerpt} … ${excerpt}`;
      citations[number]!.excerpt = clip(joined, MAX_EXCERPT_CHARS, focus);
    }
    if (unit.family && unit.family !== family) quotesOtherLanguage = true;
    const share = Math.floor(MAX_QUOTE_CHARS / outcome.selected.length);
    // A line that restates the question is quoted with the heading that answers it.
    // So is the line under a short name when the question asks which one ("Matrix" above
    // "Measures light across the entire frame").
    const text =
      headingAnswers(unit, questionTerms) &&
      (echoesQuestion(unit, questionTerms) || (asksWhich && isShortName(unit.heading!)))
        ? `${unit.heading}: ${unit.text}`
        : unit.text;
    lines.push(`${clip(tidyFigures(text), share, focus)} [${number + 1}]`);
  }
  // Quoting another language: say, in the buyer's language, which document is quoted.
  const only = citations.length === 1 ? citations[0]! : null;
  const intro = !quotesOtherLanguage
    ? messages.intro
    : only
      ? messages.quotedFrom(only.documentName, only.page)
      : messages.introQuoted;
  return { message: `${intro}\n\n${lines.join('\n')}`, citations };
}

/**
 * Passages for a model to answer from: BM25 over the question, its rewrite into the documents'
 * language (when there is one) and, for a follow-up, the previous question at a lower weight.
 */
export function retrievePassages(
  index: CardIndex,
  questions: readonly string[],
  previousQuestion: string | undefined,
  limit: number,
): number[] {
  const queries = questions.map((question) => queryTerms(analyseQuestion(question).concepts));
  if (previousQuestion) {
    queries.push(queryTerms(analyseQuestion(previousQuestion).concepts, CONTEXT_WEIGHT));
  }
  return index.search(mergeQueries(...queries), limit).map((hit) => hit.index);
}
