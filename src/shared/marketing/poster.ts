import { z } from 'zod';
import { safeText } from '../schemas/text.ts';
import { LANGUAGES } from '../limits.ts';

/*
 * Event posters: the generator's constants, the shapes it stores and the form's validation.
 * One schema for the form and the route; messages are i18n keys (section "posters").
 */

export const POSTER_STYLES = [
  'modern',
  'corporate',
  'creative',
  'minimalist',
  'tech',
  'professional',
] as const;
/** The advanced-features tab offers its own list (it adds "bold"). */
export const ADVANCED_POSTER_STYLES = [
  'professional',
  'creative',
  'minimalist',
  'bold',
  'tech',
] as const;
export const ALL_POSTER_STYLES = [...new Set([...POSTER_STYLES, ...ADVANCED_POSTER_STYLES])];
export type TPosterStyle = (typeof ALL_POSTER_STYLES)[number];

export const COLOR_SCHEMES = [
  'vibrant',
  'corporate',
  'warm',
  'cool',
  'monochrome',
  'custom',
] as const;
export type TColorScheme = (typeof COLOR_SCHEMES)[number];

export const EVENT_TYPES = [
  'conference',
  'product_launch',
  'networking',
  'workshop',
  'exhibition',
  'celebration',
  'academic_forum',
  'business_negotiation',
  'team_building',
  'award_ceremony',
  'startup_roadshow',
  'industry_summit',
] as const;

export const POSTER_LAYOUTS = ['hero', 'split', 'frame', 'diagonal'] as const;
export type TPosterLayout = (typeof POSTER_LAYOUTS)[number];

export const CUSTOM_PROMPT_MAX = 1000;
export const REFERENCE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const POSTER_VARIATIONS = 3;
export const POSTER_WIDTH = 1080;
export const POSTER_HEIGHT = 1350;
/** The download's QR overlay: its size in pixels (its caption: posters.art.qrCaption). */
export const POSTER_QR_SIZE = 120;

/** The one message for a missing title, type, date or location. */
export const POSTER_INCOMPLETE = 'posters.incomplete';
const HEX = /^#[0-9a-f]{6}$/i;

const required = (max: number) =>
  safeText().trim().min(1, POSTER_INCOMPLETE).max(max, 'validation.tooLong');
const optional = (max: number) => safeText().trim().max(max, 'validation.tooLong').optional();

export const ZPosterRequest = z.object({
  eventTitle: required(120),
  eventType: required(60),
  eventDate: required(40),
  eventLocation: required(120),
  eventDescription: optional(1000),
  targetAudience: optional(200),
  style: z.enum(POSTER_STYLES, { error: 'validation.invalid' }).default('modern'),
  colorScheme: z.enum(COLOR_SCHEMES, { error: 'validation.invalid' }).default('vibrant'),
  customColors: z
    .array(safeText().regex(HEX, 'posters.badColor'))
    .max(5, 'validation.tooLong')
    .default([]),
  includeCompanyBranding: z.boolean().default(true),
  customPrompt: safeText().max(CUSTOM_PROMPT_MAX, 'posters.promptTooLong').optional(),
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647),
  templateId: optional(40),
  referenceImageUrl: optional(2000),
  /** Some clients send it; it is ignored, identity comes from the session. */
  userId: z.unknown().optional(),
});
export type TPosterRequest = z.infer<typeof ZPosterRequest>;
export type TPosterForm = z.input<typeof ZPosterRequest>;

export const ZPosterVariationsRequest = ZPosterRequest.extend({
  variations: z.coerce.number().int().min(1).max(POSTER_VARIATIONS).default(POSTER_VARIATIONS),
});

/** The advanced-features tab: title required, the card is the page's card. */
export const ZQuickPosterRequest = z.object({
  title: safeText().trim().min(1, 'posters.titleRequired').max(120, 'validation.tooLong'),
  description: optional(1000),
  eventDate: optional(40),
  eventLocation: optional(120),
  posterStyle: z
    .enum(ADVANCED_POSTER_STYLES, { error: 'validation.invalid' })
    .default('professional'),
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647),
  userId: z.unknown().optional(),
});
export type TQuickPosterRequest = z.infer<typeof ZQuickPosterRequest>;

export const ZPoster = z.object({
  id: z.number(),
  businessCardId: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  downloadUrl: z.string(),
  style: z.string(),
  colorScheme: z.string(),
  layout: z.string(),
  templateId: z.string().nullable(),
  eventType: z.string().nullable(),
  eventDate: z.string().nullable(),
  eventLocation: z.string().nullable(),
  description: z.string(),
  keyMessages: z.array(z.string()),
  /** The interface language it was written in; its download's QR caption is in it too. */
  language: z.enum(LANGUAGES),
  /** The path the poster's QR code opens. */
  qrCode: z.string(),
  createdAt: z.string(),
});
export type TPoster = z.infer<typeof ZPoster>;

export const ZPosterTemplate = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  layout: z.enum(POSTER_LAYOUTS),
  style: z.enum(POSTER_STYLES),
  colorScheme: z.enum(COLOR_SCHEMES),
  features: z.array(z.string()),
  popularity: z.number(),
});
export type TPosterTemplate = z.infer<typeof ZPosterTemplate>;

export const ZPosterListQuery = z.object({
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/**
 * The download's file name: the title with anything but letters, digits,
 * Chinese characters, "-" and "_" as "-", then "-with-qr-" and the date (YYYY-MM-DD).
 */
export function posterDownloadName(title: string, date: Date): string {
  const stem = title.replace(/[^\p{L}\p{N}_-]/gu, '-') || 'poster';
  return `${stem}-with-qr-${date.toISOString().slice(0, 10)}.png`;
}
