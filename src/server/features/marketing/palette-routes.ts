import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZApplyPaletteRequest,
  ZApplyPaletteResponse,
  ZPaletteRequest,
  ZPaletteResponse,
} from '#shared/marketing/palette.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { hasMessage, requestLanguage } from '#server/lib/i18n.ts';
import { generatePalettes } from './palette.ts';
import { applyPalette } from './palette-apply.ts';

const ZCardParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Brand palettes from a company description, and one applied to a card and its posters. */
export function registerPaletteRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/business-cards/:id/palette',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        params: ZCardParams,
        body: ZApplyPaletteRequest,
        response: { 200: ZApplyPaletteResponse },
      },
    },
    (request) => applyPalette(ctx, requireUser(request).id, request.params.id, request.body),
  );

  app.post('/api/generate-color-palette', (request) => {
    requireUser(request);
    const parsed = ZPaletteRequest.safeParse(request.body ?? {});
    if (!parsed.success) {
      // The toast asks for a company description: that is the answer's message.
      const message = parsed.error.issues[0]?.message ?? '';
      const key = hasMessage(message) ? message : 'palette.descriptionRequired';
      throw new AppError('VALIDATION_ERROR', key, {}, { companyDescription: key });
    }
    return ZPaletteResponse.parse(
      generatePalettes(parsed.data.companyDescription, requestLanguage(request)),
    );
  });
}
