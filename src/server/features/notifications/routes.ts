import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import { ZChatRequest, ZStoredChatMessage } from '#shared/schemas/chat.ts';
import type { AppContext } from '#server/context.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import * as notifications from './service.ts';

const ZConversation = z.object({
  id: z.number().int(),
  businessCardId: z.number().int(),
  source: z.string().nullable(),
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

const ZAgentMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('agent_connect') }).passthrough(),
  z.object({ type: z.literal('acknowledge'), id: z.number().int() }),
  z.object({ type: z.literal('acknowledge_all') }),
  z.object({ type: z.literal('ping') }),
]);

/** Closed at once: the socket has no valid session. */
export const WS_CLOSE_UNAUTHENTICATED = 4401;

export function registerNotificationRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /*
   * The agent is whoever the session cookie says; the userId and businessCardIds a client
   * sends in agent_connect are ignored: an agent hears only about the cards it owns.
   */
  app.get('/ws/customer-service', { websocket: true }, (socket, request) => {
    const agent = request.currentUser;
    if (!agent) {
      socket.close(WS_CLOSE_UNAUTHENTICATED, 'login required');
      return;
    }
    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const remove = hub.addAgent(agent.id, {
      send: (message) => socket.readyState === socket.OPEN && socket.send(message),
    });
    socket.on('close', remove);
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
      const work = (async () => {
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
      })();
      work.catch((error: unknown) => request.log.error({ err: error }, 'agent message failed'));
    });
  });

  app.get(
    '/api/notifications',
    {
      schema: {
        response: { 200: z.object({ notifications: z.array(z.record(z.string(), z.unknown())) }) },
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
}
