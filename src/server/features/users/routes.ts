import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGO_MAX_BYTES,
  ZCardOwner,
  ZCompanyDetailsFields,
  ZDocument,
  ZIdParam,
} from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import { logoUrl } from '#server/lib/storage-keys.ts';
import { keepImage, removeFiles, saveMultipart } from '#server/lib/uploads.ts';
import { parseFields } from '#server/lib/validate.ts';
import { toDocumentResponse } from '#server/features/documents/service.ts';
import { listUserDocuments, saveCompanyProfile, setCompanyLogo, toCardOwner } from './service.ts';

/** Identity comes from the session: a userId in the request is ignored; another id is a 404. */
export function registerUserRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post('/api/users', { schema: { response: { 200: ZCardOwner } } }, async (request) => {
    const owner = requireUser(request);
    const upload = await saveMultipart(request, ctx.storage.incomingDir(owner.id), {
      maxFileBytes: LOGO_MAX_BYTES,
      maxFiles: 1,
      fileFields: ['companyLogo'],
    });
    let details;
    try {
      details = parseFields(ZCompanyDetailsFields, upload.fields);
    } catch (error) {
      await removeFiles(upload.files);
      throw error;
    }
    const logo = upload.files[0];
    if (!logo && !owner.companyLogo) {
      throw new AppError(
        'VALIDATION_ERROR',
        'errors.validation',
        {},
        { companyLogo: 'errors.logoRequired' },
      );
    }
    const logoName = logo ? await keepImage(logo, ctx.storage, owner.id) : undefined;
    const user = await saveCompanyProfile(
      ctx,
      owner.id,
      details,
      logoName ? logoUrl(owner.id, logoName) : undefined,
    );
    return toCardOwner(user);
  });

  app.post(
    '/api/users/upload-logo',
    { schema: { response: { 200: z.object({ companyLogo: z.string() }) } } },
    async (request) => {
      const owner = requireUser(request);
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
      const companyLogo = logoUrl(owner.id, name);
      await setCompanyLogo(ctx, owner.id, companyLogo);
      return { companyLogo };
    },
  );

  app.get(
    '/api/users/:id',
    { schema: { params: ZIdParam, response: { 200: ZCardOwner } } },
    async (request) => {
      const owner = requireUser(request);
      if (request.params.id !== owner.id) throw notFound();
      return toCardOwner(owner);
    },
  );

  app.get(
    '/api/users/:id/documents',
    { schema: { params: ZIdParam, response: { 200: z.array(ZDocument) } } },
    async (request) => {
      const owner = requireUser(request);
      if (request.params.id !== owner.id) throw notFound();
      const language = requestLanguage(request);
      return (await listUserDocuments(ctx, owner.id)).map((row) =>
        toDocumentResponse(row, language),
      );
    },
  );
}
