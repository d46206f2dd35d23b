import { eq } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import { businessCards } from '#server/db/schema.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { cardChanged } from '#server/lib/public-card-cache.ts';
import {
  ZPalette,
  type TApplyPaletteRequest,
  type TApplyPaletteResponse,
  type TPalette,
} from '#shared/marketing/palette.ts';

/*
 * A generated palette applied in one step: the card's own colours (primary, secondary) and
 * its brand palette, which its posters are drawn in when their scheme is "custom" with no
 * colours chosen, and which the quick poster of the advanced tab uses.
 */

type PaletteColors = TPalette['colors'];

export async function applyPalette(
  ctx: AppContext,
  ownerId: number,
  cardId: number,
  input: TApplyPaletteRequest,
): Promise<TApplyPaletteResponse> {
  const card = await findOwnedCard(ctx, ownerId, cardId);
  const colors: PaletteColors = {
    primary: input.colors.primary.toLowerCase(),
    secondary: input.colors.secondary.toLowerCase(),
    accent: input.colors.accent.toLowerCase(),
    background: input.colors.background.toLowerCase(),
    text: input.colors.text.toLowerCase(),
  };
  await ctx.db
    .update(businessCards)
    .set({
      primaryColor: colors.primary,
      secondaryColor: colors.secondary,
      brandPalette: colors,
    })
    .where(eq(businessCards.id, card.id));
  await cardChanged(ctx, card.id);
  return {
    businessCardId: card.id,
    primaryColor: colors.primary,
    secondaryColor: colors.secondary,
    brandPalette: colors,
  };
}

/** The palette applied to a card, or null (none applied, or a stored value that is not one). */
export async function brandPaletteOf(
  ctx: AppContext,
  cardId: number,
): Promise<PaletteColors | null> {
  const [row] = await ctx.db
    .select({ brandPalette: businessCards.brandPalette })
    .from(businessCards)
    .where(eq(businessCards.id, cardId))
    .limit(1);
  const parsed = ZPalette.shape.colors.safeParse(row?.brandPalette);
  return parsed.success ? parsed.data : null;
}

/** A poster's custom colours from a brand palette: primary, accent, background. */
export function posterColorsOf(palette: PaletteColors): string[] {
  return [palette.primary, palette.accent, palette.background];
}
