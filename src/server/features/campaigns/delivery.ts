import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { LEAD_STAGES, type LeadStage } from '#shared/schemas/pipeline.ts';
import type { TAnnouncement, TAudience, TPushSubscriptionRequest } from '#shared/campaigns.ts';
import { ANNOUNCEMENT_EVENT } from '#shared/campaigns.ts';
import type { AppContext } from '#server/context.ts';
import {
  pushNotificationCampaigns,
  pushNotificationDeliveries,
  pushSubscriptions,
  visitorSessions,
} from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AppJobHandler } from '#server/jobs/registry.ts';
import { deriveAll, queryLeads } from '#server/features/pipeline/service.ts';
import type { VisitorSession } from '#server/lib/visitor-sessions.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { campaignTextFor } from './campaign-text.ts';
import type { CampaignRow, SEND_CAMPAIGN_JOB } from './service.ts';
import { endpointProblem, sendWebPush, SubscriptionGoneError, type VapidKeys } from './web-push.ts';

/*
 * Sending a campaign: every targeted visitor gets one delivery row (unique per campaign and
 * visitor, so a resumed send adds nobody twice). Rows are claimed pending → sending before
 * anything leaves, so a row is pushed at most once even when two instances send together; a
 * row a crashed send left in "sending" is counted delivered on resume (the visitor still finds
 * it in the chat's announcements) but never pushed again.
 */

type DeliveryRow = typeof pushNotificationDeliveries.$inferSelect;

export interface DeliveryDeps {
  ctx: AppContext;
  queue: JobQueue;
  hub: RealtimeHub;
  vapid: VapidKeys;
  log: FastifyBaseLogger;
}

const INSERT_BATCH = 500;
const SEND_BATCH = 100;
const PUSH_CONCURRENCY = 8;
/** Most visitors one campaign reaches (a fair's worth of conversations many times over). */
const MAX_AUDIENCE = 50_000;

/** The conversations a campaign reaches: the card's visitors, optionally leads or one stage. */
export async function audienceOf(
  deps: Pick<DeliveryDeps, 'ctx' | 'queue'>,
  ownerId: number,
  cardId: number,
  audience: TAudience,
): Promise<number[]> {
  // Stages come from the pipeline's scoring: bring it up to date first.
  await deriveAll(deps, ownerId);
  const stage = (LEAD_STAGES as readonly string[]).includes(audience)
    ? (audience as LeadStage)
    : undefined;
  const leads = await queryLeads(deps.ctx, ownerId, { stage }, { limit: MAX_AUDIENCE, offset: 0 });
  return leads
    .filter((lead) => lead.businessCardId === cardId)
    .filter((lead) => lead.source !== 'paper') // a scanned paper card has no browser to reach
    .filter((lead) => audience !== 'leads' || Boolean(lead.name || lead.email || lead.phone))
    .map((lead) => lead.visitorSessionId);
}

export function toAnnouncement(row: DeliveryRow): TAnnouncement {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    actionText: row.actionText,
    actionUrl: row.actionUrl,
    icon: row.icon,
    urgency: row.urgency,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    clickedAt: row.clickedAt?.toISOString() ?? null,
    dismissedAt: row.dismissedAt?.toISOString() ?? null,
  };
}

/** Each conversation's interface language, as the visitor last chose it. */
async function visitorLanguages(ctx: AppContext, sessionIds: number[]) {
  const rows = await ctx.db
    .select({ id: visitorSessions.id, language: visitorSessions.language })
    .from(visitorSessions)
    .where(inArray(visitorSessions.id, sessionIds));
  return new Map(rows.map((row) => [row.id, row.language]));
}

async function countDelivered(ctx: AppContext, campaignId: number): Promise<void> {
  await ctx.db
    .update(pushNotificationCampaigns)
    .set({
      sentCount: sql`(SELECT count(*)::int FROM push_notification_deliveries d
        WHERE d.campaign_id = ${campaignId} AND d.delivery_status = 'delivered')`,
    })
    .where(eq(pushNotificationCampaigns.id, campaignId));
}

async function claimBatch(ctx: AppContext, campaignId: number): Promise<DeliveryRow[]> {
  const due = ctx.db
    .select({ id: pushNotificationDeliveries.id })
    .from(pushNotificationDeliveries)
    .where(
      and(
        eq(pushNotificationDeliveries.campaignId, campaignId),
        eq(pushNotificationDeliveries.deliveryStatus, 'pending'),
      ),
    )
    .orderBy(pushNotificationDeliveries.id)
    .limit(SEND_BATCH)
    .for('update', { skipLocked: true });
  return ctx.db
    .update(pushNotificationDeliveries)
    .set({ deliveryStatus: 'sending' })
    .where(
      and(
        inArray(pushNotificationDeliveries.id, due),
        eq(pushNotificationDeliveries.deliveryStatus, 'pending'),
      ),
    )
    .returning();
}

/** Web Push to the visitors of this batch who allowed notifications (a few at a time). */
async function pushToSubscribers(deps: DeliveryDeps, rows: DeliveryRow[], chatUrl: string) {
  const { ctx } = deps;
  const sessionIds = rows.map((r) => r.visitorSessionId).filter((id) => id !== null);
  if (sessionIds.length === 0) return;
  const subscriptions = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.visitorSessionId, sessionIds));
  const bySession = new Map(subscriptions.map((s) => [s.visitorSessionId, s]));
  const work = rows.filter((r) => r.visitorSessionId !== null && bySession.has(r.visitorSessionId));
  const pushOne = async (row: DeliveryRow) => {
    const subscription = bySession.get(row.visitorSessionId!)!;
    const payload = JSON.stringify({
      deliveryId: row.id,
      title: row.title,
      body: row.message,
      icon: row.icon,
      url: chatUrl,
      actionText: row.actionText,
    });
    try {
      await sendWebPush(deps.vapid, subscription, payload, {
        allowPrivate: ctx.config.webhookAllowPrivate,
        urgency: (row.urgency as 'low' | 'normal' | 'high' | null) ?? 'normal',
      });
    } catch (error) {
      if (error instanceof SubscriptionGoneError) {
        await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
      } else {
        deps.log.warn({ err: error, deliveryId: row.id }, 'web push failed');
      }
    }
  };
  for (let i = 0; i < work.length; i += PUSH_CONCURRENCY) {
    await Promise.all(work.slice(i, i + PUSH_CONCURRENCY).map(pushOne));
  }
}

/**
 * Sends a campaign now (or resumes a send that stopped half-way). Answers the campaign row;
 * a campaign already sent is left as it is.
 */
export async function sendCampaign(deps: DeliveryDeps, campaignId: number): Promise<CampaignRow> {
  const { ctx } = deps;
  const [campaign] = await ctx.db
    .update(pushNotificationCampaigns)
    .set({ status: 'sending' })
    .where(
      and(
        eq(pushNotificationCampaigns.id, campaignId),
        inArray(pushNotificationCampaigns.status, ['draft', 'scheduled', 'sending']),
      ),
    )
    .returning();
  if (!campaign) {
    const [current] = await ctx.db
      .select()
      .from(pushNotificationCampaigns)
      .where(eq(pushNotificationCampaigns.id, campaignId));
    if (!current) throw notFound();
    return current;
  }
  const cardId = campaign.businessCardId;
  if (cardId !== null) {
    const targets = await audienceOf(
      deps,
      campaign.userId,
      cardId,
      (campaign.targetAudience ?? 'all') as TAudience,
    );
    for (let i = 0; i < targets.length; i += INSERT_BATCH) {
      const batch = targets.slice(i, i + INSERT_BATCH);
      const languages = await visitorLanguages(ctx, batch);
      await ctx.db
        .insert(pushNotificationDeliveries)
        .values(
          batch.map((visitorSessionId) => ({
            campaignId,
            visitorSessionId,
            businessCardId: cardId,
            // Each visitor gets the text of their interface language (the main one otherwise).
            ...campaignTextFor(campaign, languages.get(visitorSessionId)),
            actionUrl: campaign.actionUrl,
            icon: campaign.icon,
            urgency: campaign.urgency,
          })),
        )
        .onConflictDoNothing();
    }
  }
  const chatUrl = `${ctx.config.publicUrl}/chat/${cardId ?? ''}`;
  for (;;) {
    const batch = await claimBatch(ctx, campaignId);
    if (batch.length === 0) break;
    const deliveredAt = ctx.now();
    const delivered = batch.map((row) => ({ ...row, deliveryStatus: 'delivered', deliveredAt }));
    await ctx.db
      .update(pushNotificationDeliveries)
      .set({ deliveryStatus: 'delivered', deliveredAt })
      .where(
        inArray(
          pushNotificationDeliveries.id,
          batch.map((row) => row.id),
        ),
      );
    for (const row of delivered) {
      if (row.visitorSessionId === null) continue;
      await deps.hub.toVisitor(row.visitorSessionId, {
        type: ANNOUNCEMENT_EVENT,
        announcement: toAnnouncement(row),
      });
    }
    await pushToSubscribers(deps, delivered, chatUrl);
    await countDelivered(ctx, campaignId);
  }
  // Rows a crashed send had claimed: never pushed again, but counted and shown in the chat.
  await ctx.db
    .update(pushNotificationDeliveries)
    .set({ deliveryStatus: 'delivered', deliveredAt: ctx.now() })
    .where(
      and(
        eq(pushNotificationDeliveries.campaignId, campaignId),
        eq(pushNotificationDeliveries.deliveryStatus, 'sending'),
      ),
    );
  await countDelivered(ctx, campaignId);
  const [sent] = await ctx.db
    .update(pushNotificationCampaigns)
    .set({ status: 'sent', sentAt: ctx.now() })
    .where(eq(pushNotificationCampaigns.id, campaignId))
    .returning();
  return sent!;
}

/** The queue's handler: sends a scheduled campaign unless it was sent or deleted meanwhile. */
export function sendCampaignJob(deps: DeliveryDeps): AppJobHandler<typeof SEND_CAMPAIGN_JOB> {
  return {
    async run({ campaignId }) {
      const [row] = await deps.ctx.db
        .select({ status: pushNotificationCampaigns.status })
        .from(pushNotificationCampaigns)
        .where(eq(pushNotificationCampaigns.id, campaignId));
      if (!row || row.status === 'sent' || row.status === 'draft') return;
      await sendCampaign(deps, campaignId);
    },
  };
}

/** The visitor's delivered campaigns on this card, newest first. */
export async function listAnnouncements(
  ctx: AppContext,
  session: VisitorSession,
): Promise<TAnnouncement[]> {
  const rows = await ctx.db
    .select()
    .from(pushNotificationDeliveries)
    .where(
      and(
        eq(pushNotificationDeliveries.visitorSessionId, session.id),
        eq(pushNotificationDeliveries.deliveryStatus, 'delivered'),
      ),
    )
    .orderBy(desc(pushNotificationDeliveries.deliveredAt), desc(pushNotificationDeliveries.id))
    .limit(20);
  return rows.map(toAnnouncement);
}

export async function findDelivery(ctx: AppContext, deliveryId: number) {
  const [row] = await ctx.db
    .select()
    .from(pushNotificationDeliveries)
    .where(eq(pushNotificationDeliveries.id, deliveryId))
    .limit(1);
  return row ?? null;
}

/** Records the visitor's click or dismissal once, and counts it on the campaign. */
export async function recordReaction(
  ctx: AppContext,
  delivery: DeliveryRow,
  reaction: 'click' | 'dismiss',
): Promise<void> {
  const column =
    reaction === 'click'
      ? pushNotificationDeliveries.clickedAt
      : pushNotificationDeliveries.dismissedAt;
  const [changed] = await ctx.db
    .update(pushNotificationDeliveries)
    .set(reaction === 'click' ? { clickedAt: ctx.now() } : { dismissedAt: ctx.now() })
    .where(and(eq(pushNotificationDeliveries.id, delivery.id), isNull(column)))
    .returning({ id: pushNotificationDeliveries.id });
  if (!changed) return;
  await ctx.db
    .update(pushNotificationCampaigns)
    .set(
      reaction === 'click'
        ? { clickCount: sql`${pushNotificationCampaigns.clickCount} + 1` }
        : { dismissCount: sql`${pushNotificationCampaigns.dismissCount} + 1` },
    )
    .where(eq(pushNotificationCampaigns.id, delivery.campaignId));
}

/** Stores the visitor's Web Push subscription (replacing an older one of this conversation). */
export async function saveSubscription(
  ctx: AppContext,
  session: VisitorSession,
  input: TPushSubscriptionRequest,
): Promise<void> {
  const problem = await endpointProblem(input.endpoint, ctx.config.webhookAllowPrivate);
  if (problem) {
    const key = `campaigns.errors.${problem}`;
    throw new AppError('VALIDATION_ERROR', key, {}, { endpoint: key });
  }
  const values = { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth };
  await ctx.db
    .insert(pushSubscriptions)
    .values({ visitorSessionId: session.id, businessCardId: session.businessCardId, ...values })
    .onConflictDoUpdate({ target: pushSubscriptions.visitorSessionId, set: values });
}

export async function deleteSubscription(ctx: AppContext, session: VisitorSession) {
  await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.visitorSessionId, session.id));
}
