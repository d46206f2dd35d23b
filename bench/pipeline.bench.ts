import { sql } from 'drizzle-orm';
import { createJobQueue } from '#server/features/jobs/queue.ts';
import { deriveAll } from '#server/features/pipeline/service.ts';
import { startBenchApp, type BenchApp } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile, timeEach } from './stats.ts';

const SESSIONS = Number(process.env.BENCH_PIPELINE_SESSIONS ?? 100_000);
const MESSAGES_PER_SESSION = 10; // 5 from the visitor (some with buying signals), 5 answers
const CARDS = 20;
const BATCH = 10_000;
const WARM_RUNS = 50;

/** One owner (the bench app's) with `sessions` conversations over 20 cards; answers the owner id. */
export async function seedPipeline(ctx: BenchApp['ctx'], sessions: number): Promise<number> {
  const [{ id: ownerId } = { id: 0 }] = (
    (await ctx.db.execute(sql`select user_id as id from business_cards limit 1`)) as unknown as {
      rows: Array<{ id: number }>;
    }
  ).rows;
  await ctx.db.execute(sql`
  insert into business_cards (user_id, company_name, finalized_at)
  select ${ownerId}, 'Bench card ' || n, now() from generate_series(2, ${CARDS}::int) n
  `);
  for (let offset = 0; offset < sessions; offset += BATCH) {
    await ctx.db.execute(sql`
  with cards as (select array_agg(id order by id) as ids from business_cards where user_id = ${ownerId}),
  rows as (
    -- last activity never in the future (a real write stamps it with now()).
    select n, now() - (n % 90) * interval '1 day' - (n % 1440) * interval '1 minute' as at
    from generate_series(${offset + 1}::int, ${offset + BATCH}::int) n
  )
  insert into visitor_sessions
    (session_token, business_card_id, messages, source, device_type, time_zone, language,
     user_agent, created_at, last_activity)
  select 'pipeline-bench-' || n,
       cards.ids[1 + n % array_length(cards.ids, 1)],
       coalesce((select jsonb_agg(jsonb_build_object(
         'role', case when k % 2 = 1 then 'user' else 'assistant' end,
         'content', case when k = 1 and n % 10 = 0 then 'What is the price and MOQ?'
                 when k = 3 and n % 20 = 0 then '可以寄样品吗？交期多久？'
                 else 'message ' || k end,
         'createdAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
      from generate_series(1, (n % ${MESSAGES_PER_SESSION + 1})::int) k), '[]'::jsonb),
       (array['qr','link','share','direct'])[1 + n % 4],
       (array['mobile','mobile','desktop','tablet'])[1 + n % 4],
       (array['Asia/Shanghai','Europe/Berlin','America/New_York', null])[1 + n % 4],
       (array['zh-CN','en','zh-TW'])[1 + n % 3],
       'bench', at - interval '5 minutes', at
  from rows, cards
  `);
  }
  await ctx.db.execute(
    sql`update visitor_sessions set messages = '[]'::jsonb where messages is null`,
  );
  await ctx.db.execute(sql`
  insert into visitor_profiles (visitor_session_id, business_card_id, name, email, created_at)
  select id, business_card_id, 'Buyer ' || id, 'buyer' || id || '@example.com', created_at
  from visitor_sessions where id % 10 = 0
  `);
  return ownerId;
}

/**
 * One owner with 100,000 conversations (1,000,000 messages, a tenth of them with buying
 * signals in English or Chinese) and a lead form on every tenth: the first scoring of all of
 * them (the background job), then p95 of warm GET /api/sales-pipeline/leads (a page of 100,
 * unfiltered and filtered), which only scores what changed since the last call.
 */
export const pipelineBench: Bench = {
  name: 'pipeline',
  async run() {
    const bench = await startBenchApp();
    const { app, cookie, ctx } = bench;
    const seedStart = performance.now();
    const ownerId = await seedPipeline(ctx, SESSIONS);
    await ctx.db.execute(sql`analyze`);
    const seedMs = performance.now() - seedStart;

    const deriveStart = performance.now();
    await deriveAll({ ctx, queue: createJobQueue(ctx, app.log) }, ownerId);
    const deriveMs = performance.now() - deriveStart;
    await ctx.db.execute(sql`analyze`);

    const results: BenchResult[] = [
      {
        name: `pipeline seed (${SESSIONS.toLocaleString('en')} sessions)`,
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
