import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import {
  ZFollowUpDraft,
  ZFollowUpSend,
  ZLead,
  ZLeadList,
  ZLeadParams,
  ZLeadQuery,
  ZLeadUpdate,
  ZPaperCardScan,
  ZPaperLeadCreate,
  ZPipelineAnalytics,
  ZPipelineSettings,
  ZTask,
  ZTaskCreate,
  ZTaskQuery,
  ZTaskUpdate,
  ZWebhook,
  ZWebhookUpdate,
} from '#shared/schemas/pipeline.ts';
import type { AppContext } from '#server/context.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { mailLimits } from '#server/lib/mail-limits.ts';
import { senderDisplayName } from '#server/lib/mailer.ts';
import { removeFiles, saveMultipart } from '#server/lib/uploads.ts';
import { parseFields } from '#server/lib/validate.ts';
import { pipelineAnalytics } from './analytics.ts';
import { exportFileName, leadsCsv, leadsXlsx } from './exports.ts';
import { readPaperCard } from './paper-card-photo.ts';
import * as pipeline from './service.ts';
import { resetWatermark } from './derive.ts';
import { forgetLeadCounts } from './lead-count-cache.ts';
import { getSettings, saveSettings } from '#server/lib/pipeline-settings.ts';
import * as tasks from './tasks.ts';
import { deleteWebhook, getWebhook, saveWebhook } from './webhook.ts';

const ZLeadExportQuery = ZLeadQuery.pick({ stage: true, priority: true });
type TLeadExportQuery = z.output<typeof ZLeadExportQuery>;

/** Most leads one export holds. */
const EXPORT_MAX = 50_000;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/** The sales pipeline and its CRM webhook; every route is the owner's own. */
export function registerPipelineRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  queue: JobQueue,
  hub?: RealtimeHub,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const deps: pipeline.PipelineDeps = { ctx, queue, hub };
  const mails = mailLimits(server);

  app.get(
    '/api/sales-pipeline/leads',
    { schema: { querystring: ZLeadQuery, response: { 200: ZLeadList } } },
    (request) => pipeline.listLeads(deps, requireUser(request).id, request.query),
  );

  // The export's filters are validated by the route's schema (400 naming the field), never in
  // the handler.
  const exportSchema = { schema: { querystring: ZLeadExportQuery } };
  const exportLeads = async (request: FastifyRequest, query: TLeadExportQuery) => {
    const ownerId = requireUser(request).id;
    await pipeline.listLeads(deps, ownerId, { ...query, limit: 1, offset: 0 });
    return pipeline.queryLeads(ctx, ownerId, query, { limit: EXPORT_MAX, offset: 0 });
  };
  app.get('/api/sales-pipeline/leads.csv', exportSchema, async (request, reply) => {
    const leads = await exportLeads(request, request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName('csv', ctx.now())}"`)
      .header('cache-control', 'no-store')
      .send(leadsCsv(leads));
  });
  app.get('/api/sales-pipeline/leads.xlsx', exportSchema, async (request, reply) => {
    const leads = await exportLeads(request, request.query);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${exportFileName('xlsx', ctx.now())}"`)
      .header('cache-control', 'no-store')
      .send(await leadsXlsx(leads));
  });

  app.patch(
    '/api/sales-pipeline/leads/:visitorSessionId',
    { schema: { params: ZLeadParams, body: ZLeadUpdate, response: { 200: ZLead } } },
    (request) =>
      pipeline.updateLead(
        deps,
        requireUser(request).id,
        request.params.visitorSessionId,
        request.body,
      ),
  );

  app.get(
    '/api/sales-pipeline/leads/:visitorSessionId/follow-up',
    { schema: { params: ZLeadParams, response: { 200: ZFollowUpDraft } } },
    (request) =>
      pipeline.followUpDraft(ctx, requireUser(request).id, request.params.visitorSessionId),
  );

  app.post(
    '/api/sales-pipeline/leads/:visitorSessionId/follow-up',
    { schema: { params: ZLeadParams, body: ZFollowUpSend, response: { 200: ZOkResponse } } },
    async (request) => {
      const owner = requireUser(request);
      const ownerId = owner.id;
      const lead = await pipeline.getLead(ctx, ownerId, request.params.visitorSessionId);
      if (!lead.email) {
        throw new AppError(
          'UNPROCESSABLE',
          'errors.leadHasNoEmail',
          {},
          {
            email: 'errors.leadHasNoEmail',
          },
        );
      }
      // Answers go to the owner, so only an address the owner proved to hold may be named.
      if (!owner.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'errors.verifyBeforeMail');
      const { card } = await pipeline.ownedSession(ctx, ownerId, request.params.visitorSessionId);
      await mails.spendOwnerMail(request, ownerId, lead.email);
      await ctx.mailer.send({
        to: lead.email,
        subject: request.body.subject,
        text: request.body.body,
        // The exhibitor, by name, from our own address; replies reach the owner.
        senderName: senderDisplayName(
          card.companyName || owner.companyName || owner.organization,
          card.contactPerson,
        ),
        replyTo: owner.email,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/sales-pipeline/leads',
    { schema: { body: ZPaperLeadCreate, response: { 201: ZLead } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await pipeline.createPaperLead(deps, requireUser(request).id, request.body)),
  );

  app.post(
    '/api/sales-pipeline/leads/from-photo',
    { schema: { response: { 200: ZPaperCardScan } } },
    async (request) => {
      const owner = requireUser(request);
      const upload = await saveMultipart(request, ctx.storage.incomingDir(owner.id), {
        maxFileBytes: PHOTO_MAX_BYTES,
        maxFiles: 1,
        fileFields: ['image'],
      });
      try {
        const fields = parseFields(
          z.object({ businessCardId: ZIdParam.shape.id.optional() }),
          upload.fields,
        );
        if (fields.businessCardId !== undefined) {
          await pipeline.ownedCard(ctx, owner.id, fields.businessCardId);
        }
        const image = upload.files[0];
        if (!image) {
          throw new AppError(
            'VALIDATION_ERROR',
            'errors.validation',
            {},
            {
              image: 'validation.required',
            },
          );
        }
        return await readPaperCard(image.path);
      } finally {
        await removeFiles(upload.files);
      }
    },
  );

  app.get(
    '/api/sales-pipeline/tasks',
    { schema: { querystring: ZTaskQuery, response: { 200: z.array(ZTask) } } },
    (request) => tasks.listTasks(deps, requireUser(request).id, request.query.status),
  );

  app.post(
    '/api/sales-pipeline/tasks',
    { schema: { body: ZTaskCreate, response: { 201: ZTask } } },
    async (request, reply) =>
      reply.status(201).send(await tasks.createTask(deps, requireUser(request).id, request.body)),
  );

  app.patch(
    '/api/sales-pipeline/tasks/:id',
    { schema: { params: ZIdParam, body: ZTaskUpdate, response: { 200: ZTask } } },
    (request) => tasks.updateTask(deps, requireUser(request).id, request.params.id, request.body),
  );

  app.get(
    '/api/sales-pipeline/settings',
    { schema: { response: { 200: ZPipelineSettings } } },
    (request) => getSettings(ctx, requireUser(request).id),
  );

  app.put(
    '/api/sales-pipeline/settings',
    { schema: { body: ZPipelineSettings, response: { 200: ZPipelineSettings } } },
    async (request) => {
      const ownerId = requireUser(request).id;
      const saved = await saveSettings(ctx, ownerId, request.body);
      // The rules changed: every conversation is scored again (in passes).
      await resetWatermark(ctx, ownerId);
      await forgetLeadCounts(ctx, ownerId);
      return saved;
    },
  );

  app.get(
    '/api/sales-pipeline/analytics',
    { schema: { response: { 200: ZPipelineAnalytics } } },
    async (request) => {
      const ownerId = requireUser(request).id;
      await pipeline.listLeads(deps, ownerId, { limit: 1, offset: 0 });
      return pipelineAnalytics(ctx, ownerId);
    },
  );

  app.get('/api/integrations/webhook', { schema: { response: { 200: ZWebhook } } }, (request) =>
    getWebhook(ctx, requireUser(request).id),
  );
  app.put(
    '/api/integrations/webhook',
    { schema: { body: ZWebhookUpdate, response: { 200: ZWebhook } } },
    (request) => saveWebhook(ctx, requireUser(request).id, request.body),
  );
  app.delete(
    '/api/integrations/webhook',
    { schema: { response: { 200: ZOkResponse } } },
    async (request) => {
      await deleteWebhook(ctx, requireUser(request).id);
      return { ok: true as const };
    },
  );
}
