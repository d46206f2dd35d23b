import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAnalyticsDashboard,
  ZAnalyticsQuery,
  ZTrafficAnalytics,
  ZVisitorAnalytics,
  type TAnalyticsDays,
} from '#shared/schemas/analytics.ts';
import { ZPublicAnalytics } from '#shared/schemas/public.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { ownerDashboard, ownerTraffic, ownerVisitors } from './owner-analytics.ts';
import * as analytics from './service.ts';

export function registerAnalyticsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The landing page's figures (signed out too), cached five minutes.
  app.get('/api/analytics/public', { schema: { response: { 200: ZPublicAnalytics } } }, () =>
    analytics.getPublicAnalytics(ctx),
  );

  // The signed-in owner's own figures (their cards only), cached five minutes per owner.
  const days = (value: number | undefined) => value as TAnalyticsDays | undefined;
  app.get(
    '/api/analytics/dashboard',
    { schema: { querystring: ZAnalyticsQuery, response: { 200: ZAnalyticsDashboard } } },
    (request) => ownerDashboard(ctx, requireUser(request).id, days(request.query.days)),
  );
  app.get(
    '/api/analytics/visitors',
    { schema: { querystring: ZAnalyticsQuery, response: { 200: ZVisitorAnalytics } } },
    (request) => ownerVisitors(ctx, requireUser(request).id, days(request.query.days)),
  );
  app.get(
    '/api/analytics/traffic',
    { schema: { querystring: ZAnalyticsQuery, response: { 200: ZTrafficAnalytics } } },
    (request) => ownerTraffic(ctx, requireUser(request).id, days(request.query.days)),
  );
}
