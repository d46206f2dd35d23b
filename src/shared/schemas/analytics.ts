import { z } from 'zod';
import { CHAT_SOURCES } from '#shared/chat-source.ts';

/*
 * The owner's analytics. Definitions used by every figure:
 * - a session is one visitor conversation (one row of visitor_sessions) on one of the owner's cards;
 * - a message is what a visitor wrote (role "user"); the assistant's and staff answers are not counted;
 * - a lead is a session whose visitor left a name, an email address or a phone number;
 * - conversion rate = lead sessions / sessions, engagement rate = sessions with ≥ 1 message /
 *   sessions, both in percent with one decimal (0 when there are no sessions);
 * - growth = change of the figure in the last `days` days against the `days` before, in percent
 *   with one decimal; 0 when both periods are 0, and null when only the earlier period is 0
 *   (growth from nothing has no percentage: the screen shows "new").
 * - days are calendar days in UTC.
 */

/** How far back a figure looks: `?days=7|30|90`. */
export const ANALYTICS_DAYS = ['7', '30', '90'] as const;
export const ZAnalyticsQuery = z.object({
  days: z
    .enum(ANALYTICS_DAYS, 'analytics.daysInvalid')
    .optional()
    .transform((value) => (value === undefined ? undefined : Number(value))),
});
export type TAnalyticsDays = 7 | 30 | 90;

/** A session counts as active while its last activity is this recent. */
export const ACTIVE_SESSION_MS = 30 * 60 * 1000;
/** Owner analytics are kept this long, unless the owner's data changes. */
export const OWNER_ANALYTICS_CACHE_MS = 5 * 60 * 1000;
/** Rows in recentSessions. */
export const RECENT_SESSIONS_LIMIT = 20;

export const DEVICE_TYPES = ['mobile', 'desktop', 'tablet'] as const;
export type TDeviceType = (typeof DEVICE_TYPES)[number];

const count = z.number().int().nonnegative();
const percent = z.number();

export const ZAnalyticsDashboard = z.object({
  days: z.number().int(),
  totalBusinessCards: count,
  totalVisitors: count,
  totalMessages: count,
  conversionRate: percent,
  visitorGrowth: percent.nullable(),
  conversionGrowth: percent.nullable(),
  engagementRate: percent,
  engagementGrowth: percent.nullable(),
});
export type TAnalyticsDashboard = z.infer<typeof ZAnalyticsDashboard>;

export const ZRecentSession = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  cardName: z.string(),
  messageCount: count,
  source: z.enum(CHAT_SOURCES),
  deviceType: z.enum(DEVICE_TYPES),
  /** ISO 3166 alpha-2, from the visitor's time zone or language; null when unknown. */
  country: z.string().nullable(),
  lastActivity: z.string(),
});
export type TRecentSession = z.infer<typeof ZRecentSession>;

export const ZCardPerformance = z.object({
  businessCardId: z.number().int(),
  cardName: z.string(),
  sessions: count,
  messages: count,
  leads: count,
  conversionRate: percent,
});
export type TCardPerformance = z.infer<typeof ZCardPerformance>;

export const ZVisitorAnalytics = z.object({
  days: z.number().int(),
  totalSessions: count,
  activeSessions: count,
  totalMessages: count,
  deviceBreakdown: z.object({ mobile: count, desktop: count, tablet: count }),
  recentSessions: z.array(ZRecentSession),
  businessCardPerformance: z.array(ZCardPerformance),
});
export type TVisitorAnalytics = z.infer<typeof ZVisitorAnalytics>;

export const ZTrafficAnalytics = z.object({
  days: z.number().int(),
  trafficSources: z.object({ qr: count, link: count, share: count, poster: count, direct: count }),
  locationBreakdown: z.array(z.object({ country: z.string().nullable(), sessions: count })),
  totalSessions: count,
  /** One row per UTC day of the window, oldest first, zeros included. */
  daily: z.array(z.object({ date: z.string(), sessions: count, messages: count, leads: count })),
});
export type TTrafficAnalytics = z.infer<typeof ZTrafficAnalytics>;
