import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/test-app.ts';
import { KEEP_SETTLED_JOBS_MS, UPKEEP_JOB, runUpkeep } from './upkeep.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database upkeep', () => {
  it('is queued once, a day ahead, however many instances start', async () => {
    const again = await createTestApp({ shareDatabaseWith: t });
    await again.close();
    const waiting = await t.ctx.db.select().from(jobs).where(eq(jobs.type, UPKEEP_JOB));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.status).toBe('pending');
    expect(waiting[0]!.runAt.getTime() - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);
  });

  it('deletes settled jobs older than a week and keeps the rest', async () => {
    const old = new Date(Date.now() - KEEP_SETTLED_JOBS_MS - 60_000);
    const rows = await t.ctx.db
      .insert(jobs)
      .values([
        { type: 'upkeep-test', status: 'done' },
        { type: 'upkeep-test', status: 'failed' },
        { type: 'upkeep-test', status: 'done' },
        { type: 'upkeep-test', status: 'pending' },
      ])
      .returning({ id: jobs.id });
    const [oldDone, oldFailed, , oldPending] = rows.map((row) => row.id);
    await t.ctx.db.execute(
      sql`update jobs set updated_at = ${old.toISOString()} where id in (${oldDone}, ${oldFailed}, ${oldPending})`,
    );

    const result = await runUpkeep(t.ctx);
    expect(result.deletedJobs).toBe(2);
    expect(result.vacuumed).toBe(t.ctx.dbKind === 'pglite');
    const left = await t.ctx.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(eq(jobs.type, 'upkeep-test'));
    // The recent done job and the waiting one stay, whatever their age.
    expect(left.map((row) => row.status).sort()).toEqual(['done', 'pending']);
  });
});
