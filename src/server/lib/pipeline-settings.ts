import { eq } from 'drizzle-orm';
import { DEFAULT_PIPELINE_SETTINGS, type TPipelineSettings } from '#shared/schemas/pipeline.ts';
import type { AppContext } from '#server/context.ts';
import { pipelineSettings } from '#server/db/schema.ts';

/*
 * The owner's pipeline rules. The pipeline applies and edits them; the notification bell reads
 * the idle days to show a lead's priority as the pipeline does (lead-priority.ts). Here rather
 * than in features/pipeline because the pipeline in turn tells the bell of changed priorities.
 */

/** The owner's pipeline rules (defaults until they save their own). */
export async function getSettings(ctx: AppContext, ownerId: number): Promise<TPipelineSettings> {
  const [row] = await ctx.db
    .select()
    .from(pipelineSettings)
    .where(eq(pipelineSettings.userId, ownerId))
    .limit(1);
  if (!row) return { ...DEFAULT_PIPELINE_SETTINGS };
  return {
    highPriorityAfterMessages: row.highPriorityAfterMessages,
    idleDaysLowerPriority: row.idleDaysLowerPriority,
    autoFollowUpEmail: row.autoFollowUpEmail,
  };
}

export async function saveSettings(
  ctx: AppContext,
  ownerId: number,
  settings: TPipelineSettings,
): Promise<TPipelineSettings> {
  await ctx.db
    .insert(pipelineSettings)
    .values({ userId: ownerId, ...settings })
    .onConflictDoUpdate({ target: pipelineSettings.userId, set: settings });
  return settings;
}
