import {
  ZAnalyticsDashboard,
  ZTrafficAnalytics,
  ZVisitorAnalytics,
  type TAnalyticsDashboard,
  type TAnalyticsDays,
  type TTrafficAnalytics,
  type TVisitorAnalytics,
} from '#shared/schemas/analytics.ts';
import type { AppContext } from '#server/context.ts';
import { computeDashboard } from './dashboard.ts';
import { cachedForOwner } from './owner-cache.ts';
import { computeTraffic } from './traffic.ts';
import { computeVisitors } from './visitors.ts';

/* The owner's three analytics views, each cached per owner and per window (owner-cache.ts). */

const parser =
  <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }) =>
  (value: unknown): T | null => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : null;
  };

export const ownerDashboard = (
  ctx: AppContext,
  ownerId: number,
  days: TAnalyticsDays = 7,
): Promise<TAnalyticsDashboard> =>
  cachedForOwner(ctx, ownerId, `dashboard:${days}`, parser(ZAnalyticsDashboard), () =>
    computeDashboard(ctx, ownerId, days),
  );

export const ownerVisitors = (
  ctx: AppContext,
  ownerId: number,
  days: TAnalyticsDays = 30,
): Promise<TVisitorAnalytics> =>
  cachedForOwner(ctx, ownerId, `visitors:${days}`, parser(ZVisitorAnalytics), () =>
    computeVisitors(ctx, ownerId, days),
  );

export const ownerTraffic = (
  ctx: AppContext,
  ownerId: number,
  days: TAnalyticsDays = 30,
): Promise<TTrafficAnalytics> =>
  // Daily rows are calendar days: a cached answer does not outlive its UTC date.
  cachedForOwner(
    ctx,
    ownerId,
    `traffic:${days}:${ctx.now().toISOString().slice(0, 10)}`,
    parser(ZTrafficAnalytics),
    () => computeTraffic(ctx, ownerId, days),
  );
