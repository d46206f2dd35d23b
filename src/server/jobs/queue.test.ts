import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '#server/db/schema.ts';
import { MAIL_JOB } from '#server/lib/mailer.ts';
import { api, createTestApp, uniqueUser, type TestApp } from '#server/test/test-app.ts';
import {
  CRASHED_JOB_ERROR,
  createJobQueue,
  type JobHandlers,
  type JobQueue,
  type JobRegistry,
} from './queue.ts';

/*
 * The job queue on a real database: lanes, retries with backoff, attempts, jobs left running by
 * a process that died, payloads checked against their type's schema, and mails sent through it.
 * Test job types get a queue of their own (a registry of theirs) on the app's database; the
 * app's queue claims only the app's types.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function jobRow(id: number) {
  const [row] = await t.ctx.db.select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A queue of these test types on the app's database (and clock), its handlers installed. */
function testQueue<R extends JobRegistry>(registry: R, handlers: JobHandlers<R>): JobQueue<R> {
  const queue = createJobQueue(t.ctx, t.app.log, registry);
  queue.handle(handlers);
  return queue;
}

describe('lanes', () => {
  it('runs a quick job while a long one of another lane is still running', async () => {
    const release = deferred();
    const started = deferred();
    const quickRuns: unknown[] = [];
    const queue = testQueue(
      {
        'test.long': { payload: z.object({}), lane: 'test-long' },
        'test.quick': { payload: z.object({ n: z.number() }) },
      },
      {
        'test.long': {
          async run() {
            started.resolve();
            await release.promise;
          },
        },
        'test.quick': {
          async run(payload) {
            quickRuns.push(payload);
          },
        },
      },
    );
    queue.start();
    try {
      const longId = await queue.enqueue('test.long', {});
      await started.promise;
      const quickId = await queue.enqueue('test.quick', { n: 1 });
      await queue.settle(['test.quick']);

      expect(quickRuns).toEqual([{ n: 1 }]);
      expect(await jobRow(quickId)).toMatchObject({ status: 'done', attempts: 1 });
      // One queued by another instance is found by this one's poller, long job or not.
      const [fromElsewhere] = await t.ctx.db
        .insert(jobs)
        .values({ type: 'test.quick', payload: { n: 2 } })
        .returning({ id: jobs.id });
      while ((await jobRow(fromElsewhere!.id)).status !== 'done') {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(quickRuns).toEqual([{ n: 1 }, { n: 2 }]);
      expect(await jobRow(longId)).toMatchObject({ status: 'running', attempts: 1 });
      release.resolve();
      await queue.settle(['test.long']);
      expect(await jobRow(longId)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
    } finally {
      release.resolve();
      await queue.stop();
    }
  });
});

describe('failures', () => {
  it('retries with backoff, counts attempts, then fails for good and says so once', async () => {
    const givenUp: Array<{ payload: unknown; error: string; crashed: boolean }> = [];
    const queue = testQueue(
      {
        'test.flaky': { payload: z.object({ secret: z.string() }), erasePayloadWhenSettled: true },
      },
      {
        'test.flaky': {
          async run() {
            throw new Error('the partner server answered 503');
          },
          onGiveUp: async (payload, _job, failure) => {
            givenUp.push({ payload, ...failure });
          },
        },
      },
    );
    const id = await queue.enqueue('test.flaky', { secret: 'link' }, { maxAttempts: 3 });
    await queue.runDue(['test.flaky']);
    const first = await jobRow(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.lastError).toBe('the partner server answered 503');
    // Not retried before its backoff is over.
    expect(first.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await queue.runDue(['test.flaky'])).toBe(0);

    t.clock.advance(5_000);
    await queue.runDue(['test.flaky']);
    const second = await jobRow(id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    // The wait doubles.
    expect(second.runAt.getTime() - t.clock.now().getTime()).toBeGreaterThanOrEqual(9_000);
    expect(givenUp).toEqual([]);

    t.clock.advance(10_000);
    await queue.runDue(['test.flaky']);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, payload: {} });
    expect(givenUp).toEqual([
      { payload: { secret: 'link' }, error: 'the partner server answered 503', crashed: false },
    ]);
    t.clock.advance(60 * 60_000);
    expect(await queue.runDue(['test.flaky'])).toBe(0);
  });

  it('takes back a job from an instance that died, and fails one that died on its last try', async () => {
    const ran: unknown[] = [];
    const crashed: unknown[] = [];
    const queue = testQueue(
      { 'test.crashy': { payload: z.object({ name: z.string() }) } },
      {
        'test.crashy': {
          async run(payload) {
            ran.push(payload);
          },
          onGiveUp: async (payload, _job, failure) => {
            if (failure.crashed) crashed.push(payload);
          },
        },
      },
    );
    const longAgo = new Date(t.clock.now().getTime() - 60 * 60_000);
    const leftRunning = (name: string, attempts: number) =>
      t.ctx.db
        .insert(jobs)
        .values({
          type: 'test.crashy',
          payload: { name },
          status: 'running',
          attempts,
          maxAttempts: 2,
          lockedAt: longAgo,
          lockedBy: 'a-process-that-died',
        })
        .returning({ id: jobs.id });
    const [once] = await leftRunning('once', 1);
    const [twice] = await leftRunning('twice', 2);

    await queue.settle(['test.crashy']);
    expect(ran).toEqual([{ name: 'once' }]);
    expect(await jobRow(once!.id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(await jobRow(twice!.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: CRASHED_JOB_ERROR,
    });
    expect(crashed).toEqual([{ name: 'twice' }]);
  });
});

describe('payloads', () => {
  const strict = { 'test.strict': { payload: z.object({ n: z.number().int() }) } };

  it('fails a job whose payload does not fit its schema, at once, and runs the next', async () => {
    const ran: number[] = [];
    const givenUp: unknown[] = [];
    const queue = testQueue(strict, {
      'test.strict': {
        async run({ n }) {
          ran.push(n);
        },
        onGiveUp: async (payload) => {
          givenUp.push(payload);
        },
      },
    });
    // Rows as a hand-written insert or an older version might have left them.
    const [bad, good] = await t.ctx.db
      .insert(jobs)
      .values([
        { type: 'test.strict', payload: { n: 'one' }, maxAttempts: 5 },
        { type: 'test.strict', payload: { n: 2 } },
      ])
      .returning({ id: jobs.id });

    expect(await queue.runDue(['test.strict'])).toBe(2);
    const failed = await jobRow(bad!.id);
    // Not retried: the same payload would fail the same way.
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, lockedBy: null });
    expect(failed.lastError).toMatch(/^invalid payload for test\.strict: n: /);
    expect(failed.lastError).toContain('expected number');
    expect(await jobRow(good!.id)).toMatchObject({ status: 'done' });
    expect(ran).toEqual([2]);
    // There is no record to tell of a payload that names none.
    expect(givenUp).toEqual([]);
  });

  it('types enqueue by the registry', () => {
    const queue = createJobQueue(t.ctx, t.app.log, strict);
    // Compile-time checks only (`tsc` fails when one of these lines type-checks).
    const unchecked = () => [
      // @ts-expect-error a payload of the wrong shape
      queue.enqueue('test.strict', { n: 'one' }),
      // @ts-expect-error a type that is not in the registry
      queue.enqueue('test.unknown', {}),
      // @ts-expect-error the app's mail job needs a whole mail
      t.app.jobs.enqueue(MAIL_JOB, { to: 'someone@example.com' }),
    ];
    expect(typeof unchecked).toBe('function');
  });

  it('installs the handlers once', () => {
    const handlers = { 'test.strict': { run: async () => undefined } };
    const queue = testQueue(strict, handlers);
    expect(() => queue.handle(handlers)).toThrow(/once/);
  });
});

describe('mails', () => {
  it('registers at once while the mail server is down, retries the mail, then logs it failed', async () => {
    const lines: string[] = [];
    const capture = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const down = await createTestApp({
      env: { SMTP_URL: 'smtp://127.0.0.1:1' },
      shareDatabaseWith: t,
      logger: { level: 'error', stream: capture },
    });
    try {
      // Only this instance sends mail in this test.
      await t.app.jobs.stop();
      const user = uniqueUser();
      const registered = await api(down, 'POST', '/api/auth/register', { body: user });
      expect(registered.statusCode).toBe(201);

      await down.app.jobs.runDue([MAIL_JOB]);
      const [queued] = await t.ctx.db
        .select()
        .from(jobs)
        .where(eq(jobs.type, MAIL_JOB))
        .orderBy(jobs.id)
        .then((rows) => rows.filter((row) => row.status !== 'done'));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
      expect(queued!.lastError).toMatch(/ECONNREFUSED/);
      expect(queued!.payload).toMatchObject({ to: user.email });

      for (let attempt = 2; attempt <= queued!.maxAttempts; attempt++) {
        down.clock.advance(2 * 60 * 60_000);
        await down.app.jobs.runDue([MAIL_JOB]);
      }
      const failed = await jobRow(queued!.id);
      expect(failed).toMatchObject({ status: 'failed', attempts: queued!.maxAttempts });
      // The verification link is not kept in the database once the mail is given up.
      expect(failed.payload).toEqual({});
      const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logged).toContainEqual(
        expect.objectContaining({ msg: 'mail could not be sent', to: user.email }),
      );
    } finally {
      await down.close();
      t.app.jobs.start();
    }
  });
});
