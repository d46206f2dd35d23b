import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Assistant } from '#server/ai/assistant.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { notFound } from '#server/lib/errors.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import {
  ZAudioGenerateRequest,
  ZAudioGenerateResponse,
  ZPodcastList,
  ZPodcastQuery,
} from '#shared/marketing/audio.ts';
import { deletePodcast, generateAudio, listPodcasts, podcastFile } from './audio-service.ts';
import { createSpeechQueue, type SpeechQueue } from './speech/speech-queue.ts';

/** `?download=1` asks for the file as an attachment; without it the audio plays in the page. */
const ZAudioFileQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** One `bytes=start-end` range of a file of `size` bytes, or null when absent or unusable. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/u.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Audio introductions: generate, list, play (with seeking), delete. */
export function registerAudioRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  assistant: Assistant,
  speech: SpeechQueue = createSpeechQueue(),
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const deps = { ctx, assistant, speech, log: (message: string) => server.log.warn(message) };

  app.post(
    '/api/audio/generate',
    { schema: { body: ZAudioGenerateRequest, response: { 200: ZAudioGenerateResponse } } },
    async (request) => {
      const owner = requireUser(request);
      const podcast = await generateAudio(deps, owner.id, request.body, requestLanguage(request));
      return { success: true as const, audioUrl: podcast.audioUrl, podcast };
    },
  );

  app.get(
    '/api/podcasts',
    { schema: { querystring: ZPodcastQuery, response: { 200: ZPodcastList } } },
    async (request) => ({
      podcasts: await listPodcasts(ctx, requireUser(request).id, request.query.businessCardId),
    }),
  );

  const audioFile = { schema: { params: ZIdParam, querystring: ZAudioFileQuery } };
  app.get('/api/podcasts/:id/audio', audioFile, async (request, reply) => {
    const owner = requireUser(request);
    const { key, size, title } = await podcastFile(ctx, owner.id, request.params.id);
    const download = request.query.download === '1';
    void reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, max-age=3600')
      .type('audio/mpeg');
    if (download) {
      const name = `${title.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 80) || 'audio'}.mp3`;
      void reply.header(
        'content-disposition',
        `attachment; filename="audio.mp3"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    const audio = await ctx.storage.get(key, range ?? undefined);
    if (!audio) throw notFound();
    if (range) {
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(audio.body);
    }
    return reply.header('content-length', String(size)).send(audio.body);
  });

  app.delete(
    '/api/podcasts/:id',
    { schema: { params: ZIdParam, response: { 200: ZOkResponse } } },
    async (request) => {
      await deletePodcast(ctx, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );
}
