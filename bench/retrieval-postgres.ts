import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { termOf } from '#server/ai/text/normalize.ts';

/*
 * The alternative index design, kept for retrieval.bench.ts: Postgres full-text search over
 * the stored `tokens` column, ranked with ts_rank. It is not used to answer: the in-memory BM25
 * index (src/server/ai/retrieval.ts) measured faster and ranked better, see the bench.
 *
 * Both sides are tokenized as the in-memory index tokenizes them, never by Postgres's own
 * parser (which would cut "4SD10-18" at the dash and read "-" in a web query as NOT): a
 * passage's terms are its stored segmentWords tokens taken verbatim
 * (`array_to_tsvector(string_to_array(tokens, ' '))`, so "4sd10-18", "4sd1018" and "iso9001"
 * stay whole), and the question's words are quoted lexemes of a `tsquery` literal, each with its
 * folded and stemmed form (termOf) as well. With `withIndex`, the bench first creates a GIN
 * expression index on its own throwaway database.
 */

export interface PostgresHit {
  id: number;
  score: number;
}

/** A tsquery literal: every word a quoted lexeme (no parsing, no operators from the text). */
export function lexemeQuery(words: readonly string[]): string {
  const lexemes = new Set<string>();
  for (const word of words) {
    for (const form of [word, termOf(word)]) if (form && !/\s/u.test(form)) lexemes.add(form);
  }
  return [...lexemes]
    .map((lexeme) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`)
    .join(' | ');
}

export async function searchWithPostgres(
  ctx: AppContext,
  cardId: number,
  words: readonly string[],
  limit: number,
): Promise<PostgresHit[]> {
  const query = lexemeQuery(words);
  if (!query) return [];
  const result = await ctx.db.execute(sql`
    select c.id, ts_rank(array_to_tsvector(string_to_array(c.tokens, ' ')), q) as score
    from document_chunks c
    join documents d on d.id = c.document_id,
    cast(${query} as tsquery) q
    where c.business_card_id = ${cardId}
      and d.status = 'ready'
      and array_to_tsvector(string_to_array(c.tokens, ' ')) @@ q
    order by score desc, c.id
    limit ${limit}
  `);
  const rows = (result as unknown as { rows: Array<{ id: number; score: number }> }).rows;
  return rows.map((row) => ({ id: Number(row.id), score: Number(row.score) }));
}

/** The expression index a production deployment of this design would need (bench only). */
export async function createPostgresSearchIndex(ctx: AppContext): Promise<void> {
  await ctx.db.execute(sql`
    create index if not exists document_chunks_tokens_fts
    on document_chunks using gin (array_to_tsvector(string_to_array(tokens, ' ')))
  `);
}
