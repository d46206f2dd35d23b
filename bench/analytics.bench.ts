import { ownerDataStamp } from '#server/features/analytics/owner-cache.ts';
import { startBenchApp } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { seedOwnerSessions } from './seed-sessions.ts';
import { ms, percentile, timeEach } from './stats.ts';

const WARM_RUNS = 50;

/**
 * The owner of seed-sessions.ts (100,000 visitor sessions, 1,000,000 messages over 90 days),
 * then the owner's three analytics calls: the first (cold) answer and p95 of warm answers
 * (served from analytics_cache after the data-stamp check).
 */
export const analyticsBench: Bench = {
  name: 'analytics',
  async run() {
    const bench = await startBenchApp();
    const { app, cookie, ctx } = bench;
    const seedStart = performance.now();
    const { ownerId, sessions, messages } = await seedOwnerSessions(ctx);
    const seedMs = performance.now() - seedStart;

    const results: BenchResult[] = [
      {
        name: `analytics seed (${sessions.toLocaleString('en')} sessions, ${messages.toLocaleString('en')} messages)`,
        figure: `${(seedMs / 1000).toFixed(1)} s`,
      },
    ];
    const stamp = await timeEach(WARM_RUNS, () => ownerDataStamp(ctx, ownerId));
    results.push({ name: 'analytics data stamp alone p95', figure: ms(percentile(stamp, 95)) });
    for (const path of ['dashboard', 'visitors', 'traffic', 'traffic?days=90']) {
      const call = async () => {
        const response = await app.inject({
          method: 'GET',
          url: `/api/analytics/${path}`,
          headers: { cookie },
        });
        if (response.statusCode !== 200)
          throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      };
      const [cold] = await timeEach(1, call);
      const warm = await timeEach(WARM_RUNS, call);
      results.push(
        { name: `analytics ${path} cold (computed)`, figure: ms(cold!) },
        { name: `analytics ${path} warm p95`, figure: ms(percentile(warm, 95)), target: '≤ 50 ms' },
      );
    }
    await bench.close();
    return results;
  },
};
