import { sql } from 'drizzle-orm';
import { ownerDataStamp } from '#server/features/analytics/owner-cache.ts';
import { startBenchApp } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile, timeEach } from './stats.ts';

const SESSIONS = 100_000;
const MESSAGES_PER_SESSION = 10; // 5 from the visitor, 5 answers: 1,000,000 messages in all
const CARDS = 20;
const BATCH = 10_000;
const WARM_RUNS = 50;

/**
 * One owner with 100,000 visitor sessions and 1,000,000 messages over 90 days, seeded with
 * generate_series; then the owner's three analytics calls: the first (cold) answer and p95 of
 * warm answers (served from analytics_cache after the data-stamp check).
 */
export const analyticsBench: Bench = {
  name: 'analytics',
  async run() {
    const bench = await startBenchApp();
    const { app, cookie, ctx } = bench;
    const seedStart = performance.now();
    const [{ id: ownerId } = { id: 0 }] = (
      (await ctx.db.execute(sql`select user_id as id from business_cards limit 1`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    await ctx.db.execute(sql`
      insert into business_cards (user_id, company_name, finalized_at)
      select ${ownerId}, 'Bench card ' || n, now() from generate_series(2, ${CARDS}::int) n
    `);
    for (let offset = 0; offset < SESSIONS; offset += BATCH) {
      await ctx.db.execute(sql`
        with cards as (select array_agg(id order by id) as ids from business_cards where user_id = ${ownerId}),
        rows as (
          select n, now() - (n % 90) * interval '1 day' - (n % 1440) * interval '1 minute' as at
          from generate_series(${offset + 1}::int, ${offset + BATCH}::int) n
        )
        insert into visitor_sessions
          (session_token, business_card_id, messages, source, device_type, time_zone, language,
           user_agent, created_at, last_activity)
        select 'bench-' || n,
               cards.ids[1 + n % array_length(cards.ids, 1)],
               (select jsonb_agg(jsonb_build_object(
                   'role', case when k % 2 = 1 then 'user' else 'assistant' end,
                   'content', 'message ' || k,
                   'createdAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
                from generate_series(1, ${MESSAGES_PER_SESSION}::int) k),
               (array['qr','link','share','poster','direct'])[1 + n % 5],
               (array['mobile','mobile','desktop','tablet'])[1 + n % 4],
               (array['Asia/Shanghai','Europe/Berlin','America/New_York','Asia/Hong_Kong', null])[1 + n % 5],
               (array['zh-CN','en','zh-TW'])[1 + n % 3],
               'bench',
               at, at + interval '5 minutes'
        from rows, cards
      `);
    }
    await ctx.db.execute(sql`
      insert into visitor_profiles (visitor_session_id, business_card_id, name, email, created_at)
      select id, business_card_id, 'Buyer ' || id, 'buyer' || id || '@example.com', created_at
      from visitor_sessions where id % 10 = 0
    `);
    await ctx.db.execute(sql`analyze`);
    const seedMs = performance.now() - seedStart;

    const results: BenchResult[] = [
      {
        name: `analytics seed (${SESSIONS.toLocaleString('en')} sessions, ${(SESSIONS * MESSAGES_PER_SESSION).toLocaleString('en')} messages)`,
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
