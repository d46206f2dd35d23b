import { z } from 'zod';
import { safeText } from '../schemas/text.ts';
import { INTRO_LANGUAGES } from './summary.ts';

/* Conversation starters for networking. Messages are i18n keys. */

export const SCENARIOS = [
  'business_conference',
  'industry_event',
  'networking_mixer',
  'startup_pitch',
  'client_meeting',
  'international_event',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export const STARTER_TONES = ['professional', 'casual', 'friendly', 'enthusiastic'] as const;
export type StarterTone = (typeof STARTER_TONES)[number];

export const STARTER_CATEGORIES = [
  'company_intro',
  'ice_breaker',
  'business_opportunity',
  'industry_insight',
  'personal_connection',
] as const;
export type StarterCategory = (typeof STARTER_CATEGORIES)[number];

export const MAX_CUSTOM_CONTEXT = 1000;

const shortText = (max: number) => safeText().trim().max(max, 'validation.tooLong').optional();

export const ZStarterRequest = z.object({
  scenario: z.enum(SCENARIOS, 'marketingText.validation.scenarioRequired'),
  tone: z.enum(STARTER_TONES).default('professional'),
  customContext: shortText(MAX_CUSTOM_CONTEXT),
  includeCompanySummary: z.boolean().default(true),
  language: z.enum(INTRO_LANGUAGES).default('zh-CN'),
  businessCardId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  userProfile: z
    .object({
      industry: shortText(200),
      role: shortText(200),
      company: shortText(200),
      interests: z.union([shortText(500), z.array(safeText().max(100)).max(20)]).optional(),
    })
    .optional(),
});
export type TStarterRequest = z.input<typeof ZStarterRequest>;

export const ZStarter = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  scenario: z.enum(SCENARIOS),
  tone: z.enum(STARTER_TONES),
  category: z.enum(STARTER_CATEGORIES),
  /** How often the owner used (copied) this very text: measured, 0 when not used yet. */
  uses: z.number().int().min(0),
});
export type TStarter = z.infer<typeof ZStarter>;

/** POST /api/conversation-starters/uses: the owner used (copied) this starter's text. */
export const ZStarterUseRequest = z.object({
  content: safeText().trim().min(1, 'validation.required').max(4000, 'validation.tooLong'),
});
export type TStarterUseRequest = z.input<typeof ZStarterUseRequest>;
export const ZStarterUseResponse = z.object({ uses: z.number().int() });
export type TStarterUseResponse = z.infer<typeof ZStarterUseResponse>;

export const ZStarterResponse = z.object({
  starters: z.array(ZStarter),
  writtenBy: z.enum(['local', 'provider']),
});
export type TStarterResponse = z.infer<typeof ZStarterResponse>;
