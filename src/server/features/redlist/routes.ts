import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import { ZRedListCreate, ZRedListKeyword, ZRedListUpdate } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import * as redList from './service.ts';

/** Keywords whose answers must cite a document or be declined (owner only). */
export function registerRedListRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/business-cards/:id/red-list',
    { schema: { params: ZIdParam, response: { 200: z.array(ZRedListKeyword) } } },
    async (request) =>
      (await redList.listKeywords(ctx, requireUser(request).id, request.params.id)).map(
        redList.toKeywordResponse,
      ),
  );

  app.post(
    '/api/business-cards/:id/red-list',
    { schema: { params: ZIdParam, body: ZRedListCreate, response: { 201: ZRedListKeyword } } },
    async (request, reply) => {
      const row = await redList.addKeyword(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(redList.toKeywordResponse(row));
    },
  );

  app.put(
    '/api/red-list/:id',
    { schema: { params: ZIdParam, body: ZRedListUpdate, response: { 200: ZRedListKeyword } } },
    async (request) =>
      redList.toKeywordResponse(
        await redList.updateKeyword(ctx, requireUser(request).id, request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/red-list/:id',
    { schema: { params: ZIdParam, response: { 200: ZOkResponse } } },
    async (request) => {
      await redList.deleteKeyword(ctx, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
}
