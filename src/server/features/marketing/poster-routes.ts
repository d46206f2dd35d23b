import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  POSTER_INCOMPLETE,
  ZPoster,
  ZPosterListQuery,
  ZPosterRequest,
  ZPosterTemplate,
  ZPosterVariationsRequest,
  ZQuickPosterRequest,
} from '#shared/marketing/poster.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import type { Assistant } from '#server/ai/assistant.ts';
import { attachment } from '#server/lib/content-disposition.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { hasMessage, requestLanguage } from '#server/lib/i18n.ts';
import {
  generatePosters,
  generateQuickPoster,
  listPosters,
  posterDownload,
  posterImage,
} from './poster-service.ts';
import { posterTemplates } from './poster-templates.ts';

const REQUIRED_EVENT_FIELDS = new Set(['eventTitle', 'eventType', 'eventDate', 'eventLocation']);

/**
 * Parses a poster form. A missing title, type, date or location answers with one
 * message ("please fill in event title, type, date and location"), with the fields named.
 */
function parsePosterBody<T extends z.ZodTypeAny>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  let incomplete = false;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join('.') || '_';
    const isMissingEventField =
      REQUIRED_EVENT_FIELDS.has(field) &&
      (issue.code === 'invalid_type' || issue.message === POSTER_INCOMPLETE);
    incomplete ||= isMissingEventField;
    fields[field] ??= isMissingEventField
      ? POSTER_INCOMPLETE
      : hasMessage(issue.message)
        ? issue.message
        : 'validation.invalid';
  }
  throw new AppError(
    'VALIDATION_ERROR',
    incomplete ? POSTER_INCOMPLETE : 'errors.validation',
    {},
    fields,
  );
}

/** Posters: templates, generation, variations, the tab's quick poster, downloads. */
export function registerPosterRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  assistant: Assistant,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const deps = { ctx, assistant };
  const language = (request: FastifyRequest) => requestLanguage(request);

  app.get(
    '/api/poster-templates',
    { schema: { response: { 200: z.array(ZPosterTemplate) } } },
    (request) => {
      requireUser(request);
      return posterTemplates(language(request));
    },
  );

  app.get(
    '/api/posters',
    { schema: { querystring: ZPosterListQuery, response: { 200: z.array(ZPoster) } } },
    (request) => listPosters(ctx, requireUser(request), request.query.businessCardId),
  );

  app.post('/api/generate-event-poster', async (request) => {
    const owner = requireUser(request);
    const input = parsePosterBody(ZPosterRequest, request.body);
    const [poster] = await generatePosters(deps, owner, input, 1, language(request));
    return ZPoster.parse(poster);
  });

  app.post('/api/generate-event-poster-variations', async (request) => {
    const owner = requireUser(request);
    const input = parsePosterBody(ZPosterVariationsRequest, request.body);
    const posters = await generatePosters(deps, owner, input, input.variations, language(request));
    return { posters: z.array(ZPoster).parse(posters) };
  });

  app.post('/api/posters/generate', async (request) => {
    const owner = requireUser(request);
    const input = parsePosterBody(ZQuickPosterRequest, request.body);
    const poster = await generateQuickPoster(deps, owner, input, language(request));
    return { success: true, posterUrl: poster.imageUrl, poster: ZPoster.parse(poster) };
  });

  app.get('/api/posters/:id/image', { schema: { params: ZIdParam } }, async (request, reply) => {
    const png = await posterImage(ctx, requireUser(request), request.params.id);
    return reply.type('image/png').header('cache-control', 'private, max-age=3600').send(png);
  });

  app.get(
    '/api/poster-download/:posterId',
    { schema: { params: z.object({ posterId: ZIdParam.shape.id }) } },
    async (request, reply) => {
      const { png, fileName } = await posterDownload(
        ctx,
        requireUser(request),
        request.params.posterId,
      );
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(fileName))
        .send(png);
    },
  );
}
