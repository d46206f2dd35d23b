import { z } from 'zod';
import { LANGUAGES, type Language } from './limits.ts';
import { safeText } from './schemas/text.ts';

/*
 * The landing page's editable content: the short promises under the hero, the exhibitors'
 * words (testimonials) and the closing call to action. The admin edits them in the admin panel
 * (like the trade fairs); the defaults state nothing that is untrue of a self-hosted server and
 * quote no customer. A list left empty hides its section. The figures beside them stay live.
 */

export const LANDING_LIMITS = {
  promises: 6,
  testimonials: 6,
  promise: 80,
  quote: 600,
  name: 120,
  role: 160,
  cta: 300,
} as const;

const text = (max: number) => safeText().trim().max(max, 'validation.tooLong').default('');

/** One text in each interface language; at least one of them written. */
const localized = (max: number) =>
  z
    .object({ en: text(max), 'zh-CN': text(max), 'zh-TW': text(max) })
    .refine((value) => LANGUAGES.some((language) => value[language] !== ''), {
      message: 'admin.landing.errors.textRequired',
    });

/** A text in each interface language ('' where none is written). */
export type TLocalizedText = Record<Language, string>;

export const ZTestimonial = z.object({
  quote: localized(LANDING_LIMITS.quote),
  /** The person's name as they sign it (the same in every language). */
  name: safeText().trim().min(1, 'admin.landing.errors.nameRequired').max(LANDING_LIMITS.name),
  role: z.object({
    en: text(LANDING_LIMITS.role),
    'zh-CN': text(LANDING_LIMITS.role),
    'zh-TW': text(LANDING_LIMITS.role),
  }),
});
export type TTestimonial = z.output<typeof ZTestimonial>;

export const ZLandingContent = z.object({
  promises: z
    .array(localized(LANDING_LIMITS.promise))
    .max(LANDING_LIMITS.promises, 'admin.landing.errors.tooMany'),
  testimonials: z
    .array(ZTestimonial)
    .max(LANDING_LIMITS.testimonials, 'admin.landing.errors.tooMany'),
  /** The closing section's text; all languages empty hides the sentence (the button stays). */
  cta: z.object({
    en: text(LANDING_LIMITS.cta),
    'zh-CN': text(LANDING_LIMITS.cta),
    'zh-TW': text(LANDING_LIMITS.cta),
  }),
});
export type TLandingContent = z.output<typeof ZLandingContent>;
export type TLandingContentInput = z.input<typeof ZLandingContent>;

export const ZLandingContentResponse = z.object({
  content: ZLandingContent,
  /** True while the admin has saved nothing: the server's own truthful defaults are shown. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TLandingContentResponse = z.infer<typeof ZLandingContentResponse>;
