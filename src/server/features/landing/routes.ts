import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZLandingContentResponse } from '#shared/landing.ts';
import type { AppContext } from '#server/context.ts';
import { readLandingContent } from './service.ts';

/** The landing page's promises, testimonials and closing text (public). */
export function registerLandingRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/landing-content', { schema: { response: { 200: ZLandingContentResponse } } }, () =>
    readLandingContent(ctx),
  );
}
