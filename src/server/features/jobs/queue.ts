import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { jobs } from '#server/db/schema.ts';

/*
 * The database-backed job queue (table `jobs`): work survives a restart and any instance may
 * claim it. A claim is one UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED), so two
 * instances never run the same job. Every claim counts an attempt; a failed job is retried
 * with exponential backoff until maxAttempts, then marked failed with its last error. A job
 * left "running" by a crashed process is claimed again once its lock is stale (and counts as
 * an attempt, so a job that keeps crashing the process ends up failed).
 */

export type JobRow = typeof jobs.$inferSelect;
export type JobHandler = (payload: unknown, job: JobRow) => Promise<void>;

export interface JobQueueOptions {
  /** How often due work is looked for (ms). */
  pollMs?: number;
  /** Delay before retry n (1-based): base · 2^(n-1), capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A running job whose lock is older than this is taken to have crashed. */
  staleLockMs?: number;
}

export interface JobQueue {
  enqueue(
    type: string,
    payload: unknown,
    options?: { runAt?: Date; maxAttempts?: number },
  ): Promise<number>;
  registerHandler(type: string, handler: JobHandler): void;
  /** Runs every job due now (one at a time); answers how many ran. */
  runDue(): Promise<number>;
  start(): void;
  /** Stops polling and waits for the job in hand. */
  stop(): Promise<void>;
}

export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

export function createJobQueue(
  ctx: AppContext,
  log: FastifyBaseLogger,
  options: JobQueueOptions = {},
): JobQueue {
  const pollMs = options.pollMs ?? 1000;
  const backoffBaseMs = options.backoffBaseMs ?? 5_000;
  const backoffMaxMs = options.backoffMaxMs ?? 60 * 60 * 1000;
  const staleLockMs = options.staleLockMs ?? 10 * 60 * 1000;
  const instance = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  let running: Promise<number> | null = null;

  async function claim(): Promise<JobRow | null> {
    const types = [...handlers.keys()];
    if (types.length === 0) return null;
    const now = ctx.now();
    const stale = new Date(now.getTime() - staleLockMs);
    const typeList = sql.join(
      types.map((type) => sql`${type}`),
      sql`, `,
    );
    const claimed = await ctx.db
      .update(jobs)
      .set({
        status: 'running',
        lockedAt: now,
        lockedBy: instance,
        attempts: sql`${jobs.attempts} + 1`,
      })
      .where(
        eq(
          jobs.id,
          sql`(SELECT id FROM jobs WHERE type IN (${typeList}) AND (
                (status = 'pending' AND run_at <= ${now.toISOString()})
                OR (status = 'running' AND locked_at < ${stale.toISOString()}))
              ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        ),
      )
      .returning();
    return claimed[0] ?? null;
  }

  async function finish(job: JobRow, error: unknown): Promise<void> {
    if (error === undefined) {
      await ctx.db
        .update(jobs)
        .set({ status: 'done', lockedAt: null, lockedBy: null, lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instance)));
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = job.attempts >= job.maxAttempts;
    const runAt = new Date(
      ctx.now().getTime() + backoffDelay(job.attempts, backoffBaseMs, backoffMaxMs),
    );
    await ctx.db
      .update(jobs)
      .set({
        status: giveUp ? 'failed' : 'pending',
        runAt: giveUp ? job.runAt : runAt,
        lockedAt: null,
        lockedBy: null,
        lastError: message,
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instance)));
    log.warn(
      { jobId: job.id, type: job.type, attempt: job.attempts, giveUp, err: message },
      'job failed',
    );
  }

  async function drain(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await claim();
      if (!job) return count;
      // A crashed job that used up its attempts is not run again.
      if (job.attempts > job.maxAttempts) {
        await finish(job, new Error(job.lastError ?? 'crashed'));
        continue;
      }
      const handler = handlers.get(job.type)!;
      let failure: unknown = undefined;
      try {
        await handler(job.payload, job);
      } catch (error) {
        failure = error ?? new Error('failed');
      }
      await finish(job, failure);
      count += 1;
    }
  }

  const runDue = (): Promise<number> => {
    // One drain at a time per instance: tests and the poller may ask together.
    const next = (running ?? Promise.resolve(0)).then(drain, drain);
    running = next.finally(() => {
      if (running === next) running = null;
    });
    return next;
  };

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runDue()
        .catch((error: unknown) => log.error({ err: error }, 'job poll failed'))
        .finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    async enqueue(type, payload, opts = {}) {
      const [row] = await ctx.db
        .insert(jobs)
        .values({
          type,
          payload: payload ?? {},
          runAt: opts.runAt ?? ctx.now(),
          ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
        })
        .returning({ id: jobs.id });
      return row!.id;
    },
    registerHandler(type, handler) {
      handlers.set(type, handler);
    },
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => 0);
    },
  };
}
