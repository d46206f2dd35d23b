import type { FastifyInstance } from 'fastify';
import { ZPaletteRequest, ZPaletteResponse } from '#shared/marketing/palette.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { hasMessage, requestLanguage } from '#server/lib/i18n.ts';
import { generatePalettes } from './palette.ts';

/** Brand palettes from a company description. */
export function registerPaletteRoutes(app: FastifyInstance, _ctx: AppContext): void {
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
