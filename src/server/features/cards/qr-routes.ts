import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIdParam } from '#shared/schemas/cards.ts';
import { ZPublicOrigin } from '#shared/schemas/public-origin.ts';
import type { AppContext } from '#server/context.ts';
import type { User } from '#server/db/schema.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { attachment } from '#server/lib/content-disposition.ts';
import { publicOriginInfo } from '#server/lib/public-origin.ts';
import { readLogo } from './logo-file.ts';
import { getCard } from './service.ts';
import {
  fileStem,
  qrPdf,
  qrPng,
  qrSvg,
  QR_PNG_DEFAULT,
  QR_PNG_MAX,
  QR_PNG_MIN,
} from './qr-print.ts';
import { printedChatUrl } from './qr-sheet.ts';

/** The owner's finished card: a draft has no public chat, so nothing to print yet. */
async function printableCard(ctx: AppContext, owner: User, cardId: number) {
  const card = await getCard(ctx, owner, cardId);
  if (!card.finalized) throw new AppError('CONFLICT', 'errors.cardNotFinished');
  return card;
}

export function registerQrRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  // Where every QR code leads and whether a phone can get there (the owner's card page warns).
  app.get(
    '/api/public-origin',
    { schema: { response: { 200: ZPublicOrigin } } },
    async (request, reply) => {
      requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return publicOriginInfo(ctx.config);
    },
  );

  app.get(
    '/api/business-cards/:id/qr.svg',
    { schema: { params: ZIdParam } },
    async (request, reply) => {
      const card = await printableCard(ctx, requireUser(request), request.params.id);
      const svg = await qrSvg(printedChatUrl(card.chatUrl));
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(`${fileStem(card.companyName, card.id)}.svg`))
        .send(svg);
    },
  );

  app.get(
    '/api/business-cards/:id/qr.png',
    {
      schema: {
        params: ZIdParam,
        querystring: z.object({
          size: z.coerce
            .number({ error: 'validation.qrSize' })
            .int({ error: 'validation.qrSize' })
            .min(QR_PNG_MIN, { error: 'validation.qrSize' })
            .max(QR_PNG_MAX, { error: 'validation.qrSize' })
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const card = await printableCard(ctx, requireUser(request), request.params.id);
      const size = request.query.size ?? QR_PNG_DEFAULT;
      const png = await qrPng(printedChatUrl(card.chatUrl), size);
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          attachment(`${fileStem(card.companyName, card.id)}-${size}.png`),
        )
        .send(png);
    },
  );

  app.get(
    '/api/business-cards/:id/qr.pdf',
    { schema: { params: ZIdParam } },
    async (request, reply) => {
      const card = await printableCard(ctx, requireUser(request), request.params.id);
      const pdf = await qrPdf({
        chatUrl: card.chatUrl,
        companyName: card.companyName,
        logo: await readLogo(ctx, card),
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(`${fileStem(card.companyName, card.id)}.pdf`))
        .send(Buffer.from(pdf));
    },
  );
}
