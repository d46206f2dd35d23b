import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZIdParam } from '#shared/schemas/cards.ts';
import { ZPublicCard } from '#shared/schemas/public-card.ts';
import type { AppContext } from '#server/context.ts';
import { toPublicCard } from './public-card.ts';
import { findPublicCard } from './service.ts';

/**
 * The public card page's data (/card/:id): a finished card for anyone, signed in or not.
 * A draft is a 404 for everyone, its owner included (the page is what buyers see).
 */
export function registerPublicCardRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/cards/:id/public',
    { schema: { params: ZIdParam, response: { 200: ZPublicCard } } },
    async (request, reply) => {
      const card = await findPublicCard(ctx, request.params.id);
      void reply.header('cache-control', 'no-cache');
      return toPublicCard(card);
    },
  );
}
