import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LANGUAGES } from '#shared/limits.ts';
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
import { requestLanguage } from '#server/lib/i18n.ts';
import { mailLimits } from '#server/lib/mail-limits.ts';
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

const ZLeadExportQuery = ZLeadQuery.pick({ stage: true, priority: true }).extend({
  /** The owner's interface language (a download link sends no X-Language header). */
  lang: z.enum(LANGUAGES).optional(),
});
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
    const owner = requireUser(request);
    const { lang, ...filter } = query;
    await pipeline.listLeads(deps, owner.id, { ...filter, limit: 1, offset: 0 });
    const leads = await pipeline.queryLeads(ctx, owner.id, filter, {
      limit: EXPORT_MAX,
      offset: 0,
    });
    const reader = {
      language: lang ?? requestLanguage(request),
      timeZone: owner.timeZone ?? 'UTC',
    };
    return { leads, reader };
  };
  const download = (reply: FastifyReply, type: string, name: string, body: Buffer) =>
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(body);
  app.get('/api/sales-pipeline/leads.csv', exportSchema, async (request, reply) => {
    const { leads, reader } = await exportLeads(request, request.query);
    const name = exportFileName('csv', ctx.now(), reader.timeZone);
    return download(reply, 'text/csv; charset=utf-8', name, leadsCsv(leads, reader));
  });
  app.get('/api/sales-pipeline/leads.xlsx', exportSchema, async (request, reply) => {
    const { leads, reader } = await exportLeads(request, request.query);
    const name = exportFileName('xlsx', ctx.now(), reader.timeZone);
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return download(reply, type, name, await leadsXlsx(leads, reader));
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
      pipeline.followUpDraft(
        ctx,
        requireUser(request).id,
        request.params.visitorSessionId,
        request.log,
      ),
  );

  app.post(
    '/api/sales-pipeline/leads/:visitorSessionId/follow-up',
    { schema: { params: ZLeadParams, body: ZFollowUpSend, response: { 200: ZOkResponse } } },
    async (request) => {
      const ownerId = requireUser(request).id;
      const mail = await pipeline.followUpToSend(
        ctx,
        ownerId,
        request.params.visitorSessionId,
        request.body,
      );
      await mails.spendOwnerMail(request, ownerId, mail.to);
      await ctx.mailer.send(mail);
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
