import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZAdminAuditQuery,
  ZAdminStats,
  ZAdminTradeFairs,
  ZAdminUserPage,
  ZAdminUserParams,
  ZAdminUserPatch,
  ZAdminUserResponse,
  ZAdminUsersQuery,
  ZAuditPage,
  ZTradeFairsPut,
} from '#shared/admin.ts';
import { ZLandingContent, ZLandingContentResponse } from '#shared/landing.ts';
import type { AppContext } from '#server/context.ts';
import { listAllFairs, toFairResponse } from '#server/features/fairs/service.ts';
import { requireAdmin } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { listAudit } from './audit.ts';
import { replaceFairs } from './fairs-edit.ts';
import { resetLandingContent, saveLandingContent } from './landing-edit.ts';
import { listUsersPage, toAdminUser, updateUser } from './service.ts';
import { adminStats } from './stats.ts';

/** The admin panel's calls; every one answers 401 signed out and 403 to non-admins. */
export function registerAdminRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const admin = (request: Parameters<typeof requireAdmin>[0]) =>
    requireAdmin(request, ctx.config.adminEmails);
  // Before body validation: a non-admin learns nothing about the payload's shape.
  const guarded = {
    onRequest: async (request: Parameters<typeof requireAdmin>[0]) => {
      admin(request);
    },
  };

  app.get(
    '/api/admin/users',
    { ...guarded, schema: { querystring: ZAdminUsersQuery, response: { 200: ZAdminUserPage } } },
    async (request) => {
      admin(request);
      return listUsersPage(ctx, request.query.query, request.query.page);
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      ...guarded,
      schema: {
        params: ZAdminUserParams,
        body: ZAdminUserPatch,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => {
      const actor = admin(request);
      const patch = request.body;
      if (Object.values(patch).every((value) => value === undefined)) {
        throw new AppError('VALIDATION_ERROR', 'admin.errors.emptyPatch');
      }
      const result = await updateUser(ctx, actor, request.params.id, patch);
      await hub.endSessions(result.endedSessions);
      return { user: toAdminUser(ctx, result.user) };
    },
  );

  app.get(
    '/api/admin/stats',
    { ...guarded, schema: { response: { 200: ZAdminStats } } },
    async (request) => {
      admin(request);
      return adminStats(ctx);
    },
  );

  app.get(
    '/api/admin/trade-fairs',
    { ...guarded, schema: { response: { 200: ZAdminTradeFairs } } },
    async (request) => {
      admin(request);
      return { fairs: (await listAllFairs(ctx)).map(toFairResponse) };
    },
  );

  app.put(
    '/api/admin/trade-fairs',
    { ...guarded, schema: { body: ZTradeFairsPut, response: { 200: ZAdminTradeFairs } } },
    async (request) => {
      const actor = admin(request);
      const { fairs } = await replaceFairs(ctx, actor, request.body.fairs);
      return { fairs: fairs.map(toFairResponse) };
    },
  );

  app.put(
    '/api/admin/landing-content',
    { ...guarded, schema: { body: ZLandingContent, response: { 200: ZLandingContentResponse } } },
    async (request) => saveLandingContent(ctx, admin(request), request.body),
  );

  app.delete(
    '/api/admin/landing-content',
    { ...guarded, schema: { response: { 200: ZLandingContentResponse } } },
    async (request) => resetLandingContent(ctx, admin(request)),
  );

  app.get(
    '/api/admin/audit',
    { ...guarded, schema: { querystring: ZAdminAuditQuery, response: { 200: ZAuditPage } } },
    async (request) => {
      admin(request);
      return listAudit(ctx, request.query.page);
    },
  );
}
