import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAdminUsersResponse } from '#shared/schemas/auth.ts';
import type { AppContext } from '#server/context.ts';
import { requireAdmin } from '#server/lib/auth-guard.ts';
import { toPublicUser } from '#server/features/auth/service.ts';
import { listUsers } from './service.ts';

export function registerAdminRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/users',
    { schema: { response: { 200: ZAdminUsersResponse } } },
    async (request) => {
      requireAdmin(request, ctx.config.adminEmails);
      const users = await listUsers(ctx);
      return { users: users.map((user) => toPublicUser(ctx, user)) };
    },
  );
}
