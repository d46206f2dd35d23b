import { sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';

/*
 * The alternative index design, kept for bench/retrieval.bench.ts: Postgres full-text search over
 * the stored `tokens` column (`to_tsvector('simple', tokens)`, ranked with ts_rank). It is not
 * used to answer: the in-memory BM25 index (retrieval.ts) measured faster and ranked better,
 * see the bench. With `withIndex`, the bench first creates a GIN expression index on its own
 * throwaway database.
 */

export interface PostgresHit {
  id: number;
  score: number;
}

export async function searchWithPostgres(
  ctx: AppContext,
  cardId: number,
  words: readonly string[],
  limit: number,
): Promise<PostgresHit[]> {
  // websearch_to_tsquery quotes whatever it is given: visitor text cannot break the query.
  const query = [...new Set(words)]
    .map((word) => word.replace(/["']/g, ''))
    .filter(Boolean)
    .join(' or ');
  if (!query) return [];
  const result = await ctx.db.execute(sql`
    select c.id, ts_rank(to_tsvector('simple', c.tokens), q) as score
    from document_chunks c
    join documents d on d.id = c.document_id,
    websearch_to_tsquery('simple', ${query}) q
    where c.business_card_id = ${cardId}
      and d.status = 'ready'
      and to_tsvector('simple', c.tokens) @@ q
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
    on document_chunks using gin (to_tsvector('simple', tokens))
  `);
}
