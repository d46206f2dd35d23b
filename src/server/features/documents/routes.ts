import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS_PER_UPLOAD,
  ZDocument,
  ZDocumentText,
  ZIdParam,
  ZUploadDocumentsResponse,
} from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import { removeFiles, saveMultipart } from '#server/lib/uploads.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { analyseCard } from './card-analysis.ts';
import type { DocumentProcessor } from './processor.ts';
import { uploadQuota } from './quota.ts';
import {
  acceptUploads,
  deleteDocument,
  documentText,
  listCardDocuments,
  toDocumentResponse,
} from './service.ts';

const uploadRateLimit = { max: 60, timeWindow: 60_000 };

export function registerDocumentRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  processor: DocumentProcessor,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/documents',
    {
      schema: { response: { 201: ZUploadDocumentsResponse } },
      config: { rateLimit: uploadRateLimit },
    },
    async (request, reply) => {
      const owner = requireUser(request);
      processor.prepare();
      let cardId: number | null = null;
      // A full account is refused before a byte is stored; the bytes are counted as they arrive.
      const quota = await uploadQuota(ctx, owner.id);
      // The card is checked as soon as its field arrives, before any file is stored.
      const upload = await saveMultipart(request, ctx.storage.incomingDir(owner.id), {
        maxFileBytes: MAX_DOCUMENT_BYTES,
        maxFiles: MAX_DOCUMENTS_PER_UPLOAD,
        fileFields: ['documents'],
        quota,
        async onField(name, value) {
          if (name !== 'businessCardId') return;
          const id = ZIdParam.shape.id.safeParse(value);
          if (!id.success) throw new AppError('VALIDATION_ERROR', 'errors.missingCardSession');
          cardId = (await findOwnedCard(ctx, owner.id, id.data)).id;
        },
      });
      if (cardId === null) {
        await removeFiles(upload.files);
        throw new AppError('VALIDATION_ERROR', 'errors.missingCardSession');
      }
      if (upload.files.length === 0) {
        throw new AppError('VALIDATION_ERROR', 'errors.noDocuments');
      }
      const rows = await acceptUploads(ctx, owner.id, cardId, upload.files);
      await processor.enqueue(rows.map((row) => row.id));
      const language = requestLanguage(request);
      return reply
        .status(201)
        .send({ documents: rows.map((row) => toDocumentResponse(row, language)) });
    },
  );

  app.get(
    '/api/business-cards/:id/documents',
    { schema: { params: ZIdParam, response: { 200: z.array(ZDocument) } } },
    async (request, reply) => {
      const owner = requireUser(request);
      await findOwnedCard(ctx, owner.id, request.params.id);
      void reply.header('cache-control', 'no-store');
      const language = requestLanguage(request);
      const rows = await listCardDocuments(ctx, owner.id, request.params.id);
      return rows.map((row) => toDocumentResponse(row, language));
    },
  );

  /** What the assistant reads from a document (owner only; anyone else gets 404). */
  app.get(
    '/api/documents/:id/text',
    { schema: { params: ZIdParam, response: { 200: ZDocumentText } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return documentText(ctx, requireUser(request).id, request.params.id);
    },
  );

  app.delete(
    '/api/documents/:id',
    { schema: { params: ZIdParam, response: { 200: ZOkResponse } } },
    async (request) => {
      const removed = await deleteDocument(ctx, requireUser(request).id, request.params.id);
      if (removed.businessCardId) await analyseCard(ctx, removed.businessCardId);
      return { ok: true as const };
    },
  );
}
