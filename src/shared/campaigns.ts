import { z } from 'zod';
import { LANGUAGES } from './limits.ts';
import { LEAD_STAGES } from './schemas/pipeline.ts';
import { optionalHttpUrl, optionalText, safeText } from './schemas/text.ts';

/*
 * Push campaigns: templates, campaigns, deliveries and the visitor's Web Push
 * subscription. One schema for the routes and the screen's forms.
 */

export const CAMPAIGN_LIMITS = {
  name: 120,
  title: 80,
  message: 500,
  actionText: 40,
  url: 2000,
  category: 60,
  industry: 60,
  icon: 2000,
} as const;

export const URGENCIES = ['low', 'normal', 'high'] as const;
/** Who is reached: every visitor of the card, only those who left their details, or one stage. */
export const AUDIENCES = ['all', 'leads', ...LEAD_STAGES] as const;
export type TAudience = (typeof AUDIENCES)[number];
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

const id = z.coerce.number().int().positive().max(2_147_483_647);
const requiredText = (max: number) =>
  safeText().trim().min(1, 'validation.required').max(max, 'validation.tooLong');

export const ZTemplateInput = z.object({
  name: requiredText(CAMPAIGN_LIMITS.name),
  title: requiredText(CAMPAIGN_LIMITS.title),
  message: requiredText(CAMPAIGN_LIMITS.message),
  category: optionalText(CAMPAIGN_LIMITS.category),
  industry: optionalText(CAMPAIGN_LIMITS.industry),
  actionText: optionalText(CAMPAIGN_LIMITS.actionText),
  actionUrl: optionalHttpUrl(CAMPAIGN_LIMITS.url),
  icon: optionalHttpUrl(CAMPAIGN_LIMITS.icon),
  urgency: z.enum(URGENCIES).default('normal'),
});
export type TTemplateInput = z.input<typeof ZTemplateInput>;

export const ZTemplate = z.object({
  id: z.number().int(),
  builtIn: z.boolean(),
  name: z.string(),
  category: z.string().nullable(),
  industry: z.string().nullable(),
  title: z.string(),
  message: z.string(),
  actionText: z.string().nullable(),
  actionUrl: z.string().nullable(),
  icon: z.string().nullable(),
  urgency: z.string(),
  personalizable: z.boolean(),
  variables: z.array(z.string()),
  isActive: z.boolean(),
  /**
   * What this server measured of the owner's campaigns made from the template; null until one
   * was made ("not used yet"). No estimate stands in for it.
   */
  usage: z
    .object({
      campaigns: z.number().int(),
      sent: z.number().int(),
      clicked: z.number().int(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TTemplate = z.infer<typeof ZTemplate>;

/** A campaign's text in one more interface language (the main text has its own language). */
export const ZCampaignText = z.object({
  title: requiredText(CAMPAIGN_LIMITS.title),
  message: requiredText(CAMPAIGN_LIMITS.message),
  actionText: optionalText(CAMPAIGN_LIMITS.actionText),
});
export type TCampaignText = z.input<typeof ZCampaignText>;

export const ZCampaignTranslations = z.partialRecord(z.enum(LANGUAGES), ZCampaignText);

export const ZCampaignCreate = z.object({
  name: requiredText(CAMPAIGN_LIMITS.name),
  title: requiredText(CAMPAIGN_LIMITS.title),
  message: requiredText(CAMPAIGN_LIMITS.message),
  actionText: optionalText(CAMPAIGN_LIMITS.actionText),
  actionUrl: optionalHttpUrl(CAMPAIGN_LIMITS.url),
  icon: optionalHttpUrl(CAMPAIGN_LIMITS.icon),
  urgency: z.enum(URGENCIES).default('normal'),
  /** The language of title, message and actionText above: the text a visitor gets by default. */
  language: z.enum(LANGUAGES).default('zh-CN'),
  /** The same message in other interface languages; each visitor gets their language's text. */
  translations: ZCampaignTranslations.default({}),
  businessCardId: id,
  templateId: id.nullish(),
  targetAudience: z.enum(AUDIENCES).default('all'),
  /** ISO date-time; must lie in the future (checked by the service against its clock). */
  scheduledAt: z.iso
    .datetime({ offset: true, error: 'campaigns.errors.badDate' })
    .nullish()
    .transform((value) => (value ? new Date(value) : undefined)),
});
export type TCampaignCreate = z.input<typeof ZCampaignCreate>;

export const ZCampaign = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  message: z.string(),
  actionText: z.string().nullable(),
  actionUrl: z.string().nullable(),
  icon: z.string().nullable(),
  urgency: z.string(),
  language: z.enum(LANGUAGES),
  translations: z.partialRecord(
    z.enum(LANGUAGES),
    z.object({ title: z.string(), message: z.string(), actionText: z.string().nullable() }),
  ),
  businessCardId: z.number().int().nullable(),
  cardName: z.string().nullable(),
  templateId: z.number().int().nullable(),
  targetAudience: z.enum(AUDIENCES),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  sentCount: z.number().int(),
  clickCount: z.number().int(),
  dismissCount: z.number().int(),
  createdAt: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZAudienceQuery = z.object({
  businessCardId: id,
  targetAudience: z.enum(AUDIENCES).default('all'),
});

/** What a visitor sees: one delivered campaign. */
export const ZAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  actionText: z.string().nullable(),
  actionUrl: z.string().nullable(),
  icon: z.string().nullable(),
  urgency: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  clickedAt: z.string().nullable(),
  dismissedAt: z.string().nullable(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

/** The live event on the chat's stream when a campaign reaches an open chat page. */
export const ANNOUNCEMENT_EVENT = 'announcement';

const base64Url = (max: number) =>
  safeText()
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong')
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'validation.invalid');

/** A browser's PushSubscription.toJSON(); the endpoint's address is checked by the server. */
export const ZPushSubscriptionRequest = z.object({
  endpoint: safeText()
    .max(CAMPAIGN_LIMITS.url, 'validation.tooLong')
    .pipe(z.url({ protocol: /^https?$/, error: 'campaigns.errors.badEndpoint' })),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: base64Url(200), auth: base64Url(100) }),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;
