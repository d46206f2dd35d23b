import { and, eq, sql } from 'drizzle-orm';
import { businessCards, socialMediaContents } from '#server/db/schema.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { notFound } from '#server/lib/errors.ts';
import { translateWithProvider } from '#server/lib/translation.ts';
import type { ZTranslateRequest } from '#shared/marketing/social.ts';
import type { z } from 'zod';
import type { MarketingDeps } from './social.ts';

/*
 * POST /api/translate-content: translation needs a language model. With none configured the
 * answer is 503 PROVIDER_REQUIRED (the screen links to the model settings); a provider that
 * fails is 502 PROVIDER_FAILED. Never a word-swap imitation of a translation.
 */

type TranslateInput = z.output<typeof ZTranslateRequest>;

async function ownedContent(deps: MarketingDeps, ownerId: number, contentId: number) {
  const [row] = await deps.ctx.db
    .select({ id: socialMediaContents.id })
    .from(socialMediaContents)
    .innerJoin(businessCards, eq(businessCards.id, socialMediaContents.businessCardId))
    .where(and(eq(socialMediaContents.id, contentId), eq(businessCards.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.id;
}

export async function translateContent(
  deps: MarketingDeps,
  ownerId: number,
  input: TranslateInput,
): Promise<{ translatedText: string; targetLanguage: TranslateInput['targetLanguage'] }> {
  const card =
    input.businessCardId === undefined
      ? null
      : await findOwnedCard(deps.ctx, ownerId, input.businessCardId);
  const contentId =
    input.contentId === undefined ? null : await ownedContent(deps, ownerId, input.contentId);
  const translatedText = await translateWithProvider(
    deps.ctx,
    {
      text: input.text,
      targetLanguage: input.targetLanguage,
      selectedModel: card?.selectedAiModel,
    },
    deps.log,
  );
  if (contentId !== null) {
    await deps.ctx.db
      .update(socialMediaContents)
      .set({
        translations: sql`coalesce(${socialMediaContents.translations}, '{}'::jsonb) || ${JSON.stringify(
          { [input.targetLanguage]: translatedText },
        )}::jsonb`,
      })
      .where(eq(socialMediaContents.id, contentId));
  }
  return { translatedText, targetLanguage: input.targetLanguage };
}
