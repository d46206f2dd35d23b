import { sql } from 'drizzle-orm';
import type { BenchApp } from './bench-app.ts';

/*
 * The data of the analytics and pipeline benchmarks: the bench app's owner
 * with 100,000 visitor conversations and 1,000,000 messages over 20 cards and 90 days, written
 * with generate_series in batches. Conversation n holds n % 21 messages (0 to 20, ten on
 * average, half of them the visitor's), so every stage and priority occurs; every tenth has a
 * price and MOQ question, every twentieth a sample and delivery one (English, Chinese), and
 * every tenth left its contact details (a visitor_profiles row, scored later by the pipeline).
 */

const CARDS = 20;
const BATCH = 10_000;
const MOST_MESSAGES = 20;

export interface SeededOwner {
  ownerId: number;
  sessions: number;
  messages: number;
}

/** Messages conversation n holds. */
const messagesOf = (n: number) => n % (MOST_MESSAGES + 1);

export async function seedOwnerSessions(
  ctx: BenchApp['ctx'],
  sessions = 100_000,
): Promise<SeededOwner> {
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
    const last = Math.min(sessions, offset + BATCH);
    await ctx.db.execute(sql`
      with cards as (select array_agg(id order by id) as ids from business_cards where user_id = ${ownerId}),
      rows as (
        -- last activity never in the future (a real write stamps it with now()).
        select n, now() - (n % 90) * interval '1 day' - (n % 1440) * interval '1 minute' as at
        from generate_series(${offset + 1}::int, ${last}::int) n
      )
      insert into visitor_sessions
        (session_token, business_card_id, messages, source, device_type, time_zone, language,
         user_agent, created_at, last_activity)
      select 'bench-' || n,
             cards.ids[1 + n % array_length(cards.ids, 1)],
             coalesce((select jsonb_agg(jsonb_build_object(
                 'role', case when k % 2 = 1 then 'user' else 'assistant' end,
                 'content', case when k = 1 and n % 10 = 0 then 'What is the price and MOQ?'
                                 when k = 3 and n % 20 = 0 then '可以寄样品吗？交期多久？'
                                 else 'message ' || k end,
                 'createdAt', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
               from generate_series(1, (n % ${MOST_MESSAGES + 1})::int) k), '[]'::jsonb),
             (array['qr','link','share','poster','direct'])[1 + n % 5],
             (array['mobile','mobile','desktop','tablet'])[1 + n % 4],
             (array['Asia/Shanghai','Europe/Berlin','America/New_York','Asia/Hong_Kong', null])[1 + n % 5],
             (array['zh-CN','en','zh-TW'])[1 + n % 3],
             'bench', at - interval '5 minutes', at
      from rows, cards
    `);
  }
  await ctx.db.execute(sql`
    insert into visitor_profiles (visitor_session_id, business_card_id, name, email, created_at)
    select id, business_card_id, 'Buyer ' || id, 'buyer' || id || '@example.com', created_at
    from visitor_sessions
    where id % 10 = 0 and business_card_id in (select id from business_cards where user_id = ${ownerId})
  `);
  await ctx.db.execute(sql`analyze`);
  let messages = 0;
  for (let n = 1; n <= sessions; n++) messages += messagesOf(n);
  return { ownerId, sessions, messages };
}
