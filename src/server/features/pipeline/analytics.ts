import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { TPipelineAnalytics } from '#shared/schemas/pipeline.ts';
import type { AppContext } from '#server/context.ts';
import { salesPipelineAnalytics } from '#server/db/schema.ts';
import { rows } from '#server/db/rows.ts';

/*
 * The funnel visitor → lead → qualified → converted, and the daily figures of the last 30
 * days, written to sales_pipeline_analytics (one row per owner and day, replaced on each
 * computation). A lead is a conversation with at least one visitor message or contact details.
 */

const DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

const IS_LEAD = sql`(p.id IS NOT NULL AND (coalesce(p.stage, 'visitor') <> 'visitor' OR p.name IS NOT NULL))`;
const IS_QUALIFIED = sql`coalesce(p.stage, 'visitor') IN ('qualified', 'converted')`;

type Counts = {
  visitors: string;
  leads: string;
  qualified: string;
  converted: string;
  engagement: string | null;
};

export async function pipelineAnalytics(
  ctx: AppContext,
  ownerId: number,
): Promise<TPipelineAnalytics> {
  const since = new Date(ctx.now().getTime() - (DAYS - 1) * DAY_MS);
  since.setUTCHours(0, 0, 0, 0);
  const select = sql`count(*) AS visitors,
      count(*) FILTER (WHERE ${IS_LEAD}) AS leads,
      count(*) FILTER (WHERE ${IS_QUALIFIED}) AS qualified,
      count(*) FILTER (WHERE p.stage = 'converted') AS converted,
      avg(coalesce(p.engagement_score, 10)) AS engagement`;
  const from = sql`visitor_sessions s JOIN business_cards c ON c.id = s.business_card_id
      LEFT JOIN visitor_profiles p ON p.visitor_session_id = s.id`;
  const [total] = await rows<Counts>(
    ctx,
    sql`SELECT ${select} FROM ${from} WHERE c.user_id = ${ownerId}`,
  );
  const perDay = await rows<Counts & { day: string }>(
    ctx,
    sql`SELECT to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, ${select}
      FROM ${from}
      WHERE c.user_id = ${ownerId} AND s.created_at >= ${since.toISOString()}::timestamptz
      GROUP BY 1 ORDER BY 1`,
  );
  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const daily = Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDay.get(date);
    return {
      date,
      visitors: Number(r?.visitors ?? 0),
      leads: Number(r?.leads ?? 0),
      qualified: Number(r?.qualified ?? 0),
      converted: Number(r?.converted ?? 0),
      engagement: Number(r?.engagement ?? 0),
    };
  });
  await writeDaily(ctx, ownerId, since, daily);
  return {
    funnel: {
      visitors: Number(total?.visitors ?? 0),
      leads: Number(total?.leads ?? 0),
      qualified: Number(total?.qualified ?? 0),
      converted: Number(total?.converted ?? 0),
    },
    averageEngagementScore: Math.round(Number(total?.engagement ?? 0)),
    daily: daily.map(({ engagement: _e, ...day }) => day),
  };
}

const rate = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/** Replaces the owner's daily rows of the window (all cards together: businessCardId null). */
async function writeDaily(
  ctx: AppContext,
  ownerId: number,
  since: Date,
  daily: Array<{
    date: string;
    visitors: number;
    leads: number;
    qualified: number;
    converted: number;
    engagement: number;
  }>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(salesPipelineAnalytics)
      .where(
        and(
          eq(salesPipelineAnalytics.userId, ownerId),
          isNull(salesPipelineAnalytics.businessCardId),
          gte(salesPipelineAnalytics.date, since.toISOString().slice(0, 10)),
        ),
      );
    await tx.insert(salesPipelineAnalytics).values(
      daily.map((d) => ({
        userId: ownerId,
        businessCardId: null,
        date: d.date,
        totalVisitors: d.visitors,
        totalLeads: d.leads,
        qualifiedLeads: d.qualified,
        opportunities: d.converted,
        visitorToLeadRate: rate(d.leads, d.visitors),
        leadToQualifiedRate: rate(d.qualified, d.leads),
        qualifiedToOpportunityRate: rate(d.converted, d.qualified),
        averageEngagementScore: Math.round(d.engagement),
      })),
    );
  });
}
