import { createJobQueue } from '#server/jobs/queue.ts';
import { JOBS } from '#server/jobs/registry.ts';
import { runUpkeep } from '#server/jobs/upkeep.ts';
import { deriveAll } from '#server/features/pipeline/service.ts';
import { startBenchApp } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { seedOwnerSessions } from './seed-sessions.ts';
import { ms, percentile, timeEach } from './stats.ts';

const SESSIONS = Number(process.env.BENCH_PIPELINE_SESSIONS ?? 100_000);
const WARM_RUNS = 50;

/**
 * The owner of seed-sessions.ts (100,000 conversations, 1,000,000 messages, buying signals and
 * lead forms): the first scoring of all of them (the background job), then p95 of warm
 * GET /api/sales-pipeline/leads (a page of 100, unfiltered and filtered), which only scores
 * what changed since the last call.
 */
export const pipelineBench: Bench = {
  name: 'pipeline',
  async run() {
    const bench = await startBenchApp();
    const { app, cookie, ctx } = bench;
    const seedStart = performance.now();
    const { ownerId, messages } = await seedOwnerSessions(ctx, SESSIONS);
    const seedMs = performance.now() - seedStart;

    const deriveStart = performance.now();
    await deriveAll({ ctx, queue: createJobQueue(ctx, app.log, JOBS) }, ownerId);
    const deriveMs = performance.now() - deriveStart;
    // What the server's daily upkeep job does (on PGlite: VACUUM ANALYZE; PostgreSQL autovacuums).
    await runUpkeep(ctx);

    const results: BenchResult[] = [
      {
        name: `pipeline seed (${SESSIONS.toLocaleString('en')} sessions, ${messages.toLocaleString('en')} messages)`,
        figure: `${(seedMs / 1000).toFixed(1)} s`,
      },
      {
        name: 'pipeline first scoring of every conversation',
        figure: `${(deriveMs / 1000).toFixed(1)} s`,
      },
    ];
    for (const query of ['', '?stage=interested', '?priority=urgent', '?offset=5000']) {
      const call = async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/sales-pipeline/leads${query}`,
          headers: { cookie },
        });
        if (response.statusCode !== 200)
          throw new Error(`${query}: ${response.statusCode} ${response.body}`);
      };
      const warm = await timeEach(WARM_RUNS, call);
      results.push({
        name: `pipeline leads${query} warm p95`,
        figure: ms(percentile(warm, 95)),
        target: '≤ 50 ms',
      });
    }
    await bench.close();
    return results;
  },
};
