import { Readable } from 'node:stream';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZAssistantStatus, ZIdParam } from '#shared/schemas/cards.ts';
import {
  ZChatHistoryResponse,
  ZChatImageRequest,
  ZChatRequest,
  ZChatResponse,
  ZChatSessionInfo,
  ZLeadRequest,
} from '#shared/schemas/chat.ts';
import { safeText } from '#shared/schemas/text.ts';
import { LANGUAGES, VISITOR_LIMITS, type VisitorLimits } from '#shared/limits.ts';
import type { Assistant } from '#server/ai/assistant.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { ConnectionSlots, type SlotClaim } from '#server/lib/connection-slots.ts';
import { AppError } from '#server/lib/errors.ts';
import { createKeyedLimit } from '#server/lib/rate-limits.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import { IANA_TIME_ZONE } from '#server/lib/visitor-traits.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import { assistantStatus } from './assistant-status.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import {
  customerLocation,
  notifyLeadSaved,
  notifyMessage,
  recordScan,
} from '#server/features/notifications/service.ts';
import * as chat from './service.ts';
import { takeoverState } from './takeover.ts';
import { createPhotoBudgets } from './photo-budgets.ts';
import { createRecentScans } from './recent-scans.ts';
import { assertWholeImage, checkPhoto, storePhoto } from './visitor-photos.ts';
import {
  findVisitorSession,
  openVisitorSession,
  storedMessages,
  visitorSessionKey,
} from '#server/lib/visitor-sessions.ts';
import { onLeadCaptured } from '#server/features/pipeline/service.ts';
import { withRatings } from '#server/features/answers/service.ts';
import { withLiveSources } from '#server/features/previews/service.ts';

/** The signed-in user, if any: an owner may try their own draft card. */
const viewerOf = (request: FastifyRequest) => request.currentUser?.id ?? null;

/** Per client address: generous, because a whole fair hall may share one NAT address. */
const addressLimit = { max: 300, timeWindow: 60_000 };

/** How long a client refused another live stream is asked to wait (Retry-After). */
const STREAM_RETRY_SECONDS = 30;

/** Work the visitor need not wait for: run once their answer has left (or they went), failures logged. */
function afterResponse(reply: FastifyReply, work: () => Promise<void>, what: string): void {
  reply.raw.once('close', () => {
    work().catch((error: unknown) => reply.log.error({ err: error }, `${what} failed`));
  });
}

/** The visitor side: public, identified by the visitor cookie, never by anything in the body. */
export function registerChatRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  assistant: Assistant,
  hub: RealtimeHub,
  limits: VisitorLimits = VISITOR_LIMITS,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const photoBudgets = createPhotoBudgets(server, ctx, limits);
  /** Visitors whose reload changes nothing, so their scan reads no database (recent-scans.ts). */
  const recentScans = createRecentScans();
  /** Open event streams on this instance, per visitor session and per client address. */
  const streams = new ConnectionSlots();
  /** Per visitor (many buyers share one fair NAT address); in Redis with REDIS_URL, so shared by every instance. */
  const visitorMessages = createKeyedLimit(
    server,
    'visitor-messages',
    chat.VISITOR_MESSAGES_PER_MINUTE,
    60_000,
  );

  app.get(
    '/api/chat/session-info/:id',
    {
      schema: {
        params: ZIdParam,
        querystring: z.object({
          src: safeText().max(50, 'validation.tooLong').optional(),
          ref: safeText().max(500, 'validation.tooLong').optional(),
          /** The visitor's language for the suggested questions (else the request's). */
          lang: z.enum(LANGUAGES).optional(),
          /** The browser's IANA time zone: where the visitor is, for analytics (no GeoIP). */
          tz: z
            .string()
            .max(64, 'validation.tooLong')
            .regex(IANA_TIME_ZONE, 'validation.invalid')
            .optional(),
        }),
        response: { 200: ZChatSessionInfo },
      },
      config: { rateLimit: addressLimit },
    },
    async (request, reply) => {
      const cardId = request.params.id;
      const info = await chat.cardSessionInfo(ctx, cardId, viewerOf(request));
      const visit = {
        source: request.query.src,
        referrer: request.query.ref,
        language: requestLanguage(request),
        timeZone: request.query.tz,
      };
      const sessionKey = visitorSessionKey(ctx, request, cardId);
      if (!recentScans.unchanged(sessionKey, request, visit, ctx.now())) {
        const scannedAt = ctx.now();
        const { session } = await openVisitorSession(ctx, request, reply, cardId, visit);
        const announce = await recordScan(ctx, hub, session, customerLocation(session));
        // The owner's screens hear of it once the visitor has their answer.
        if (announce) afterResponse(reply, announce, 'telling the owner of a scan');
        const visitBegan = announce ? scannedAt : session.lastScanAt;
        recentScans.remember(session.sessionToken, request, visit, visitBegan);
      }
      const language = request.query.lang ?? requestLanguage(request);
      return {
        ...info,
        suggestedQuestions: await chat.suggestedQuestions(
          ctx,
          assistant,
          info.businessCardId,
          language,
        ),
      };
    },
  );

  /** The suggested questions again, in another language (the page's switcher); no side effects. */
  app.get(
    '/api/chat/suggested-questions/:id',
    {
      schema: {
        params: ZIdParam,
        querystring: z.object({ lang: z.enum(LANGUAGES).optional() }),
        response: { 200: z.object({ suggestedQuestions: z.array(z.string()) }) },
      },
      config: { rateLimit: addressLimit },
    },
    async (request) => {
      await chat.assertChatOpen(ctx, request.params.id, viewerOf(request));
      const language = request.query.lang ?? requestLanguage(request);
      return {
        suggestedQuestions: await chat.suggestedQuestions(
          ctx,
          assistant,
          request.params.id,
          language,
        ),
      };
    },
  );

  app.get(
    '/api/chat/history/:id',
    { schema: { params: ZIdParam, response: { 200: ZChatHistoryResponse } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      await chat.assertChatOpen(ctx, request.params.id, viewerOf(request));
      const session = await findVisitorSession(ctx, request, request.params.id);
      // Each answer with the visitor's own 👍 / 👎, if they gave one.
      return {
        messages: session
          ? await withLiveSources(
              ctx,
              request.params.id,
              await withRatings(ctx, session.id, storedMessages(session)),
            )
          : [],
      };
    },
  );

  /** The visitor's session for a message; the owner hears of the message before it is answered. */
  const openForWriting = async (
    request: FastifyRequest,
    reply: FastifyReply,
    cardId: number,
    announce: string | undefined,
  ) => {
    await chat.assertChatOpen(ctx, cardId, viewerOf(request));
    const { session } = await openVisitorSession(ctx, request, reply, cardId, {
      language: requestLanguage(request),
    });
    // It may have changed what the visitor's next scan would otherwise find unchanged.
    recentScans.forget(session.sessionToken);
    // Keyed by the stored session key (random), so no two databases sharing one Redis collide.
    await visitorMessages.hit(request, session.sessionToken);
    if (announce) await notifyMessage(ctx, hub, session, announce, customerLocation(session));
    return session;
  };

  app.post(
    '/api/chat/:id',
    {
      schema: { params: ZIdParam, body: ZChatRequest, response: { 200: ZChatResponse } },
      config: { rateLimit: addressLimit },
    },
    async (request, reply) => {
      const session = await openForWriting(request, reply, request.params.id, request.body.message);
      if (await chat.holdForStaff(ctx, session, request.body.message)) return chat.HELD_FOR_STAFF;
      const answer = await chat.ask(ctx, assistant, {
        session,
        question: request.body.message,
        language: requestLanguage(request),
      });
      return chat.chatReply(answer);
    },
  );

  app.post(
    '/api/chat/:id/stream',
    { schema: { params: ZIdParam, body: ZChatRequest }, config: { rateLimit: addressLimit } },
    async (request, reply) => {
      const session = await openForWriting(request, reply, request.params.id, request.body.message);
      if (await chat.holdForStaff(ctx, session, request.body.message)) {
        // A person answers: no words to stream, only the end with the takeover marked.
        return reply
          .type('text/event-stream; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(`event: done\ndata: ${JSON.stringify(chat.HELD_FOR_STAFF)}\n\n`);
      }
      const events = chat.askStreaming(ctx, assistant, {
        session,
        question: request.body.message,
        language: requestLanguage(request),
      });
      async function* sse() {
        for await (const event of events) {
          if (event.type === 'delta')
            yield `event: delta\ndata: ${JSON.stringify({ text: event.text })}\n\n`;
          else yield `event: done\ndata: ${JSON.stringify(chat.chatReply(event.answer))}\n\n`;
        }
      }
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(Readable.from(sse()));
    },
  );

  app.post(
    '/api/chat/image/:id',
    {
      schema: { params: ZIdParam, body: ZChatImageRequest, response: { 200: ZChatResponse } },
      config: { rateLimit: addressLimit },
      bodyLimit: 10 * 1024 * 1024,
    },
    async (request, reply) => {
      // Checked by its bytes before anything is announced or stored.
      const cardId = request.params.id;
      await chat.assertChatOpen(ctx, cardId, viewerOf(request));
      const photo = await checkPhoto(request.body.image, limits.chatPhotoMaxPixels);
      const admission = await photoBudgets.admit(request, {
        cardId,
        visitorKey: visitorSessionKey(ctx, request, cardId),
        bytes: photo.bytes.length,
      });
      try {
        // Kept only once every pixel decoded: a valid header followed by junk leaves nothing.
        await assertWholeImage(photo, limits.chatPhotoMaxPixels);
        const session = await openForWriting(request, reply, cardId, request.body.message || '📷');
        const stored = await storePhoto(ctx, session, photo);
        const sent = { id: stored.id, bytes: stored.bytes };
        try {
          // The history shows what the visitor sent: a photo and their words, not the OCR text.
          const shownAs = ['📷', request.body.message].filter(Boolean).join(' ');
          if (await chat.holdForStaff(ctx, session, shownAs, sent)) return chat.HELD_FOR_STAFF;
          // The typed words are the question (and decide the answer's language); the photo's
          // text is searched with them, not appended to them.
          const photoText = await chat.readImageText(request.body.image);
          const answer = await chat.ask(ctx, assistant, {
            session,
            question: request.body.message ?? '',
            photoText,
            language: requestLanguage(request),
            shownAs,
            photo: sent,
          });
          return chat.chatReply(answer);
        } catch (error) {
          // No message refers to the photo: it is not kept.
          await stored.discard().catch((removal: unknown) => {
            request.log.warn({ err: removal }, 'an unreferenced chat photo was not removed');
          });
          throw error;
        }
      } finally {
        admission.release();
      }
    },
  );

  app.post(
    '/api/chat/:id/lead',
    {
      schema: { params: ZIdParam, body: ZLeadRequest, response: { 200: ZOkResponse } },
      config: { rateLimit: addressLimit },
    },
    async (request, reply) => {
      const session = await openForWriting(request, reply, request.params.id, undefined);
      const { consent: _consent, ...lead } = request.body;
      await chat.saveLead(ctx, session, lead);
      await notifyLeadSaved(ctx, hub, session);
      // The sales pipeline scores the new lead and tells the owner's CRM (webhook).
      await onLeadCaptured({ ctx, queue: request.server.jobs, hub }, session.id).catch(
        (error: unknown) =>
          request.log.error({ err: error }, 'pipeline scoring of a new lead failed'),
      );
      return { ok: true as const };
    },
  );

  /**
   * The visitor's live channel: an agent's reply appears in the open chat at once. At most
   * `eventStreamsPerVisitor` per visitor and `eventStreamsPerAddress` per client address are
   * open on this instance; one more is answered 429 and its connection closed, never held.
   */
  app.get('/api/chat/events/:id', { schema: { params: ZIdParam } }, async (request, reply) => {
    const refuse = (claim: SlotClaim) => {
      void reply.header('connection', 'close');
      return new AppError('RATE_LIMITED', 'errors.tooManyStreams', {
        max: claim.max,
        seconds: STREAM_RETRY_SECONDS,
      });
    };
    // Slots are given back when the response ends or its connection closes, whichever way.
    const releases: Array<() => void> = [];
    let closed = false;
    reply.raw.once('close', () => {
      closed = true;
      for (const release of releases) release();
    });
    const take = (claim: SlotClaim) => {
      const release = streams.take([claim]);
      if (!release) throw refuse(claim);
      if (closed) release();
      else releases.push(release);
    };
    // The address first, before any database work.
    take({ key: `address:${normalizeIP(request.ip)}`, max: limits.eventStreamsPerAddress });
    await chat.assertChatOpen(ctx, request.params.id, viewerOf(request));
    const session = await findVisitorSession(ctx, request, request.params.id);
    if (session) take({ key: `visitor:${session.id}`, max: limits.eventStreamsPerVisitor });
    reply.hijack();
    if (closed) return; // gone while we looked
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(': connected\n\n');
    if (!session) {
      reply.raw.end();
      return;
    }
    const remove = hub.addVisitor(session.id, {
      send: (message) => reply.raw.write(`event: message\ndata: ${message.text}\n\n`),
    });
    // Whether a person from the booth is answering right now (later changes arrive as events).
    reply.raw.write(
      `event: message\ndata: ${JSON.stringify({ type: 'takeover', ...takeoverState(session, ctx.now()) })}\n\n`,
    );
    const heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), 25_000);
    releases.push(() => {
      clearInterval(heartbeat);
      remove();
    });
  });

  /** For the owner's screens: who answers this card's visitors right now, and whether that is the fallback. */
  app.get(
    '/api/business-cards/:id/assistant',
    {
      schema: {
        params: ZIdParam,
        response: { 200: ZAssistantStatus },
      },
    },
    async (request) => {
      const card = await findOwnedCard(ctx, requireUser(request).id, request.params.id);
      return assistantStatus(card, assistant);
    },
  );
}
