import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import { AI_MODELS } from '#shared/schemas/cards.ts';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  ai: z.array(z.string()),
});

/** Which AI providers can answer: local always, the others when their key is set. */
export function availableAiProviders(ctx: AppContext): string[] {
  return ['local', ...AI_MODELS.filter((model) => ctx.config[model].apiKey)];
}

export function registerHealthRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get('/api/health', { schema: { response: { 200: ZHealthResponse } } }, async () => {
    await ctx.db.execute(sql`select 1`);
    return { status: 'ok' as const, db: ctx.dbKind, ai: availableAiProviders(ctx) };
  });
}
