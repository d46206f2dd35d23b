import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LeadPriority, LeadStage, TPipelineSettings } from '#shared/schemas/pipeline.ts';
import type { TStoredChatMessage } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import {
  analyticsCache,
  businessCards,
  leadScoringEvents,
  visitorProfiles,
  visitorSessions,
} from '#server/db/schema.ts';
import { sessionCountry } from '#server/lib/visitor-traits.ts';
import { deriveLead, findSignals, SIGNAL_WEIGHTS, type BuyingSignal } from './scoring.ts';
import { forgetLeadCounts } from './lead-count-cache.ts';
import { getSettings } from '#server/lib/pipeline-settings.ts';

/*
 * Keeps visitor_profiles in step with the conversations, incrementally: each owner has a
 * watermark (last_activity, id) of the newest session already scored, kept in analytics_cache;
 * a pass scores only sessions active since then, in batches. Scoring is idempotent: a signal
 * already in the profile's buyingSignals is not recorded again. Profiles are written for
 * conversations with at least one visitor message or contact details; a silent scan is listed
 * as a "visitor" without a row.
 */

export const DERIVE_BATCH = 200;
/** How far before the watermark late writes are looked for. */
const LAG_SECONDS = 120;
const FAR_FUTURE = new Date('9999-12-31T00:00:00Z');

function watermarkKey(ownerId: number): string {
  return `pipeline-watermark:${ownerId}`;
}

interface Watermark {
  at: string;
  id: number;
}

async function readWatermark(ctx: AppContext, ownerId: number): Promise<Watermark | null> {
  const [row] = await ctx.db
    .select({ data: analyticsCache.data })
    .from(analyticsCache)
    .where(eq(analyticsCache.cacheKey, watermarkKey(ownerId)))
    .limit(1);
  const data = row?.data as Partial<Watermark> | undefined;
  return data && typeof data.at === 'string' && typeof data.id === 'number'
    ? { at: data.at, id: data.id }
    : null;
}

async function writeWatermark(ctx: AppContext, ownerId: number, mark: Watermark): Promise<void> {
  await ctx.db
    .insert(analyticsCache)
    .values({ cacheKey: watermarkKey(ownerId), data: mark, expiresAt: FAR_FUTURE })
    .onConflictDoUpdate({ target: analyticsCache.cacheKey, set: { data: mark } });
}

/** Forget what was scored (after a settings change): the next passes rescore everything. */
export async function resetWatermark(ctx: AppContext, ownerId: number): Promise<void> {
  await ctx.db.delete(analyticsCache).where(eq(analyticsCache.cacheKey, watermarkKey(ownerId)));
}

/** What happened to a lead in one scoring pass, for the webhook. */
export interface LeadChange {
  ownerId: number;
  visitorSessionId: number;
  event: 'lead.created' | 'lead.stage_changed';
  previousStage?: LeadStage;
}

export interface DeriveHooks {
  /** Told of new leads (contact details given) and of stage changes. */
  onChange?: (changes: LeadChange[]) => Promise<void>;
  /** Told of leads that became high or urgent priority and have an email address. */
  onHighValue?: (ownerId: number, visitorSessionIds: number[]) => Promise<void>;
  /** Told of leads whose stored priority this scoring changed (the owner's bell shows it). */
  onPriorityChange?: (ownerId: number, visitorSessionIds: number[]) => Promise<void>;
}

type SessionRow = {
  id: number;
  businessCardId: number;
  messages: unknown;
  lastActivity: Date;
  timeZone: string | null;
  language: string | null;
  country: string | null;
};

function visitorTexts(messages: unknown): string[] {
  if (!Array.isArray(messages)) return [];
  return (messages as TStoredChatMessage[])
    .filter((m) => m && m.role === 'user' && typeof m.content === 'string')
    .map((m) => m.content);
}

/** Scores the given sessions (all of one owner) and writes their profiles and events. */
export async function scoreSessions(
  ctx: AppContext,
  ownerId: number,
  sessions: SessionRow[],
  settings: TPipelineSettings,
  hooks: DeriveHooks = {},
): Promise<void> {
  if (sessions.length === 0) return;
  // New or rescored conversations change how many leads each filter lists.
  await forgetLeadCounts(ctx, ownerId);
  const profiles = await ctx.db
    .select()
    .from(visitorProfiles)
    .where(
      inArray(
        visitorProfiles.visitorSessionId,
        sessions.map((s) => s.id),
      ),
    );
  const profileBySession = new Map(profiles.map((p) => [p.visitorSessionId, p]));
  const changes: LeadChange[] = [];
  const highValue: number[] = [];
  const reprioritised: number[] = [];
  const now = ctx.now();

  for (const session of sessions) {
    const texts = visitorTexts(session.messages);
    const profile = profileBySession.get(session.id);
    const hasContact = Boolean(profile?.name && (profile.email || profile.phone));
    if (texts.length === 0 && !profile) continue;

    const hits = findSignals(texts);
    const signals: BuyingSignal[] = hits.map((h) => h.signal);
    if (hasContact) signals.push('lead_form');
    const derived = deriveLead(texts.length, signals, settings, {
      reachable: Boolean(profile?.email || profile?.phone),
    });
    const stage: LeadStage = profile?.stageManual ? (profile.stage as LeadStage) : derived.stage;
    const priority: LeadPriority = profile?.priorityManual
      ? (profile.followUpPriority as LeadPriority)
      : derived.priority;
    // What the conversation row held until now: the profile's, or 'low' without one.
    if (priority !== (profile?.followUpPriority ?? 'low')) reprioritised.push(session.id);
    const known = new Set(
      Array.isArray(profile?.buyingSignals) ? (profile.buyingSignals as string[]) : [],
    );
    const values = {
      engagementScore: derived.engagementScore,
      intentScore: derived.intentScore,
      qualificationScore: hasContact ? 100 : 0,
      totalScore: derived.totalScore,
      buyingSignals: [...new Set([...known, ...signals])],
      stage,
      followUpPriority: priority,
      country: sessionCountry(session),
      lastScoreUpdate: now,
    };
    const [saved] = await ctx.db
      .insert(visitorProfiles)
      .values({ visitorSessionId: session.id, businessCardId: session.businessCardId, ...values })
      .onConflictDoUpdate({ target: visitorProfiles.visitorSessionId, set: values })
      .returning({ id: visitorProfiles.id });

    const fresh = signals.filter((s) => !known.has(s));
    if (fresh.length > 0) {
      await ctx.db
        .insert(leadScoringEvents)
        .values(
          fresh.map((signal) => ({
            visitorProfileId: saved!.id,
            eventType: signal,
            eventValue:
              signal === 'lead_form'
                ? 'contact details left'
                : (hits.find((h) => h.signal === signal)?.evidence ?? null),
            scoreChange: SIGNAL_WEIGHTS[signal],
            scoreCategory: signal === 'lead_form' ? 'qualification' : 'intent',
            aiAnalysis: `buying signal "${signal}" found in the visitor's messages`,
            confidenceScore: signal === 'lead_form' ? 1 : 0.8,
          })),
        )
        // Two scoring passes at once record a signal once (unique per profile and type).
        .onConflictDoNothing();
    }
    if (fresh.includes('lead_form')) {
      changes.push({ ownerId, visitorSessionId: session.id, event: 'lead.created' });
    } else if (profile?.lastScoreUpdate && profile.stage !== stage) {
      changes.push({
        ownerId,
        visitorSessionId: session.id,
        event: 'lead.stage_changed',
        previousStage: profile.stage as LeadStage,
      });
    }
    const wasHigh = profile && ['high', 'urgent'].includes(profile.followUpPriority);
    if (
      (priority === 'high' || priority === 'urgent') &&
      profile?.email &&
      (!wasHigh || fresh.length)
    ) {
      highValue.push(session.id);
    }
  }
  if (changes.length && hooks.onChange) await hooks.onChange(changes);
  if (highValue.length && hooks.onHighValue) await hooks.onHighValue(ownerId, highValue);
  if (reprioritised.length && hooks.onPriorityChange) {
    await hooks.onPriorityChange(ownerId, reprioritised);
  }
}

const sessionColumns = {
  id: visitorSessions.id,
  businessCardId: visitorSessions.businessCardId,
  messages: visitorSessions.messages,
  lastActivity: visitorSessions.lastActivity,
  timeZone: visitorSessions.timeZone,
  language: visitorSessions.language,
  country: visitorSessions.country,
};

/**
 * One pass for an owner: scores up to `batch` sessions active since the watermark and moves
 * it. Answers whether sessions remain unscored.
 */
export async function derivePass(
  ctx: AppContext,
  ownerId: number,
  hooks: DeriveHooks = {},
  batch = DERIVE_BATCH,
): Promise<{ scored: number; more: boolean }> {
  const mark = await readWatermark(ctx, ownerId);
  // Newer than the watermark; or, within LAG before it, a conversation whose write committed
  // after an earlier pass read past it (scored again only when its profile is older).
  const after = mark
    ? sql`${visitorSessions.lastActivity} > ${mark.at}::timestamptz - ${`${LAG_SECONDS} seconds`}::interval
      AND ((${visitorSessions.lastActivity}, ${visitorSessions.id}) > (${mark.at}::timestamptz, ${mark.id})
        OR (${visitorSessions.lastActivity} > ${mark.at}::timestamptz - ${`${LAG_SECONDS} seconds`}::interval
          AND jsonb_array_length(${visitorSessions.messages}) > 0
          AND (${visitorProfiles.lastScoreUpdate} IS NULL OR ${visitorProfiles.lastScoreUpdate} < ${visitorSessions.lastActivity})))`
    : sql`true`;
  const rows = await ctx.db
    .select(sessionColumns)
    .from(visitorSessions)
    .innerJoin(businessCards, eq(businessCards.id, visitorSessions.businessCardId))
    .leftJoin(visitorProfiles, eq(visitorProfiles.visitorSessionId, visitorSessions.id))
    .where(and(eq(businessCards.userId, ownerId), after))
    .orderBy(visitorSessions.lastActivity, visitorSessions.id)
    .limit(batch + 1);
  const page = rows.slice(0, batch);
  if (page.length === 0) return { scored: 0, more: false };
  const settings = await getSettings(ctx, ownerId);
  await scoreSessions(ctx, ownerId, page, settings, hooks);
  const last = page[page.length - 1]!;
  const lastAt = last.lastActivity.toISOString();
  if (!mark || lastAt > mark.at || (lastAt === mark.at && last.id > mark.id)) {
    await writeWatermark(ctx, ownerId, { at: lastAt, id: last.id });
  }
  return { scored: page.length, more: rows.length > batch };
}

/** Scores one conversation now (a lead form arrived, or the owner opens it). */
export async function deriveSession(
  ctx: AppContext,
  visitorSessionId: number,
  hooks: DeriveHooks = {},
): Promise<void> {
  const [row] = await ctx.db
    .select({ ...sessionColumns, ownerId: businessCards.userId })
    .from(visitorSessions)
    .innerJoin(businessCards, eq(businessCards.id, visitorSessions.businessCardId))
    .where(eq(visitorSessions.id, visitorSessionId))
    .limit(1);
  if (!row) return;
  const settings = await getSettings(ctx, row.ownerId);
  await scoreSessions(ctx, row.ownerId, [row], settings, hooks);
}
