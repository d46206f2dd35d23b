import { z } from 'zod';

// Lives in limits.ts, which has no zod: the landing page uses it without the schemas.
export { PUBLIC_ANALYTICS_CACHE_MS } from '../limits.ts';

export const FAIR_REGIONS = ['mainland', 'hong-kong'] as const;
export type TFairRegion = (typeof FAIR_REGIONS)[number];

export const ZTradeFair = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  fullName: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  category: z.string(),
  region: z.enum(FAIR_REGIONS),
  description: z.string(),
});
export type TTradeFair = z.infer<typeof ZTradeFair>;

export const ZTradeFairList = z.array(ZTradeFair);

/** The four landing figures of GET /api/analytics/public. */
export const ZPublicAnalytics = z.object({
  totalBusinessCards: z.number().int(),
  totalVisitors: z.number().int(),
  totalMessages: z.number().int(),
  /** Visitor sessions that left their details, as a percentage with one decimal. */
  conversionRate: z.number(),
});
export type TPublicAnalytics = z.infer<typeof ZPublicAnalytics>;
