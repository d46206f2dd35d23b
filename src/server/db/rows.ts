import type { SQL } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Runs a hand-written statement on either driver (PGlite or node-postgres) and answers its rows. */
export async function rows<Row>(ctx: { db: Database }, query: SQL): Promise<Row[]> {
  const result = await ctx.db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}
