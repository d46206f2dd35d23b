import { scriptCounts, type ScriptFamily } from '#server/text/language.ts';
import { BIGRAM_PREFIX, cjkBigrams, normalize, termOf } from './text/normalize.ts';
import { analyseQuestion, type Concept, type Form } from './text/question.ts';
import {
  isInsideTable,
  isTableLine,
  splitUnits,
  textUnit,
  trailingTableHeader,
  type Unit,
} from './text/units.ts';

/*
 * The card's passages in memory, ranked with BM25. Terms are the stored `tokens` column
 * (segmentWords at ingestion), folded and stemmed as questions are, plus CJK character pairs of
 * the text, so Chinese matches even where the word segmenter cut a question and a document
 * differently. Built once per card from the database and kept until the card's chunks change
 * (see store.ts); bench/retrieval.bench.ts compares it with Postgres full-text search.
 */

export interface ChunkRow {
  id: number;
  documentId: number;
  fileName: string;
  page: number | null;
  position: number;
  text: string;
  tokens: string;
}

export interface RankedChunk {
  index: number;
  score: number;
}

/** Passages back through which a table's header is carried. */
const MAX_CARRY = 4;
const K1 = 1.2;
const B = 0.75;
/** Weight of an earlier question's terms (and concepts) beside the question's own. */
export const CONTEXT_WEIGHT = 0.4;

export class CardIndex {
  readonly chunks: readonly ChunkRow[];
  /** normalize(text) of each chunk, for substring tests (CJK words, red-list keywords). */
  readonly normalized: readonly string[];
  /** The script most of the documents are written in. */
  readonly family: ScriptFamily | null;
  private readonly postings = new Map<string, number[]>();
  private readonly lengths: Float64Array;
  private readonly averageLength: number;
  private readonly units = new Map<number, Unit[]>();
  private readonly passages = new Map<number, Unit>();
  private readonly cjkFrequency = new Map<string, number>();

  constructor(rows: readonly ChunkRow[]) {
    this.chunks = rows;
    this.normalized = rows.map((row) => normalize(row.text));
    this.lengths = new Float64Array(rows.length);
    let han = 0;
    let latinWords = 0;
    rows.forEach((row, index) => {
      const counts = new Map<string, number>();
      let length = 0;
      for (const word of row.tokens.split(' ')) {
        if (!word) continue;
        const term = termOf(word);
        counts.set(term, (counts.get(term) ?? 0) + 1);
        length++;
      }
      for (const pair of cjkBigrams(this.normalized[index]!)) {
        const term = BIGRAM_PREFIX + pair;
        counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, tf] of counts) {
        let list = this.postings.get(term);
        if (!list) this.postings.set(term, (list = []));
        list.push(index, tf);
      }
      this.lengths[index] = length;
      const script = scriptCounts(row.text);
      han += script.han;
      latinWords += script.latinWords;
    });
    const total = this.lengths.reduce((sum, length) => sum + length, 0);
    this.averageLength = rows.length > 0 ? Math.max(1, total / rows.length) : 1;
    this.family = han + latinWords === 0 ? null : han / 1.6 > latinWords ? 'zh' : 'en';
  }

  get size(): number {
    return this.chunks.length;
  }

  /** BM25 inverse document frequency; a word found nowhere weighs as the rarest found one. */
  idf(documentFrequency: number): number {
    const n = this.chunks.length;
    const df = Math.max(1, documentFrequency);
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  termFrequency(term: string): number {
    return (this.postings.get(term)?.length ?? 0) / 2;
  }

  /** Passages in which a form occurs (an upper bound for several words: the rarest one). */
  documentFrequency(form: Form): number {
    if (form.words) return Math.min(...form.words.map((word) => this.termFrequency(word)));
    if (form.anyOf) return Math.max(...form.anyOf.map((word) => this.termFrequency(word)));
    if (form.cjk) {
      const cached = this.cjkFrequency.get(form.cjk);
      if (cached !== undefined) return cached;
      let count = 0;
      for (const text of this.normalized) if (text.includes(form.cjk)) count++;
      this.cjkFrequency.set(form.cjk, count);
      return count;
    }
    return 0;
  }

  /** Ranks passages for weighted query terms; the best `limit` with a positive score. */
  search(query: ReadonlyMap<string, number>, limit: number): RankedChunk[] {
    const scores = new Float64Array(this.chunks.length);
    const touched: number[] = [];
    for (const [term, weight] of query) {
      const list = this.postings.get(term);
      if (!list || weight <= 0) continue;
      const idf = this.idf(list.length / 2) * weight;
      for (let i = 0; i < list.length; i += 2) {
        const index = list[i]!;
        const tf = list[i + 1]!;
        const norm = K1 * (1 - B + (B * this.lengths[index]!) / this.averageLength);
        if (scores[index] === 0) touched.push(index);
        scores[index]! += (idf * (tf * (K1 + 1))) / (tf + norm);
      }
    }
    return touched
      .map((index) => ({ index, score: scores[index]! }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, limit);
  }

  /** A whole passage as one unit, for coverage tests on its context (kept while in use). */
  passageUnit(index: number): Unit {
    let unit = this.passages.get(index);
    if (!unit) {
      unit = textUnit(this.chunks[index]!.text);
      if (this.passages.size > 512) this.passages.clear();
      this.passages.set(index, unit);
    }
    return unit;
  }

  /** Whether a form occurs anywhere in one document (its subject: a company, a product). */
  documentHas(documentId: number, form: Form): boolean {
    const inChunks = (term: string) => {
      const list = this.postings.get(term);
      if (!list) return false;
      for (let i = 0; i < list.length; i += 2) {
        if (this.chunks[list[i]!]!.documentId === documentId) return true;
      }
      return false;
    };
    if (form.words) return form.words.every(inChunks);
    if (form.anyOf) return inChunks(form.anyOf[0]!);
    if (form.cjk) {
      return this.chunks.some(
        (chunk, i) => chunk.documentId === documentId && this.normalized[i]!.includes(form.cjk!),
      );
    }
    return false;
  }

  /** The sentences of a passage (computed on first use, then kept). */
  unitsOf(index: number): Unit[] {
    let units = this.units.get(index);
    if (!units) {
      units = splitUnits(
        this.chunks[index]!.text + this.continuation(index),
        this.carriedHeader(index),
      );
      this.units.set(index, units);
    }
    return units;
  }

  /**
   * The header row of a table that began in an earlier passage of the same document: the
   * previous one, or further back through passages that are all rows (a statement cut in
   * three keeps its years over the last third).
   */
  carriedHeader(index: number): string | null {
    for (let at = index; at > index - MAX_CARRY; at--) {
      const chunk = this.chunks[at]!;
      const previous = this.chunks[at - 1];
      if (!previous || previous.documentId !== chunk.documentId) return null;
      const firstLine = chunk.text.trimStart().split('\n', 1)[0] ?? '';
      if (!isTableLine(firstLine)) return null;
      const header = trailingTableHeader(previous.text);
      if (header || !isInsideTable(previous.text)) return header;
    }
    return null;
  }

  /**
   * A passage cut in the middle of a sentence (PDF lines are cut anywhere) gets the end of that
   * sentence from the next passage of the same page, so a quoted sentence is whole.
   */
  private continuation(index: number): string {
    const chunk = this.chunks[index]!;
    const next = this.chunks[index + 1];
    if (!next || next.documentId !== chunk.documentId || next.page !== chunk.page) return '';
    if (/[.!?。！？;；]\s*$/u.test(chunk.text)) return '';
    // The next passage starts with a little of this one's end (the chunker's overlap).
    const probe = next.text.slice(0, 24);
    const at = probe ? chunk.text.lastIndexOf(probe) : -1;
    const rest = at >= 0 ? next.text.slice(chunk.text.length - at) : next.text;
    const end = /[.!?。！？;；](?=\s|$)|\n\s*\n/u.exec(rest);
    const piece = end ? rest.slice(0, end.index + end[0].length) : rest.slice(0, 300);
    if (piece.length > 300) return '';
    return (/^\s/.test(rest) || at < 0 ? '\n' : '') + piece.trimEnd();
  }
}

function addTerm(query: Map<string, number>, term: string, weight: number) {
  if (!term) return;
  query.set(term, Math.max(query.get(term) ?? 0, weight));
}

function addForm(query: Map<string, number>, form: Form, weight: number) {
  for (const word of form.words ?? []) addTerm(query, word, weight);
  form.anyOf?.forEach((word, i) => addTerm(query, word, i === 0 ? weight : weight * 0.3));
  if (form.cjk) {
    const pairs = cjkBigrams(form.cjk);
    if (pairs.length === 0) addTerm(query, form.cjk, weight);
    else {
      addTerm(query, form.cjk, weight * 0.5);
      for (const pair of pairs)
        addTerm(query, BIGRAM_PREFIX + pair, weight / Math.sqrt(pairs.length));
    }
  }
}

/** Weighted index terms for concepts: synonyms and translations count for less. */
export function queryTerms(concepts: readonly Concept[], scale = 1): Map<string, number> {
  const query = new Map<string, number>();
  for (const concept of concepts) {
    const weight = scale * (concept.isSoft ? 0.3 : 1);
    addForm(query, concept.primary, weight);
    for (const alternative of concept.alternatives) addForm(query, alternative, weight * 0.5);
  }
  return query;
}

export function mergeQueries(...queries: ReadonlyArray<Map<string, number>>): Map<string, number> {
  const merged = new Map<string, number>();
  for (const query of queries) for (const [term, weight] of query) addTerm(merged, term, weight);
  return merged;
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
