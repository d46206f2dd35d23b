import { sql } from 'drizzle-orm';
import { chatSource } from '#shared/chat-source.ts';
import type { TAnalyticsDays, TTrafficAnalytics } from '#shared/schemas/analytics.ts';
import type { AppContext } from '#server/context.ts';
import { sessionCountry } from '#server/lib/visitor-traits.ts';
import { num, utcDays, windowStart } from './figures.ts';
import { at, isLead } from './owner-sql.ts';
import { rows } from '#server/db/rows.ts';

/** Where new visitors of the last `days` UTC days came from, where they are, and day by day. */
export async function computeTraffic(
  ctx: AppContext,
  ownerId: number,
  days: TAnalyticsDays,
): Promise<TTrafficAnalytics> {
  const dates = utcDays(ctx.now(), days);
  const start = windowStart(ctx.now(), days);
  const since = at(start);
  const firstDate = dates[0]!;

  const groups = await rows<{
    source: string | null;
    time_zone: string | null;
    language: string | null;
    country: string | null;
    sessions: unknown;
  }>(
    ctx,
    sql`
      select s.source, s.time_zone, s.language, s.country, count(*) as sessions
      from business_cards c
      join visitor_sessions s on s.business_card_id = c.id
      where c.user_id = ${ownerId} and s.created_at >= ${since}
      group by 1, 2, 3, 4
    `,
  );
  const trafficSources = { qr: 0, link: 0, share: 0, poster: 0, direct: 0 };
  const countries = new Map<string | null, number>();
  let totalSessions = 0;
  for (const group of groups) {
    const sessions = num(group.sessions);
    totalSessions += sessions;
    trafficSources[chatSource(group.source)] += sessions;
    const country = sessionCountry({
      country: group.country,
      timeZone: group.time_zone,
      language: group.language,
    });
    countries.set(country, (countries.get(country) ?? 0) + sessions);
  }
  const locationBreakdown = [...countries]
    .map(([country, sessions]) => ({ country, sessions }))
    // Most visitors first, then by country code; "unknown" last.
    .sort(
      (a, b) =>
        Number(a.country === null) - Number(b.country === null) ||
        b.sessions - a.sessions ||
        (a.country ?? '').localeCompare(b.country ?? ''),
    );

  // Day by day: new sessions, what visitors wrote (by each message's own time) and new leads.
  const daily = await rows<{ day: string; sessions: unknown; messages: unknown; leads: unknown }>(
    ctx,
    sql`
      with owned as (select id from business_cards where user_id = ${ownerId}),
      sessions as (
        select to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n
        from owned c join visitor_sessions s on s.business_card_id = c.id
        where s.created_at >= ${since}
        group by 1
      ),
      messages as (
        select left(m->>'createdAt', 10) as day, count(*) as n
        from owned c
        join visitor_sessions s on s.business_card_id = c.id and s.last_activity >= ${since}
        cross join lateral jsonb_array_elements(s.messages) m
        where m->>'role' = 'user' and left(m->>'createdAt', 10) >= ${firstDate}
        group by 1
      ),
      leads as (
        select to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n
        from owned c join visitor_profiles p on p.business_card_id = c.id
        where p.created_at >= ${since} and ${isLead('p')}
        group by 1
      )
      select day, sum(sessions) as sessions, sum(messages) as messages, sum(leads) as leads
      from (
        select day, n as sessions, 0 as messages, 0 as leads from sessions
        union all select day, 0, n, 0 from messages
        union all select day, 0, 0, n from leads
      ) figures
      group by day
    `,
  );
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return {
    days,
    trafficSources,
    locationBreakdown,
    totalSessions,
    daily: dates.map((date) => {
      const row = byDay.get(date);
      return {
        date,
        sessions: num(row?.sessions),
        messages: num(row?.messages),
        leads: num(row?.leads),
      };
    }),
  };
}
