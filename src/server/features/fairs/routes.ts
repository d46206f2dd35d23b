import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTradeFairList } from '#shared/schemas/public.ts';
import type { AppContext } from '#server/context.ts';
import * as fairs from './service.ts';

/** The landing page's countdowns (public). */
export function registerFairRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/trade-fairs', { schema: { response: { 200: ZTradeFairList } } }, async () =>
    (await fairs.listCurrentFairs(ctx)).map(fairs.toFairResponse),
  );
}
