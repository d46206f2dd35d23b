import { sql } from 'drizzle-orm';
import type { TJobTypeStats } from '#shared/admin.ts';
import type { AppContext } from '#server/context.ts';
import { jobs } from '#server/db/schema.ts';

/** The queue per job type, for the admin's stats: what waits, retries, runs and failed. */
export async function jobQueueStats(ctx: AppContext): Promise<TJobTypeStats[]> {
  const count = (condition: ReturnType<typeof sql>) =>
    sql<number>`cast(count(*) filter (where ${condition}) as integer)`;
  return ctx.db
    .select({
      type: jobs.type,
      queued: count(sql`${jobs.status} = 'pending'`),
      retrying: count(sql`${jobs.status} = 'pending' and ${jobs.attempts} > 0`),
      running: count(sql`${jobs.status} = 'running'`),
      failed: count(sql`${jobs.status} = 'failed'`),
      done: count(sql`${jobs.status} = 'done'`),
      attempts: sql<number>`cast(coalesce(sum(${jobs.attempts}), 0) as integer)`,
    })
    .from(jobs)
    .groupBy(jobs.type)
    .orderBy(jobs.type);
}
