import { z } from 'zod';
import { safeText } from '../schemas/text.ts';

/* Brand palettes from a company description: the request, its limits and the result. */

export const PALETTE_DESCRIPTION_MAX = 2000;
/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

export const ZPaletteRequest = z.object({
  companyDescription: safeText()
    .trim()
    .min(1, 'palette.descriptionRequired')
    .max(PALETTE_DESCRIPTION_MAX, 'validation.tooLong'),
  userId: z.unknown().optional(),
});
export type TPaletteRequest = z.infer<typeof ZPaletteRequest>;

export const PALETTE_ROLES = ['primary', 'secondary', 'accent', 'background', 'text'] as const;

const hex = z.string().regex(/^#[0-9a-f]{6}$/i, 'posters.badColor');

export const ZPalette = z.object({
  name: z.string(),
  industry: z.string(),
  description: z.string(),
  /** The colour-theory rule the palette follows (analogous, complementary …). */
  harmony: z.string(),
  colors: z.object({
    primary: hex,
    secondary: hex,
    accent: hex,
    background: hex,
    text: hex,
  }),
  /** Text on background, WCAG 2 ratio (≥ 4.5). */
  contrast: z.number(),
});
export type TPalette = z.infer<typeof ZPalette>;

export const ZPaletteResponse = z.object({
  industry: z.string(),
  palettes: z.array(ZPalette),
});
export type TPaletteResponse = z.infer<typeof ZPaletteResponse>;

/** POST /api/business-cards/{id}/palette: one palette's colours, for the card and its posters. */
export const ZApplyPaletteRequest = z.object({
  colors: ZPalette.shape.colors,
});
export type TApplyPaletteRequest = z.infer<typeof ZApplyPaletteRequest>;

export const ZApplyPaletteResponse = z.object({
  businessCardId: z.number().int(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  brandPalette: ZPalette.shape.colors,
});
export type TApplyPaletteResponse = z.infer<typeof ZApplyPaletteResponse>;
