import { queryTerms } from '#server/ai/retrieval.ts';
import { createIndexStore } from '#server/ai/store.ts';
import { analyseQuestion } from '#server/ai/text/question.ts';
import { isStopWord } from '#server/ai/text/stop-words.ts';
import { segmentWords } from '#server/ingest/index.ts';
import { buildAnswerCorpus, type BenchQuestion } from './answer.bench.ts';
import { createPostgresSearchIndex, searchWithPostgres } from './retrieval-postgres.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile } from './stats.ts';

/*
 * Which index the assistant retrieves with (ARCHITECTURE.md, "retrieval": measure, keep the
 * better). Same card as the answer bench (300 PDF pages), same 200 questions, top 8 passages:
 *
 *  - in memory: BM25 over the stored tokens (folded, stemmed, plus CJK character pairs), built
 *    once per card and checked against the database with one small query per question;
 *  - Postgres full-text search: to_tsvector('simple', tokens) @@ websearch_to_tsquery, ranked by
 *    ts_rank, first as the schema is (no index), then with a GIN expression index.
 *
 * Quality: how often the passage holding the expected answer is ranked first, or in the 8 (a
 * passage as the answerer reads it, with the end of a sentence cut at its edge).
 */

const LIMIT = 8;

interface Measured {
  times: number[];
  top1: number;
  top8: number;
  judged: number;
}

function summary(label: string, measured: Measured, target?: string): BenchResult[] {
  const share = (n: number) => `${((100 * n) / measured.judged).toFixed(0)}%`;
  return [
    {
      name: `${label}: p50 / p95 per question`,
      figure: `${ms(percentile(measured.times, 50))} / ${ms(percentile(measured.times, 95))}`,
      ...(target ? { target } : {}),
    },
    {
      name: `${label}: answer passage ranked 1st / in top ${LIMIT} (${measured.judged} questions)`,
      figure: `${share(measured.top1)} / ${share(measured.top8)}`,
    },
  ];
}

/** The passage that answers: it holds the question's model code (or series) and the value. */
function answers(question: BenchQuestion, text: string): boolean {
  if (!question.expect) return false;
  const code = /TX-[A-Z]\d{4}/.exec(question.q)?.[0] ?? /series ([A-C])/.exec(question.q)?.[1];
  return text.includes(question.expect) && (!code || text.includes(code));
}

export const retrievalBench: Bench = {
  name: 'retrieval',
  async run() {
    const corpus = await buildAnswerCorpus();
    const { bench } = corpus;
    const ctx = bench.ctx;
    // Follow-ups lean on their history; judged here are the self-contained questions.
    const questions = corpus.questions.filter((q) => q.kind !== 'follow-up');
    try {
      const store = createIndexStore(ctx);
      const built = performance.now();
      const index = await store.indexFor(bench.cardId);
      const buildMs = performance.now() - built;
      // A passage as the answerer reads it: with the end of a sentence cut at its edge.
      const readable = (i: number) =>
        index
          .unitsOf(i)
          .map((unit) => unit.text)
          .join('\n');
      const textById = new Map(index.chunks.map((chunk, i) => [chunk.id, readable(i)]));

      const memory: Measured = { times: [], top1: 0, top8: 0, judged: 0 };
      for (const question of questions) {
        const start = performance.now();
        const current = await store.indexFor(bench.cardId);
        const hits = current.search(queryTerms(analyseQuestion(question.q).concepts), LIMIT);
        memory.times.push(performance.now() - start);
        if (!question.expect) continue;
        memory.judged++;
        const texts = hits.map((hit) => readable(hit.index));
        if (texts[0] && answers(question, texts[0])) memory.top1++;
        if (texts.some((text) => answers(question, text))) memory.top8++;
      }

      const postgres = async (): Promise<Measured> => {
        const measured: Measured = { times: [], top1: 0, top8: 0, judged: 0 };
        for (const question of questions) {
          const words = segmentWords(question.q).filter((word) => !isStopWord(word));
          const start = performance.now();
          const hits = await searchWithPostgres(ctx, bench.cardId, words, LIMIT);
          measured.times.push(performance.now() - start);
          if (!question.expect) continue;
          measured.judged++;
          const texts = hits.map((hit) => textById.get(hit.id) ?? '');
          if (texts[0] && answers(question, texts[0])) measured.top1++;
          if (texts.some((text) => answers(question, text))) measured.top8++;
        }
        return measured;
      };
      const withoutIndex = await postgres();
      await createPostgresSearchIndex(ctx);
      const withIndex = await postgres();

      return [
        {
          name: `in-memory index of ${index.size} passages, built from the database`,
          figure: ms(buildMs),
        },
        ...summary('in-memory BM25 (kept)', memory, '< 150 ms'),
        ...summary('Postgres FTS, no index', withoutIndex),
        ...summary('Postgres FTS, GIN expression index', withIndex),
      ];
    } finally {
      await bench.close();
    }
  },
};
