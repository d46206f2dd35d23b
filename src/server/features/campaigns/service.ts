import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TAudience, TCampaign, TCampaignStatus } from '#shared/campaigns.ts';
import type { ZCampaignCreate } from '#shared/campaigns.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, pushNotificationCampaigns } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { JobName } from '#server/jobs/registry.ts';
import { storedTranslations, translationsToStore } from './campaign-text.ts';
import { findUsableTemplate } from './templates.ts';

/*
 * Campaigns: a draft (or a scheduled send) of one message to the visitors of one of the
 * owner's cards. Sending is delivery.ts; a future scheduledAt is a job in the database queue.
 */

export const SEND_CAMPAIGN_JOB = 'campaigns.send' satisfies JobName;

export type CampaignRow = typeof pushNotificationCampaigns.$inferSelect;
type CampaignInput = ReturnType<typeof ZCampaignCreate.parse>;

export interface CampaignDeps {
  ctx: AppContext;
  queue: JobQueue;
}

function toCampaign(row: CampaignRow, cardName: string | null): TCampaign {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    message: row.message,
    actionText: row.actionText,
    actionUrl: row.actionUrl,
    icon: row.icon,
    urgency: row.urgency,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    translations: storedTranslations(row),
    businessCardId: row.businessCardId,
    cardName,
    templateId: row.templateId,
    targetAudience: (row.targetAudience ?? 'all') as TAudience,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    status: row.status as TCampaignStatus,
    sentCount: row.sentCount,
    clickCount: row.clickCount,
    dismissCount: row.dismissCount,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withCardNames(ctx: AppContext, rows: CampaignRow[]): Promise<TCampaign[]> {
  const cardIds = [...new Set(rows.map((r) => r.businessCardId).filter((id) => id !== null))];
  const cards = cardIds.length
    ? await ctx.db
        .select({
          id: businessCards.id,
          companyName: businessCards.companyName,
          contactPerson: businessCards.contactPerson,
        })
        .from(businessCards)
        .where(inArray(businessCards.id, cardIds))
    : [];
  const names = new Map(cards.map((c) => [c.id, c.companyName || c.contactPerson || null]));
  return rows.map((row) => toCampaign(row, names.get(row.businessCardId ?? -1) ?? null));
}

export async function findOwnedCampaign(
  ctx: AppContext,
  ownerId: number,
  campaignId: number,
): Promise<CampaignRow> {
  const [row] = await ctx.db
    .select()
    .from(pushNotificationCampaigns)
    .where(
      and(
        eq(pushNotificationCampaigns.id, campaignId),
        eq(pushNotificationCampaigns.userId, ownerId),
      ),
    )
    .limit(1);
  if (!row) throw notFound();
  return row;
}

export async function describeCampaign(ctx: AppContext, row: CampaignRow): Promise<TCampaign> {
  const [campaign] = await withCardNames(ctx, [row]);
  return campaign!;
}

export async function listCampaigns(ctx: AppContext, ownerId: number): Promise<TCampaign[]> {
  const rows = await ctx.db
    .select()
    .from(pushNotificationCampaigns)
    .where(eq(pushNotificationCampaigns.userId, ownerId))
    .orderBy(desc(pushNotificationCampaigns.createdAt), desc(pushNotificationCampaigns.id))
    .limit(500);
  return withCardNames(ctx, rows);
}

/** A draft, or with a future scheduledAt a scheduled campaign whose send is queued. */
export async function createCampaign(
  deps: CampaignDeps,
  ownerId: number,
  input: CampaignInput,
): Promise<TCampaign> {
  const { ctx, queue } = deps;
  await findOwnedCard(ctx, ownerId, input.businessCardId);
  if (input.templateId) await findUsableTemplate(ctx, ownerId, input.templateId);
  if (input.scheduledAt && input.scheduledAt.getTime() <= ctx.now().getTime()) {
    throw new AppError(
      'VALIDATION_ERROR',
      'campaigns.errors.pastDate',
      {},
      {
        scheduledAt: 'campaigns.errors.pastDate',
      },
    );
  }
  const [row] = await ctx.db
    .insert(pushNotificationCampaigns)
    .values({
      userId: ownerId,
      businessCardId: input.businessCardId,
      templateId: input.templateId ?? null,
      name: input.name,
      title: input.title,
      message: input.message,
      actionText: input.actionText ?? null,
      actionUrl: input.actionUrl ?? null,
      icon: input.icon ?? null,
      urgency: input.urgency,
      language: input.language,
      translations: translationsToStore(input.language, input.translations),
      targetAudience: input.targetAudience,
      scheduledAt: input.scheduledAt ?? null,
      status: input.scheduledAt ? 'scheduled' : 'draft',
    })
    .returning();
  if (input.scheduledAt) {
    await queue.enqueue(
      SEND_CAMPAIGN_JOB,
      { campaignId: row!.id, scheduledAt: input.scheduledAt.toISOString() },
      { runAt: input.scheduledAt, maxAttempts: 8 },
    );
  }
  return describeCampaign(ctx, row!);
}

/** Deletes a campaign that is not being sent (its deliveries go with it). */
export async function deleteCampaign(ctx: AppContext, ownerId: number, campaignId: number) {
  const row = await findOwnedCampaign(ctx, ownerId, campaignId);
  if (row.status === 'sending') throw new AppError('CONFLICT', 'campaigns.errors.sending');
  await ctx.db
    .delete(pushNotificationCampaigns)
    .where(
      and(
        eq(pushNotificationCampaigns.id, campaignId),
        eq(pushNotificationCampaigns.userId, ownerId),
      ),
    );
}
