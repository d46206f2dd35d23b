import { eq } from 'drizzle-orm';
import type { TLandingContent, TLandingContentResponse } from '#shared/landing.ts';
import type { AppContext } from '#server/context.ts';
import { siteContent, type User } from '#server/db/schema.ts';
import { LANDING_KEY, readLandingContent } from '#server/features/landing/service.ts';
import { recordAudit } from './audit.ts';

/**
 * Saves the landing page's content as a whole (like the fairs, decision 017): the page reads it
 * on every visit, so the change shows at once. Recorded in the audit log.
 */
export async function saveLandingContent(
  ctx: AppContext,
  actor: User,
  content: TLandingContent,
): Promise<TLandingContentResponse> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(siteContent)
      .values({ key: LANDING_KEY, value: content })
      .onConflictDoUpdate({
        target: siteContent.key,
        set: { value: content, updatedAt: ctx.now() },
      });
    await recordAudit(tx, actor, {
      action: 'landing.replace',
      target: 'landing',
      details: { promises: content.promises.length, testimonials: content.testimonials.length },
    });
  });
  return readLandingContent(ctx);
}

/** Forgets the saved content: the landing page shows the server's defaults again. */
export async function resetLandingContent(
  ctx: AppContext,
  actor: User,
): Promise<TLandingContentResponse> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(siteContent).where(eq(siteContent.key, LANDING_KEY));
    await recordAudit(tx, actor, { action: 'landing.reset', target: 'landing', details: {} });
  });
  return readLandingContent(ctx);
}
