import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicAnalytics } from '#shared/schemas/public.ts';
import type { AppContext } from '#server/context.ts';
import * as analytics from './service.ts';

export function registerAnalyticsRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The landing page's figures (signed out too), cached five minutes.
  app.get('/api/analytics/public', { schema: { response: { 200: ZPublicAnalytics } } }, () =>
    analytics.getPublicAnalytics(ctx),
  );
}
