import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import {
  LOGO_MAX_BYTES,
  ZBusinessCard,
  ZCardSessionResponse,
  ZCardTemplate,
  ZCompanyDetailsFields,
  ZFinalizeRequest,
  ZIdParam,
  ZSelectModelRequest,
  ZUpdateCardRequest,
} from '#shared/schemas/cards.ts';
import { safeText } from '#shared/schemas/text.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import { logoUrl } from '#server/lib/storage-keys.ts';
import { keepImage, removeFiles, saveMultipart } from '#server/lib/uploads.ts';
import { parseFields } from '#server/lib/validate.ts';
import { syncPublicCardsAcrossInstances } from '#server/lib/public-card-cache.ts';
import * as cards from './service.ts';
import { buildVCard } from './vcard.ts';

/** The multipart card form of the wizard (template, includeQR, contact fields, logo). */
const ZCreateCardFields = ZCompanyDetailsFields.partial()
  .omit({ username: true })
  .extend({
    template: ZCardTemplate.optional().default('modern'),
    contactName: safeText().trim().max(100, 'validation.tooLong').optional(),
    includeQR: safeText().max(10, 'validation.tooLong').optional(),
  });

export function registerCardRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // The chat reads cards from memory; with REDIS_URL, a change here reaches every instance.
  syncPublicCardsAcrossInstances(server, ctx);

  app.post(
    '/api/business-card-session',
    { schema: { response: { 201: ZCardSessionResponse } } },
    async (request, reply) => {
      const card = await cards.createCard(ctx, requireUser(request));
      return reply.status(201).send({ businessCardId: card.id });
    },
  );

  app.post(
    '/api/business-cards',
    { schema: { response: { 201: ZBusinessCard } } },
    async (request, reply) => {
      const owner = requireUser(request);
      const upload = await saveMultipart(request, ctx.storage.incomingDir(owner.id), {
        maxFileBytes: LOGO_MAX_BYTES,
        maxFiles: 1,
        fileFields: ['companyLogo'],
      });
      let fields;
      try {
        fields = parseFields(ZCreateCardFields, upload.fields);
      } catch (error) {
        await removeFiles(upload.files);
        throw error;
      }
      const logo = upload.files[0];
      const logoName = logo ? await keepImage(logo, ctx.storage, owner.id) : undefined;
      const card = await cards.createCard(ctx, owner, {
        template: fields.template,
        companyName: fields.companyName,
        contactPerson: fields.contactName,
        email: fields.email,
        phone: fields.phone,
        website: fields.website,
        address: fields.address,
        logoUrl: logoName ? logoUrl(owner.id, logoName) : undefined,
      });
      return reply.status(201).send(card);
    },
  );

  app.get(
    '/api/business-cards',
    { schema: { response: { 200: z.array(ZBusinessCard) } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return cards.listCards(ctx, requireUser(request));
    },
  );

  app.get(
    '/api/business-cards/:id',
    { schema: { params: ZIdParam, response: { 200: ZBusinessCard } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return cards.getCard(ctx, requireUser(request), request.params.id);
    },
  );

  app.put(
    '/api/business-cards/:id',
    { schema: { params: ZIdParam, body: ZUpdateCardRequest, response: { 200: ZBusinessCard } } },
    async (request) => cards.updateCard(ctx, requireUser(request), request.params.id, request.body),
  );

  /** The edit dialog's logo: this card's own, up to LOGO_MAX_BYTES, checked by its bytes. */
  app.post(
    '/api/business-cards/:id/logo',
    { schema: { params: ZIdParam, response: { 200: ZBusinessCard } } },
    async (request) => {
      const owner = requireUser(request);
      await cards.findOwnedCard(ctx, owner.id, request.params.id);
      const upload = await saveMultipart(request, ctx.storage.incomingDir(owner.id), {
        maxFileBytes: LOGO_MAX_BYTES,
        maxFiles: 1,
        fileFields: ['companyLogo'],
      });
      const logo = upload.files[0];
      if (!logo) {
        throw new AppError(
          'VALIDATION_ERROR',
          'errors.validation',
          {},
          { companyLogo: 'errors.logoRequired' },
        );
      }
      const name = await keepImage(logo, ctx.storage, owner.id);
      return cards.setCardLogo(ctx, owner, request.params.id, logoUrl(owner.id, name));
    },
  );

  app.put(
    '/api/business-cards/:id/ai-model',
    { schema: { params: ZIdParam, body: ZSelectModelRequest, response: { 200: ZBusinessCard } } },
    async (request) =>
      cards.selectModel(ctx, requireUser(request), request.params.id, request.body.selectedAiModel),
  );

  app.post(
    '/api/business-cards/:id/finalize',
    {
      schema: {
        params: ZIdParam,
        body: ZFinalizeRequest.optional(),
        response: { 200: ZBusinessCard },
      },
    },
    async (request) =>
      cards.finalizeCard(
        ctx,
        requireUser(request),
        request.params.id,
        request.body?.cardDesign ?? 'default',
      ),
  );

  app.delete(
    '/api/business-cards/:id',
    {
      schema: {
        params: ZIdParam,
        querystring: z.object({ deleteDocuments: z.enum(['true', 'false']).optional() }),
        response: { 200: ZOkResponse },
      },
    },
    async (request) => {
      await cards.deleteCard(
        ctx,
        requireUser(request),
        request.params.id,
        request.query.deleteDocuments === 'true',
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/api/business-cards/:id/vcard',
    { schema: { params: ZIdParam } },
    async (request, reply) => {
      const card = await cards.findPublicCard(
        ctx,
        request.params.id,
        request.currentUser?.id ?? null,
      );
      return reply
        .type('text/vcard; charset=utf-8')
        .header('content-disposition', `attachment; filename="docucard-${card.id}.vcf"`)
        .send(buildVCard(card, ctx.config.publicUrl, requestLanguage(request)));
    },
  );
}
