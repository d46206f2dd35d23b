import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnnouncement,
  ZAudienceQuery,
  ZCampaign,
  ZCampaignCreate,
  ZPushSubscriptionRequest,
  ZTemplate,
  ZTemplateInput,
} from '#shared/campaigns.ts';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { assertChatOpen } from '#server/features/chat/service.ts';
import { findVisitorSession, openVisitorSession } from '#server/lib/visitor-sessions.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import {
  audienceOf,
  deleteSubscription,
  findDelivery,
  listAnnouncements,
  recordReaction,
  saveSubscription,
  sendCampaign,
  type DeliveryDeps,
} from './delivery.ts';
import * as campaigns from './service.ts';
import * as templates from './templates.ts';

/** Per client address, for the visitor's routes (a fair hall may share one NAT address). */
const visitorLimit = { max: 300, timeWindow: 60_000 };
const viewerOf = (request: FastifyRequest) => request.currentUser?.id ?? null;

/** Push campaigns: the owner's templates and campaigns, the visitor's side of them. */
export function registerCampaignRoutes(server: FastifyInstance, deps: DeliveryDeps): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const { ctx } = deps;
  server.addHook('onReady', () => templates.ensureBuiltInTemplates(ctx));

  app.get(
    '/api/push/vapid-public-key',
    {
      schema: { response: { 200: z.object({ publicKey: z.string() }) } },
    },
    () => ({ publicKey: deps.vapid.publicKey }),
  );

  // ---- templates -------------------------------------------------------------------------
  app.get(
    '/api/push/templates',
    { schema: { response: { 200: z.object({ templates: z.array(ZTemplate) }) } } },
    async (request) => ({
      templates: await templates.listTemplates(
        ctx,
        requireUser(request).id,
        requestLanguage(request),
      ),
    }),
  );
  app.post(
    '/api/push/templates',
    { schema: { body: ZTemplateInput, response: { 201: ZTemplate } } },
    async (request, reply) => {
      const owner = requireUser(request).id;
      const created = await templates.createTemplate(
        ctx,
        owner,
        request.body,
        requestLanguage(request),
      );
      return reply.code(201).send(created);
    },
  );
  app.put(
    '/api/push/templates/:id',
    { schema: { params: ZIdParam, body: ZTemplateInput, response: { 200: ZTemplate } } },
    (request) =>
      templates.updateTemplate(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.body,
        requestLanguage(request),
      ),
  );
  app.delete(
    '/api/push/templates/:id',
    { schema: { params: ZIdParam, response: { 200: ZOkResponse } } },
    async (request) => {
      await templates.deleteTemplate(ctx, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  // ---- campaigns -------------------------------------------------------------------------
  app.get(
    '/api/push/campaigns',
    { schema: { response: { 200: z.object({ campaigns: z.array(ZCampaign) }) } } },
    async (request) => ({ campaigns: await campaigns.listCampaigns(ctx, requireUser(request).id) }),
  );
  app.post(
    '/api/push/campaigns',
    { schema: { body: ZCampaignCreate, response: { 201: ZCampaign } } },
    async (request, reply) => {
      const created = await campaigns.createCampaign(deps, requireUser(request).id, request.body);
      return reply.code(201).send(created);
    },
  );
  app.get(
    '/api/push/campaigns/:id',
    { schema: { params: ZIdParam, response: { 200: ZCampaign } } },
    async (request) =>
      campaigns.describeCampaign(
        ctx,
        await campaigns.findOwnedCampaign(ctx, requireUser(request).id, request.params.id),
      ),
  );
  app.delete(
    '/api/push/campaigns/:id',
    { schema: { params: ZIdParam, response: { 200: ZOkResponse } } },
    async (request) => {
      await campaigns.deleteCampaign(ctx, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/push/campaigns/:id/send',
    { schema: { params: ZIdParam, response: { 200: ZCampaign } } },
    async (request) => {
      const row = await campaigns.findOwnedCampaign(
        ctx,
        requireUser(request).id,
        request.params.id,
      );
      if (row.status === 'sent') throw new AppError('CONFLICT', 'campaigns.errors.alreadySent');
      return campaigns.describeCampaign(ctx, await sendCampaign(deps, row.id));
    },
  );
  /** How many visitors a campaign would reach now (the editor shows it before sending). */
  app.get(
    '/api/push/audience',
    { schema: { querystring: ZAudienceQuery, response: { 200: z.object({ count: z.number() }) } } },
    async (request) => {
      const owner = requireUser(request).id;
      const { businessCardId, targetAudience } = request.query;
      await findOwnedCard(ctx, owner, businessCardId);
      const targets = await audienceOf(deps, owner, businessCardId, targetAudience);
      return { count: targets.length };
    },
  );

  // ---- the visitor's side (visitor cookie) ----------------------------------------------
  const visitorOf = async (request: FastifyRequest, cardId: number) => {
    await assertChatOpen(ctx, cardId, viewerOf(request));
    return findVisitorSession(ctx, request, cardId);
  };

  app.get(
    '/api/chat/:id/announcements',
    {
      schema: {
        params: ZIdParam,
        response: { 200: z.object({ announcements: z.array(ZAnnouncement) }) },
      },
      config: { rateLimit: visitorLimit },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const session = await visitorOf(request, request.params.id);
      return { announcements: session ? await listAnnouncements(ctx, session) : [] };
    },
  );

  for (const reaction of ['click', 'dismiss'] as const) {
    app.post(
      `/api/push/deliveries/:id/${reaction}`,
      {
        schema: { params: ZIdParam, response: { 200: ZOkResponse } },
        config: { rateLimit: visitorLimit },
      },
      async (request) => {
        const delivery = await findDelivery(ctx, request.params.id);
        const session =
          delivery?.businessCardId != null
            ? await findVisitorSession(ctx, request, delivery.businessCardId)
            : null;
        // Only the visitor it was delivered to may react to it.
        if (!delivery || !session || session.id !== delivery.visitorSessionId) throw notFound();
        await recordReaction(ctx, delivery, reaction);
        return { ok: true as const };
      },
    );
  }

  app.post(
    '/api/chat/:id/push-subscription',
    {
      schema: { params: ZIdParam, body: ZPushSubscriptionRequest, response: { 200: ZOkResponse } },
      config: { rateLimit: visitorLimit },
    },
    async (request, reply) => {
      await assertChatOpen(ctx, request.params.id, viewerOf(request));
      const { session } = await openVisitorSession(ctx, request, reply, request.params.id);
      await saveSubscription(ctx, session, request.body);
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/chat/:id/push-subscription',
    {
      schema: { params: ZIdParam, response: { 200: ZOkResponse } },
      config: { rateLimit: visitorLimit },
    },
    async (request) => {
      const session = await visitorOf(request, request.params.id);
      if (session) await deleteSubscription(ctx, session);
      return { ok: true as const };
    },
  );
}
