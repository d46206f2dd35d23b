import { sql } from 'drizzle-orm';
import { chatSource } from '#shared/chat-source.ts';
import {
  ACTIVE_SESSION_MS,
  DEVICE_TYPES,
  RECENT_SESSIONS_LIMIT,
  type TAnalyticsDays,
  type TDeviceType,
  type TVisitorAnalytics,
} from '#shared/schemas/analytics.ts';
import type { AppContext } from '#server/context.ts';
import { deviceTypeOf, sessionCountry } from '#server/lib/visitor-traits.ts';
import { daysBefore, num, rate } from './figures.ts';
import { at, isLead, visitorMessageCount } from './owner-sql.ts';
import { rows } from '#server/db/rows.ts';

/** A card as the owner recognises it: its company, else its contact; the screen names the rest. */
const cardName = sql.raw(
  `coalesce(nullif(btrim(c.company_name), ''), nullif(btrim(c.contact_person), ''), '')`,
);

/** A stored device type, or (rows from before it was stored) the one its user agent says. */
function deviceOf(stored: string | null, userAgent: string | null): TDeviceType {
  return DEVICE_TYPES.find((type) => type === stored) ?? deviceTypeOf(userAgent);
}

/** Sessions active in the last `days` days (by last activity): counts, devices, latest, cards. */
export async function computeVisitors(
  ctx: AppContext,
  ownerId: number,
  days: TAnalyticsDays,
): Promise<TVisitorAnalytics> {
  const now = ctx.now();
  const since = at(daysBefore(now, days));
  const activeSince = at(new Date(now.getTime() - ACTIVE_SESSION_MS));

  const [totals] = await rows<{ sessions: unknown; active: unknown; messages: unknown }>(
    ctx,
    sql`
      select count(*) as sessions,
             count(*) filter (where s.last_activity >= ${activeSince}) as active,
             coalesce(sum(${visitorMessageCount('s')}), 0) as messages
      from business_cards c
      join visitor_sessions s on s.business_card_id = c.id
      where c.user_id = ${ownerId} and s.last_activity >= ${since}
    `,
  );

  // Sessions without a stored device type (older rows) are grouped by their user agent.
  const devices = await rows<{ device: string | null; ua: string | null; sessions: unknown }>(
    ctx,
    sql`
      select s.device_type as device,
             case when s.device_type is null then s.user_agent end as ua,
             count(*) as sessions
      from business_cards c
      join visitor_sessions s on s.business_card_id = c.id
      where c.user_id = ${ownerId} and s.last_activity >= ${since}
      group by 1, 2
    `,
  );
  const deviceBreakdown = { mobile: 0, desktop: 0, tablet: 0 };
  for (const group of devices)
    deviceBreakdown[deviceOf(group.device, group.ua)] += num(group.sessions);

  const recent = await rows<{
    id: number;
    card_id: number;
    card_name: string;
    messages: unknown;
    source: string | null;
    device: string | null;
    ua: string | null;
    time_zone: string | null;
    country: string | null;
    language: string | null;
    last_activity: string | Date;
  }>(
    ctx,
    sql`
      select s.id, s.business_card_id as card_id, ${cardName} as card_name,
             ${visitorMessageCount('s')} as messages, s.source, s.device_type as device,
             s.user_agent as ua, s.time_zone, s.language, s.country, s.last_activity
      from business_cards c
      join visitor_sessions s on s.business_card_id = c.id
      where c.user_id = ${ownerId} and s.last_activity >= ${since}
      order by s.last_activity desc, s.id desc
      limit ${RECENT_SESSIONS_LIMIT}
    `,
  );

  const cards = await rows<{
    card_id: number;
    card_name: string;
    sessions: unknown;
    messages: unknown;
    leads: unknown;
  }>(
    ctx,
    sql`
      select c.id as card_id, ${cardName} as card_name,
             count(s.id) as sessions,
             coalesce(sum(${visitorMessageCount('s')}), 0) as messages,
             count(p.id) filter (where ${isLead('p')}) as leads
      from business_cards c
      left join visitor_sessions s
        on s.business_card_id = c.id and s.last_activity >= ${since}
      left join visitor_profiles p on p.visitor_session_id = s.id
      where c.user_id = ${ownerId} and c.finalized_at is not null
      group by c.id
      order by count(s.id) desc, count(p.id) filter (where ${isLead('p')}) desc, c.id
    `,
  );

  return {
    days,
    totalSessions: num(totals?.sessions),
    activeSessions: num(totals?.active),
    totalMessages: num(totals?.messages),
    deviceBreakdown,
    recentSessions: recent.map((session) => ({
      id: Number(session.id),
      businessCardId: Number(session.card_id),
      cardName: session.card_name,
      messageCount: num(session.messages),
      source: chatSource(session.source),
      deviceType: deviceOf(session.device, session.ua),
      country: sessionCountry({
        country: session.country,
        timeZone: session.time_zone,
        language: session.language,
      }),
      lastActivity: new Date(session.last_activity).toISOString(),
    })),
    businessCardPerformance: cards.map((card) => {
      const sessions = num(card.sessions);
      const leads = num(card.leads);
      return {
        businessCardId: Number(card.card_id),
        cardName: card.card_name,
        sessions,
        messages: num(card.messages),
        leads,
        conversionRate: rate(leads, sessions),
      };
    }),
  };
}
