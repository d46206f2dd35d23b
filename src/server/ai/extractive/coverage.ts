import type { CardIndex } from '../retrieval.ts';
import { cjkBigrams } from '../text/normalize.ts';
import { concept as makeConcept, type Concept, type Form } from '../text/question.ts';
import { type Unit } from '../text/units.ts';

/*
 * How much of the question a unit of the documents contains. Each concept of the question is
 * weighted by how rare it is in the card's documents (BM25's IDF; one found nowhere weighs
 * most); a unit covers a concept fully when it contains the word, partly through its heading,
 * a code that starts with it, a related word or some of a Chinese word's characters.
 */

export interface WeightedConcept {
  concept: Concept;
  weight: number;
}

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

/*
 * A concept found nowhere in the documents weighs as the rarest found one: more would let a
 * question's framing words ("identified", "section") decline what the documents answer; the
 * out-of-scope and injection questions of the sample companies stay declined (public-qa-2 and
 * the sample-company evals measured both ways).
 */
export function weigh(index: CardIndex, concepts: readonly Concept[]): WeightedConcept[] {
  return concepts.map((concept) => ({
    concept,
    weight:
      index.idf(index.documentFrequency(concept.primary)) *
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
export function joinCjkRuns(
  index: CardIndex,
  concepts: readonly Concept[],
  question: string,
): Concept[] {
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

/** The share of the question's weighted concepts that the given coverages reach. */
export function coverageOf(
  weighted: readonly WeightedConcept[],
  coverages: readonly number[],
): number {
  const total = weighted.reduce((sum, item) => sum + item.weight, 0);
  if (total <= 0) return 0;
  return coverages.reduce((sum, coverage, i) => sum + coverage * weighted[i]!.weight, 0) / total;
}
