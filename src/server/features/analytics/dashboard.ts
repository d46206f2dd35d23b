import { sql } from 'drizzle-orm';
import type { TAnalyticsDashboard, TAnalyticsDays } from '#shared/schemas/analytics.ts';
import type { AppContext } from '#server/context.ts';
import { daysBefore, growth, num, rate } from './figures.ts';
import { at, isLead, visitorMessageCount } from './owner-sql.ts';
import { rows } from '#server/db/rows.ts';

interface DashboardRow {
  cards: unknown;
  sessions: unknown;
  messages: unknown;
  leads: unknown;
  engaged: unknown;
  cur_sessions: unknown;
  cur_leads: unknown;
  cur_engaged: unknown;
  prev_sessions: unknown;
  prev_leads: unknown;
  prev_engaged: unknown;
}

/**
 * The corporate dashboard's tiles: all-time totals and rates of the owner's cards, and their
 * growth over the last `days` days against the `days` before (sessions by when they started).
 */
export async function computeDashboard(
  ctx: AppContext,
  ownerId: number,
  days: TAnalyticsDays,
): Promise<TAnalyticsDashboard> {
  const now = ctx.now();
  const current = daysBefore(now, days);
  const previous = daysBefore(now, 2 * days);
  const [row] = await rows<DashboardRow>(
    ctx,
    sql`
      with owned as (
        select id, finalized_at from business_cards where user_id = ${ownerId}
      ), s as (
        select s.created_at,
               ${visitorMessageCount('s')} as messages,
               (p.id is not null and ${isLead('p')}) as lead
        from owned c
        join visitor_sessions s on s.business_card_id = c.id
        left join visitor_profiles p on p.visitor_session_id = s.id
      )
      select
        (select count(finalized_at) from owned) as cards,
        count(*) as sessions,
        coalesce(sum(messages), 0) as messages,
        count(*) filter (where lead) as leads,
        count(*) filter (where messages > 0) as engaged,
        count(*) filter (where created_at >= ${at(current)}) as cur_sessions,
        count(*) filter (where created_at >= ${at(current)} and lead) as cur_leads,
        count(*) filter (where created_at >= ${at(current)} and messages > 0) as cur_engaged,
        count(*) filter (where created_at >= ${at(previous)} and created_at < ${at(current)})
          as prev_sessions,
        count(*) filter (where created_at >= ${at(previous)} and created_at < ${at(current)}
          and lead) as prev_leads,
        count(*) filter (where created_at >= ${at(previous)} and created_at < ${at(current)}
          and messages > 0) as prev_engaged
      from s
    `,
  );
  const n = (key: keyof DashboardRow) => num(row?.[key]);
  const sessions = n('sessions');
  return {
    days,
    totalBusinessCards: n('cards'),
    totalVisitors: sessions,
    totalMessages: n('messages'),
    conversionRate: rate(n('leads'), sessions),
    visitorGrowth: growth(n('cur_sessions'), n('prev_sessions')),
    conversionGrowth: growth(
      rate(n('cur_leads'), n('cur_sessions')),
      rate(n('prev_leads'), n('prev_sessions')),
    ),
    engagementRate: rate(n('engaged'), sessions),
    engagementGrowth: growth(
      rate(n('cur_engaged'), n('cur_sessions')),
      rate(n('prev_engaged'), n('prev_sessions')),
    ),
  };
}
