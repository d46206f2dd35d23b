import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '#server/context.ts';
import type { Box } from './page-layout.ts';
import { closePageRenderer, MAX_PREVIEW_QUOTE, pagePicture, pagePreview } from './service.ts';

/*
 * The cited pages, as images (decision 032). Public for a finished card's documents (the
 * assistant quotes them to anyone anyway); the owner alone sees a draft's; 404 otherwise.
 */

const MAX_PAGE = 100_000;
const page = z.coerce.number().int().positive().max(MAX_PAGE);
const ZPageParams = z.object({ documentId: z.coerce.number().int().positive(), page });
/** The quote to mark; a little room above MAX_PREVIEW_QUOTE (the rest is ignored). */
const ZPreviewQuery = z.object({
  q: z
    .string()
    .max(MAX_PREVIEW_QUOTE * 2)
    .optional(),
});

/**
 * Each new quote may draw a page: a phone opening its answers' sources stays far below this,
 * a script asking for every page with made-up quotes does not.
 */
const rateLimit = { max: 120, timeWindow: 60_000 };

/** A week: a document's pages never change under its id (a new upload gets a new id). */
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

function sendImage(
  reply: FastifyReply,
  image: { bytes: Uint8Array; isPublic: boolean; etag: string | null },
  ifNoneMatch: string | undefined,
) {
  if (image.etag === null) {
    // A stand-in for a page that could not be drawn: the next view tries again.
    reply.header('cache-control', 'no-store');
  } else {
    const scope = image.isPublic ? 'public' : 'private';
    reply
      .header('cache-control', `${scope}, max-age=${MAX_AGE_SECONDS}`)
      .header('etag', image.etag);
    if (ifNoneMatch === image.etag) return reply.code(304).send();
  }
  return reply
    .type('image/webp')
    .header('content-length', String(image.bytes.byteLength))
    .send(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
}

/** The marked boxes in the image's pixels, "x,y,width,height;…" (for clients and tests). */
export const MARKS_HEADER = 'x-preview-marks';
const formatMarks = (marks: readonly Box[]) =>
  marks.map((m) => [m.x, m.y, m.width, m.height].map((n) => Math.round(n)).join(',')).join(';');

export function registerPreviewRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.addHook('onClose', () => closePageRenderer());

  app.get(
    '/api/documents/:documentId/pages/:page/preview',
    { schema: { params: ZPageParams, querystring: ZPreviewQuery }, config: { rateLimit } },
    async (request, reply) => {
      const preview = await pagePreview(ctx, {
        documentId: request.params.documentId,
        page: request.params.page,
        quote: request.query.q ?? '',
        viewerId: request.currentUser?.id ?? null,
      });
      reply.header(MARKS_HEADER, formatMarks(preview.marks));
      return sendImage(reply, preview, request.headers['if-none-match']);
    },
  );

  app.get(
    '/api/documents/:documentId/pages/:page/image/:picture',
    {
      schema: {
        params: ZPageParams.extend({ picture: z.coerce.number().int().positive().max(10_000) }),
      },
      config: { rateLimit },
    },
    async (request, reply) => {
      const picture = await pagePicture(ctx, {
        ...request.params,
        viewerId: request.currentUser?.id ?? null,
      });
      return sendImage(reply, picture, request.headers['if-none-match']);
    },
  );
}
