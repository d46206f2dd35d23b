import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import { ZChatRequest, ZStoredChatMessage } from '#shared/schemas/chat.ts';
import {
  ZMessageTranslationParams,
  ZMessageTranslationRequest,
  ZMessageTranslationResponse,
  ZReplyTranslationRequest,
  ZReplyTranslationResponse,
} from '#shared/schemas/conversation-translation.ts';
import { LEAD_PRIORITIES } from '#shared/schemas/pipeline.ts';
import { VISITOR_LIMITS, type VisitorLimits } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { ConnectionSlots, type SlotClaim } from '#server/lib/connection-slots.ts';
import { AppError } from '#server/lib/errors.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { sendTextFrame } from '#server/realtime/ws-frame.ts';
import * as notifications from './service.ts';
import { translateReply, translateVisitorMessage } from './translation.ts';

const ZConversation = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  source: z.string().nullable(),
  /** The visitor's interface language (en, zh-CN, zh-TW) when known. */
  language: z.string().nullable(),
  takeover: z.object({
    active: z.boolean(),
    since: z.string().nullable(),
    expiresAt: z.string().nullable(),
  }),
  createdAt: z.string(),
  lastActivity: z.string(),
  messages: z.array(ZStoredChatMessage),
  lead: z
    .object({
      name: z.string().nullable(),
      company: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
    })
    .nullable(),
});

/** One visitor conversation in the bell. */
const ZNotificationEntry = z.object({
  type: z.enum(['customer_scan_notification', 'customer_message_notification']),
  id: z.number().int(),
  customerId: z.number().int(),
  customerName: z.string().nullable(),
  customerLocation: z.string().nullable(),
  businessCardId: z.number().int(),
  /** The lead's priority as the sales pipeline shows it. */
  priority: z.enum(LEAD_PRIORITIES),
  status: z.enum(['new', 'acknowledged', 'responded', 'closed']),
  createdAt: z.string(),
  unreadCount: z.number().int(),
  messageCount: z.number().int(),
  message: z.string().nullable(),
  customerInfo: z.object({ company: z.string().nullable(), phone: z.string().nullable() }),
});

const ZTakeoverRequest = z.object({ active: z.boolean('validation.required') });

const ZPhotoParams = z.object({
  id: ZIdParam.shape.id,
  photo: z.string().max(64),
});

const ZAgentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('agent_connect') }).passthrough(),
  z.object({ type: z.literal('acknowledge'), id: z.number().int() }),
  z.object({ type: z.literal('acknowledge_all') }),
  z.object({ type: z.literal('ping') }),
]);

/** Closed at once: the socket has no valid session. */
export const WS_CLOSE_UNAUTHENTICATED = 4401;
/** Closed at once: the account already holds as many agent sockets as it may. */
export const WS_CLOSE_TOO_MANY_SOCKETS = 4429;

export function registerNotificationRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
  limits: VisitorLimits = VISITOR_LIMITS,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  /** Open agent sockets on this instance, per account (not per address: a booth shares one). */
  const agentSockets = new ConnectionSlots();
  const accountClaim = (userId: number): SlotClaim => ({
    key: `account:${userId}`,
    max: limits.agentSocketsPerAccount,
  });
  /** An account at its limit is answered 429 before the upgrade: no socket is made. */
  const refuseFullAccount = async (request: FastifyRequest) => {
    const agent = request.currentUser;
    if (!agent || !agentSockets.full([accountClaim(agent.id)])) return;
    throw new AppError('RATE_LIMITED', 'errors.tooManyStreams', {
      max: limits.agentSocketsPerAccount,
      seconds: 30,
    });
  };

  /*
   * The agent is whoever the session cookie says; the userId and businessCardIds a client
   * sends in agent_connect are ignored: an agent hears only about the cards it owns.
   */
  const upgrade = { websocket: true, preValidation: refuseFullAccount } as const;
  app.get('/ws/customer-service', upgrade, (socket, request) => {
    const agent = request.currentUser;
    const session = request.currentSession;
    // Without a signed-in account: closed at once (the bell stops retrying on 4401).
    if (!agent || !session) {
      socket.close(WS_CLOSE_UNAUTHENTICATED, 'login required');
      return;
    }
    // Sockets upgraded side by side may pass that check together: the count is taken here.
    const release = agentSockets.take([accountClaim(agent.id)]);
    if (!release) {
      socket.close(WS_CLOSE_TOO_MANY_SOCKETS, 'too many connections');
      return;
    }
    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    // Keyed by the login session: logout, a password change or expiry closes this socket.
    const remove = hub.addAgent(agent.id, session, {
      send: (message) => sendTextFrame(socket, message),
      close: () => socket.close(WS_CLOSE_UNAUTHENTICATED, 'session ended'),
    });
    // 'close' follows every end (an error or a dropped connection too): the slot comes back.
    socket.on('close', () => {
      remove();
      release();
    });
    // One message at a time, in order: a ping sent after an acknowledge is answered after the
    // acknowledge is stored (PostgreSQL's pool would otherwise run them side by side).
    let queue: Promise<unknown> = Promise.resolve();
    socket.on('message', (raw) => {
      let parsed;
      try {
        parsed = ZAgentMessage.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = undefined;
      }
      if (!parsed?.success) {
        send({ type: 'error', error: 'unknown message' });
        return;
      }
      const message = parsed.data;
      const work = async () => {
        switch (message.type) {
          case 'agent_connect':
            send({ type: 'connected', userId: agent.id });
            send({
              type: 'notification_history',
              notifications: await notifications.recentNotifications(ctx, agent.id),
            });
            return;
          case 'acknowledge':
            return notifications.acknowledge(ctx, agent.id, message.id);
          case 'acknowledge_all':
            return notifications.acknowledge(ctx, agent.id);
          case 'ping':
            send({ type: 'pong' });
        }
      };
      queue = queue
        .then(work)
        .catch((error: unknown) => request.log.error({ err: error }, 'agent message failed'));
    });
  });

  app.get(
    '/api/notifications',
    {
      schema: {
        response: { 200: z.object({ notifications: z.array(ZNotificationEntry) }) },
      },
    },
    async (request) => ({
      notifications: await notifications.recentNotifications(ctx, requireUser(request).id),
    }),
  );

  app.get(
    '/api/visitor-sessions/:id',
    { schema: { params: ZIdParam, response: { 200: ZConversation } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return notifications.conversation(ctx, requireUser(request).id, request.params.id);
    },
  );

  /** A person from the booth answers instead of the assistant. */
  app.put(
    '/api/visitor-sessions/:id/takeover',
    {
      schema: {
        params: ZIdParam,
        body: ZTakeoverRequest,
        response: {
          200: z.object({ id: z.number().int(), takeover: ZConversation.shape.takeover }),
        },
      },
    },
    async (request) =>
      notifications.changeTakeover(
        ctx,
        hub,
        requireUser(request).id,
        request.params.id,
        request.body.active,
      ),
  );

  /** Marks one conversation read (all its unread events). */
  app.post(
    '/api/visitor-sessions/:id/read',
    { schema: { params: ZIdParam, response: { 200: ZOkResponse } } },
    async (request) => {
      await notifications.acknowledgeConversation(ctx, requireUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  /** A photo the visitor sent, as the image itself (owner only). */
  app.get(
    '/api/visitor-sessions/:id/photos/:photo',
    { schema: { params: ZPhotoParams } },
    async (request, reply) => {
      const photo = await notifications.visitorPhoto(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.params.photo,
      );
      return reply
        .type(photo.mime)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(photo.bytes);
    },
  );

  app.post(
    '/api/visitor-sessions/:id/reply',
    { schema: { params: ZIdParam, body: ZChatRequest, response: { 200: ZOkResponse } } },
    async (request) => {
      await notifications.replyToVisitor(
        ctx,
        hub,
        requireUser(request).id,
        request.params.id,
        request.body.message,
      );
      return { ok: true as const };
    },
  );

  /** Signed-out requests get 401 before their body is validated. */
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request);
  };

  /** One of the buyer's messages in the staff's language (needs a language model). */
  app.post(
    '/api/visitor-sessions/:id/messages/:messageId/translate',
    {
      preValidation: signedIn,
      schema: {
        params: ZMessageTranslationParams,
        body: ZMessageTranslationRequest,
        response: { 200: ZMessageTranslationResponse },
      },
    },
    (request) =>
      translateVisitorMessage(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.params.messageId,
        request.body.targetLanguage,
        request.log,
      ),
  );

  /** The staff's draft in the buyer's language, to check and then send with /reply. */
  app.post(
    '/api/visitor-sessions/:id/reply-translation',
    {
      preValidation: signedIn,
      schema: {
        params: ZIdParam,
        body: ZReplyTranslationRequest,
        response: { 200: ZReplyTranslationResponse },
      },
    },
    (request) =>
      translateReply(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.body.text,
        request.log,
      ),
  );
}
