import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '#shared/limits.ts';
import type { TTemplate, ZTemplateInput } from '#shared/campaigns.ts';
import type { AppContext } from '#server/context.ts';
import { pushNotificationCampaigns, pushNotificationTemplates } from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { translate } from '#server/lib/i18n.ts';

/*
 * Templates: a few built-in ones for exhibitors (rows with user_id NULL, read-only, their texts
 * in the reader's language from the locale files) and each owner's own. A template's figures
 * are what this server measured of the owner's campaigns made from it: never an estimate.
 */

type TemplateRow = typeof pushNotificationTemplates.$inferSelect;

interface BuiltIn {
  key: string;
  urgency: 'low' | 'normal' | 'high';
  hasAction: boolean;
}

export const BUILT_IN_TEMPLATES: readonly BuiltIn[] = [
  { key: 'boothInvite', urgency: 'high', hasAction: false },
  { key: 'newProduct', urgency: 'normal', hasAction: true },
  { key: 'fairOffer', urgency: 'high', hasAction: false },
  { key: 'samples', urgency: 'normal', hasAction: false },
  { key: 'thanks', urgency: 'low', hasAction: false },
];

const builtInText = (language: Language, key: string, field: string) =>
  translate(language, `campaigns.builtin.${key}.${field}`);

/** Stores the built-in templates once (every instance may call this; nothing is duplicated). */
export async function ensureBuiltInTemplates(ctx: AppContext): Promise<void> {
  await ctx.db
    .insert(pushNotificationTemplates)
    .values(
      BUILT_IN_TEMPLATES.map((t) => ({
        builtinKey: t.key,
        name: builtInText('en', t.key, 'name'),
        title: builtInText('en', t.key, 'title'),
        message: builtInText('en', t.key, 'message'),
        category: builtInText('en', t.key, 'category'),
        industry: builtInText('en', t.key, 'industry'),
        actionText: t.hasAction ? builtInText('en', t.key, 'actionText') : null,
        urgency: t.urgency,
      })),
    )
    .onConflictDoNothing({ target: pushNotificationTemplates.builtinKey });
}

type TemplateUsage = NonNullable<TTemplate['usage']>;

/** The owner's campaigns per template: how many, how many visitors got them, how many clicked. */
async function measuredUsage(
  ctx: AppContext,
  ownerId: number,
  templateIds: number[],
): Promise<Map<number, TemplateUsage>> {
  if (templateIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      templateId: pushNotificationCampaigns.templateId,
      campaigns: sql<number>`count(*)::int`,
      sent: sql<number>`coalesce(sum(${pushNotificationCampaigns.sentCount}), 0)::int`,
      clicked: sql<number>`coalesce(sum(${pushNotificationCampaigns.clickCount}), 0)::int`,
    })
    .from(pushNotificationCampaigns)
    .where(
      and(
        eq(pushNotificationCampaigns.userId, ownerId),
        inArray(pushNotificationCampaigns.templateId, templateIds),
      ),
    )
    .groupBy(pushNotificationCampaigns.templateId);
  return new Map(
    rows.map((row) => [
      row.templateId!,
      { campaigns: row.campaigns, sent: row.sent, clicked: row.clicked },
    ]),
  );
}

function toTemplate(
  row: TemplateRow,
  language: Language,
  usage: TemplateUsage | undefined,
): TTemplate {
  const key = row.builtinKey;
  const text = (
    field: 'name' | 'title' | 'message' | 'category' | 'industry',
    own: string | null,
  ) => (key ? builtInText(language, key, field) : own);
  return {
    id: row.id,
    builtIn: key !== null,
    name: text('name', row.name)!,
    title: text('title', row.title)!,
    message: text('message', row.message)!,
    category: text('category', row.category),
    industry: text('industry', row.industry),
    actionText: key && row.actionText ? builtInText(language, key, 'actionText') : row.actionText,
    actionUrl: row.actionUrl,
    icon: row.icon,
    urgency: row.urgency,
    personalizable: row.personalizable,
    variables: Array.isArray(row.variables) ? (row.variables as string[]) : [],
    isActive: row.isActive,
    usage: usage ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const visibleTo = (ownerId: number) =>
  or(isNull(pushNotificationTemplates.userId), eq(pushNotificationTemplates.userId, ownerId));

export async function listTemplates(
  ctx: AppContext,
  ownerId: number,
  language: Language,
): Promise<TTemplate[]> {
  const rows = await ctx.db
    .select()
    .from(pushNotificationTemplates)
    .where(visibleTo(ownerId))
    .orderBy(
      sql`${pushNotificationTemplates.userId} IS NULL`,
      desc(pushNotificationTemplates.updatedAt),
      pushNotificationTemplates.id,
    );
  const usage = await measuredUsage(
    ctx,
    ownerId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toTemplate(row, language, usage.get(row.id)));
}

/** A template the owner may use in a campaign (their own or a built-in one), else 404. */
export async function findUsableTemplate(
  ctx: AppContext,
  ownerId: number,
  templateId: number,
): Promise<TemplateRow> {
  const [row] = await ctx.db
    .select()
    .from(pushNotificationTemplates)
    .where(and(eq(pushNotificationTemplates.id, templateId), visibleTo(ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The owner's own template for a change: a foreign one is 404, a built-in one 403. */
async function findEditableTemplate(ctx: AppContext, ownerId: number, templateId: number) {
  const row = await findUsableTemplate(ctx, ownerId, templateId);
  if (row.userId === null) throw new AppError('FORBIDDEN', 'campaigns.errors.builtInReadOnly');
  return row;
}

type TemplateFields = ReturnType<typeof ZTemplateInput.parse>;

const columnsOf = (input: TemplateFields) => ({
  name: input.name,
  title: input.title,
  message: input.message,
  category: input.category ?? null,
  industry: input.industry ?? null,
  actionText: input.actionText ?? null,
  actionUrl: input.actionUrl ?? null,
  icon: input.icon ?? null,
  urgency: input.urgency,
});

export async function createTemplate(
  ctx: AppContext,
  ownerId: number,
  input: TemplateFields,
  language: Language,
): Promise<TTemplate> {
  const [row] = await ctx.db
    .insert(pushNotificationTemplates)
    .values({ userId: ownerId, ...columnsOf(input) })
    .returning();
  return toTemplate(row!, language, undefined);
}

export async function updateTemplate(
  ctx: AppContext,
  ownerId: number,
  templateId: number,
  input: TemplateFields,
  language: Language,
): Promise<TTemplate> {
  await findEditableTemplate(ctx, ownerId, templateId);
  const [row] = await ctx.db
    .update(pushNotificationTemplates)
    .set(columnsOf(input))
    .where(
      and(
        eq(pushNotificationTemplates.id, templateId),
        eq(pushNotificationTemplates.userId, ownerId),
      ),
    )
    .returning();
  if (!row) throw notFound();
  const usage = await measuredUsage(ctx, ownerId, [row.id]);
  return toTemplate(row, language, usage.get(row.id));
}

/** Deletes the owner's template; campaigns made from it keep their text (templateId → null). */
export async function deleteTemplate(
  ctx: AppContext,
  ownerId: number,
  templateId: number,
): Promise<void> {
  await findEditableTemplate(ctx, ownerId, templateId);
  await ctx.db
    .delete(pushNotificationTemplates)
    .where(
      and(
        eq(pushNotificationTemplates.id, templateId),
        eq(pushNotificationTemplates.userId, ownerId),
      ),
    );
}
