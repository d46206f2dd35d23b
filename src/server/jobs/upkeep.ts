import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { jobs } from '#server/db/schema.ts';
import type { JobQueue } from './queue.ts';
import type { AppJobHandler, JobName } from './registry.ts';

/*
 * Daily upkeep of the database, as a job on the queue (so one instance does it):
 * - settled jobs are kept a week for the admin stats, then deleted, so the queue stays small;
 * - the embedded database is vacuumed and analysed. PostgreSQL's autovacuum does this by
 *   itself; PGlite has none, and rows rewritten often (a lead's priority copied onto its
 *   session row by a trigger) leave dead versions that slow the lists down.
 */

export const UPKEEP_JOB = 'db.upkeep' satisfies JobName;
export const UPKEEP_EVERY_MS = 24 * 60 * 60 * 1000;
export const KEEP_SETTLED_JOBS_MS = 7 * 24 * 60 * 60 * 1000;

/** What one upkeep run did. */
export interface UpkeepResult {
  deletedJobs: number;
  vacuumed: boolean;
}

export async function runUpkeep(ctx: AppContext): Promise<UpkeepResult> {
  const before = new Date(ctx.now().getTime() - KEEP_SETTLED_JOBS_MS);
  const deleted = await ctx.db
    .delete(jobs)
    .where(and(inArray(jobs.status, ['done', 'failed']), lt(jobs.updatedAt, before)))
    .returning({ id: jobs.id });
  const vacuumed = ctx.dbKind === 'pglite';
  if (vacuumed) await ctx.db.execute(sql`VACUUM ANALYZE`);
  return { deletedJobs: deleted.length, vacuumed };
}

/** Queues the next run unless one is already waiting (another instance may have queued it). */
async function scheduleUpkeep(ctx: AppContext, queue: JobQueue, runAt: Date): Promise<void> {
  const [waiting] = await ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.type, UPKEEP_JOB), eq(jobs.status, 'pending')))
    .limit(1);
  if (!waiting) await queue.enqueue(UPKEEP_JOB, {}, { runAt, maxAttempts: 3 });
}

/** The upkeep job: runs, then queues the next run a day later. */
export function upkeepJob(
  ctx: AppContext,
  queue: JobQueue,
  log: FastifyBaseLogger,
): AppJobHandler<typeof UPKEEP_JOB> {
  return {
    async run() {
      const result = await runUpkeep(ctx);
      log.info(result, 'database upkeep');
      await scheduleUpkeep(ctx, queue, new Date(ctx.now().getTime() + UPKEEP_EVERY_MS));
    },
  };
}

/** At start-up: the first run is a day after the first start. */
export async function scheduleFirstUpkeep(ctx: AppContext, queue: JobQueue): Promise<void> {
  await scheduleUpkeep(ctx, queue, new Date(ctx.now().getTime() + UPKEEP_EVERY_MS));
}
