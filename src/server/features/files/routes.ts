import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { notFound } from '#server/lib/errors.ts';
import { logoKey } from '#server/lib/storage-keys.ts';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Logos are public (they appear on public cards); their names are random and unguessable. */
export function registerFileRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/files/logos/:userId/:name',
    {
      schema: {
        params: z.object({
          userId: z.coerce.number().int().positive(),
          name: z.string().regex(/^[a-f0-9]{24}\.(png|jpg|gif|webp)$/),
        }),
      },
    },
    async (request, reply) => {
      const { userId, name } = request.params;
      const logo = await ctx.storage.get(logoKey(userId, name));
      if (!logo) throw notFound();
      return reply
        .type(CONTENT_TYPES[name.split('.').pop()!]!)
        .header('content-length', String(logo.size))
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(logo.body);
    },
  );
}
