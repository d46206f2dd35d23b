import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { jobs } from '#server/db/schema.ts';
import type { AppJobs } from './registry.ts';

/*
 * The database-backed job queue (table `jobs`): work survives a restart and any instance may
 * claim it. A claim is one UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED), so two
 * instances never run the same job. Every claim counts an attempt; a failed job is retried
 * with exponential backoff until maxAttempts, then marked failed with its last error. While a
 * job runs its instance refreshes the lock; a job whose lock went stale (its process died) is
 * claimed again and counts as an attempt, so a job that keeps crashing the process ends up
 * failed.
 *
 * The job types are a registry (registry.ts: name → payload schema, lane): enqueue() takes only
 * a payload of its type's shape, and a claimed job's payload is checked against the schema
 * before its handler sees it — one that does not fit (a row written by hand or by an older
 * version) fails that job for good with the schema's complaint, never the worker.
 *
 * Job types run in lanes: each lane runs one job at a time per instance, and lanes run side by
 * side, so a two-minute document does not hold up a password-reset mail.
 */

export type JobRow = typeof jobs.$inferSelect;

/** One kind of job, as the registry describes it. */
export interface JobType {
  /** The payload's schema: enqueue() is typed by it, a claimed job is checked against it. */
  payload: z.ZodType;
  /** Jobs of a lane run one at a time per instance (default: the shared default lane). */
  lane?: string;
  /** The payload holds secrets (a mail's sign-in link): erased once the job is settled. */
  erasePayloadWhenSettled?: boolean;
}

/** Job types by the name stored in `jobs.type`. */
export type JobRegistry = Record<string, JobType>;

/** The payload a handler of type T of registry R is given (parsed by its schema). */
export type JobPayloadOf<R extends JobRegistry, T extends keyof R> = z.output<R[T]['payload']>;

/** What runs a job type: one per type, given to the queue at start-up. */
export interface JobHandler<Payload> {
  run(payload: Payload, job: JobRow): Promise<void>;
  /**
   * Told once when a job fails for good (its last attempt failed, or it crashed the process
   * on its last attempt), so the record it works on can say so. Not told of a job whose
   * payload does not fit its schema (there is no record to name).
   */
  onGiveUp?: (
    payload: Payload,
    job: JobRow,
    failure: { crashed: boolean; error: string },
  ) => Promise<void>;
}

/** A handler for every type of the registry: none may be left out. */
export type JobHandlers<R extends JobRegistry> = {
  [T in keyof R]: JobHandler<JobPayloadOf<R, T>>;
};

export const DEFAULT_LANE = 'default';
/** The error stored for a job whose process stopped while running it. */
export const CRASHED_JOB_ERROR = 'the server stopped while running this job';

/**
 * Thrown by a handler that let go of its job because the server is stopping: the job goes back
 * to the queue as it was, its attempt not counted, for this or another instance to run.
 */
export class JobReleased extends Error {
  constructor() {
    super('released while the server stops');
    this.name = 'JobReleased';
  }
}

/** A claimed job whose payload does not fit its type's schema: it fails at once, for good. */
export class InvalidJobPayload extends Error {
  constructor(type: string, error: z.ZodError) {
    const issues = error.issues.map(
      (issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(payload)'}: ${issue.message}`,
    );
    super(`invalid payload for ${type}: ${issues.join('; ')}`);
    this.name = 'InvalidJobPayload';
  }
}

export interface JobQueueOptions {
  /** How often due work is looked for (ms). */
  pollMs?: number;
  /** Delay before retry n (1-based): base · 2^(n-1), capped. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A running job whose lock has not been refreshed for this long is taken to have crashed. */
  staleLockMs?: number;
}

/** The queue of the app's job types (registry.ts), or of another registry (tests). */
export interface JobQueue<R extends JobRegistry = AppJobs> {
  /** Queues a job; its payload must have its type's shape (checked again when it is claimed). */
  enqueue<T extends keyof R & string>(
    type: T,
    payload: z.input<R[T]['payload']>,
    options?: { runAt?: Date; maxAttempts?: number },
  ): Promise<number>;
  /**
   * Installs the handler of every job type, once, at start-up (buildApp): until then this
   * instance claims nothing.
   */
  handle(handlers: JobHandlers<R>): void;
  /**
   * Runs every job due now on this instance (lanes side by side, one job at a time in each;
   * only the lanes of `types` when given); answers how many ran. A stopped queue runs nothing.
   */
  runDue(types?: readonly (keyof R & string)[]): Promise<number>;
  /**
   * Resolves once no job of these types is due or running on any instance: runs them here,
   * and waits for those another instance holds (tests, and `whenIdle` of documents).
   */
  settle(types: readonly (keyof R & string)[]): Promise<void>;
  start(): void;
  /** Stops polling and claiming, and waits for the jobs in hand. */
  stop(): Promise<void>;
}

export function backoffDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

interface RegisteredType {
  schema: z.ZodType;
  handler: JobHandler<unknown>;
  lane: string;
  erasePayloadWhenSettled: boolean;
}

export function createJobQueue<R extends JobRegistry>(
  ctx: AppContext,
  log: FastifyBaseLogger,
  registry: R,
  options: JobQueueOptions = {},
): JobQueue<R> {
  const pollMs = options.pollMs ?? 1000;
  const backoffBaseMs = options.backoffBaseMs ?? 5_000;
  const backoffMaxMs = options.backoffMaxMs ?? 60 * 60 * 1000;
  const staleLockMs = options.staleLockMs ?? 2 * 60 * 1000;
  const instance = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const types = new Map<string, RegisteredType>();
  /** The drain in progress per lane (one at a time per lane on this instance). */
  const draining = new Map<string, Promise<number>>();
  let timer: NodeJS.Timeout | null = null;
  /** start() was called: the queue polls, and runs work enqueued here at once. */
  let polling = false;
  /** stop() was called: nothing more is claimed here. */
  let closing = false;

  function laneTypes(lane: string): string[] {
    return [...types].filter(([, entry]) => entry.lane === lane).map(([type]) => type);
  }

  async function claim(lane: string): Promise<JobRow | null> {
    const typeList = sql.join(
      laneTypes(lane).map((type) => sql`${type}`),
      sql`, `,
    );
    const now = ctx.now();
    const stale = new Date(now.getTime() - staleLockMs);
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
                OR (status = 'running' AND locked_at < ${stale.toISOString()}
                    AND locked_by <> ${instance}))
              ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
        ),
      )
      .returning();
    return claimed[0] ?? null;
  }

  /** Keeps the lock of a job in hand fresh, so no other instance takes it for crashed. */
  function holdLock(job: JobRow): () => void {
    const beat = setInterval(
      () => {
        void ctx.db
          .update(jobs)
          .set({ lockedAt: ctx.now() })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, instance)))
          .catch((error: unknown) => log.warn({ err: error, jobId: job.id }, 'job lock refresh'));
      },
      Math.max(1000, Math.floor(staleLockMs / 4)),
    );
    beat.unref();
    return () => clearInterval(beat);
  }

  /**
   * Settles a claimed job: done, released, retried later, or failed for good (after its last
   * attempt, or at once when its payload does not fit its schema).
   */
  async function finish(job: JobRow, error: unknown, crashed = false): Promise<void> {
    const entry = types.get(job.type);
    const erase = entry?.erasePayloadWhenSettled ? { payload: {} } : {};
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, instance));
    if (error instanceof JobReleased) {
      await ctx.db
        .update(jobs)
        .set({ status: 'pending', attempts: job.attempts - 1, lockedAt: null, lockedBy: null })
        .where(mine);
      return;
    }
    if (error === undefined) {
      await ctx.db
        .update(jobs)
        .set({ status: 'done', lockedAt: null, lockedBy: null, lastError: null, ...erase })
        .where(mine);
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const giveUp = job.attempts >= job.maxAttempts || error instanceof InvalidJobPayload;
    const retryAt = new Date(
      ctx.now().getTime() + backoffDelay(job.attempts, backoffBaseMs, backoffMaxMs),
    );
    await ctx.db
      .update(jobs)
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts: job.attempts,
        runAt: giveUp ? job.runAt : retryAt,
        lockedAt: null,
        lockedBy: null,
        lastError: message,
        ...(giveUp ? erase : {}),
      })
      .where(mine);
    log.warn(
      { jobId: job.id, type: job.type, attempt: job.attempts, giveUp, err: message },
      'job failed',
    );
    const onGiveUp = entry?.handler.onGiveUp;
    const payload = entry?.schema.safeParse(job.payload);
    if (giveUp && onGiveUp && payload?.success) {
      try {
        await onGiveUp(payload.data, job, { crashed, error: message });
      } catch (hookError) {
        log.error({ err: hookError, jobId: job.id, type: job.type }, 'job give-up hook failed');
      }
    }
  }

  async function runOne(job: JobRow): Promise<void> {
    // A job that crashed the process on its last allowed attempt is not run again.
    if (job.attempts > job.maxAttempts) {
      await finish({ ...job, attempts: job.maxAttempts }, new Error(CRASHED_JOB_ERROR), true);
      return;
    }
    const entry = types.get(job.type)!;
    const payload = entry.schema.safeParse(job.payload);
    if (!payload.success) {
      await finish(job, new InvalidJobPayload(job.type, payload.error));
      return;
    }
    const release = holdLock(job);
    let failure: unknown = undefined;
    try {
      await entry.handler.run(payload.data, job);
    } catch (error) {
      failure = error ?? new Error('failed');
    } finally {
      release();
    }
    await finish(job, failure);
  }

  async function drain(lane: string): Promise<number> {
    let count = 0;
    while (!closing) {
      const job = await claim(lane);
      if (!job) break;
      await runOne(job);
      count += 1;
    }
    return count;
  }

  /** Drains a lane, after the drain already in progress there (tests and the poller may ask together). */
  function runLane(lane: string): Promise<number> {
    const previous = draining.get(lane) ?? Promise.resolve(0);
    const next = previous.then(
      () => drain(lane),
      () => drain(lane),
    );
    const settled = next.finally(() => {
      if (draining.get(lane) === settled) draining.delete(lane);
    });
    draining.set(lane, settled);
    return next;
  }

  function lanesOf(selected?: readonly string[]): string[] {
    const lanes = [...types]
      .filter(([type]) => !selected || selected.includes(type))
      .map(([, entry]) => entry.lane);
    return [...new Set(lanes)];
  }

  async function runDue(selected?: readonly string[]): Promise<number> {
    const counts = await Promise.all(lanesOf(selected).map(runLane));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  /** Whether a job of these types is due now or running (here or on another instance). */
  async function hasUnsettled(selected: readonly string[]): Promise<boolean> {
    const [row] = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.type, [...selected]),
          or(
            eq(jobs.status, 'running'),
            and(eq(jobs.status, 'pending'), lte(jobs.runAt, ctx.now())),
          ),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Each lane is polled on its own: a lane busy with a long document does not hold up the rest. */
  function schedule(): void {
    if (!polling) return;
    timer = setTimeout(() => {
      for (const lane of lanesOf()) {
        if (draining.has(lane)) continue;
        runLane(lane).catch((error: unknown) => log.error({ err: error, lane }, 'job poll failed'));
      }
      schedule();
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
      // Work due now starts here at once instead of at the next poll.
      const entry = types.get(type);
      if (entry && polling && !opts.runAt) {
        runLane(entry.lane).catch((error: unknown) =>
          log.error({ err: error, type }, 'job run failed'),
        );
      }
      return row!.id;
    },
    handle(handlers) {
      if (types.size > 0) throw new Error('the job handlers are installed once, at start-up');
      for (const [type, jobType] of Object.entries(registry)) {
        types.set(type, {
          schema: jobType.payload,
          handler: handlers[type] as JobHandler<unknown>,
          lane: jobType.lane ?? DEFAULT_LANE,
          erasePayloadWhenSettled: jobType.erasePayloadWhenSettled ?? false,
        });
      }
    },
    runDue,
    async settle(selected) {
      for (;;) {
        // Nothing runs here once stopped: then this waits for the instances still working.
        await runDue(selected);
        if (!(await hasUnsettled(selected))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    start() {
      if (polling) return;
      polling = true;
      closing = false;
      schedule();
    },
    async stop() {
      polling = false;
      closing = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await Promise.all([...draining.values()].map((lane) => lane.catch(() => 0)));
    },
  };
}
