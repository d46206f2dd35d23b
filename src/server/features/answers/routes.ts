import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZOkResponse } from '#shared/schemas/auth.ts';
import {
  ZAnswerAnalytics,
  ZAnswerAnalyticsDaily,
  ZAnswerAnalyticsQuery,
  ZAnswerFeedback,
  ZAnswerFeedbackResponse,
  ZAnswerIdParams,
  ZOwnerAnswer,
  ZOwnerAnswerCreate,
  ZOwnerAnswers,
  ZOwnerAnswerUpdate,
  ZUnansweredCounts,
  ZUnansweredList,
  ZUnansweredQuery,
} from '#shared/schemas/answers.ts';
import { ZIdParam } from '#shared/schemas/cards.ts';
import type { AppContext } from '#server/context.ts';
import { assertChatOpen } from '#server/features/chat/service.ts';
import { findVisitorSession } from '#server/lib/visitor-sessions.ts';
import { requireUser } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import * as answers from './service.ts';

/** Per client address, as the chat's other calls (a fair hall may share one address). */
const addressLimit = { max: 300, timeWindow: 60_000 };

/** Questions to answer: the visitor's rating, the owner's answers, list and figures. */
export function registerAnswerRoutes(server: FastifyInstance, ctx: AppContext): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  /** The visitor's 👍 / 👎 on one of their own answers (the visitor cookie says whose). */
  app.post(
    '/api/chat/:id/feedback',
    {
      schema: {
        params: ZIdParam,
        body: ZAnswerFeedback,
        response: { 200: ZAnswerFeedbackResponse },
      },
      config: { rateLimit: addressLimit },
    },
    async (request) => {
      await assertChatOpen(ctx, request.params.id, request.currentUser?.id ?? null);
      const session = await findVisitorSession(ctx, request, request.params.id);
      if (!session) throw new AppError('NOT_FOUND', 'questions.errors.messageNotFound');
      const { messageId, helpful } = request.body;
      await answers.rateAnswer(ctx, session.id, messageId, helpful);
      return { messageId, helpful };
    },
  );

  app.get(
    '/api/business-cards/:id/answers',
    { schema: { params: ZIdParam, response: { 200: ZOwnerAnswers } } },
    async (request) => ({
      answers: await answers.listAnswers(ctx, requireUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/api/business-cards/:id/answers',
    { schema: { params: ZIdParam, body: ZOwnerAnswerCreate, response: { 201: ZOwnerAnswer } } },
    async (request, reply) => {
      const created = await answers.createAnswer(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/api/business-cards/:id/answers/:answerId',
    {
      schema: {
        params: ZAnswerIdParams,
        body: ZOwnerAnswerUpdate,
        response: { 200: ZOwnerAnswer },
      },
    },
    (request) =>
      answers.updateAnswer(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.params.answerId,
        request.body,
      ),
  );

  app.delete(
    '/api/business-cards/:id/answers/:answerId',
    { schema: { params: ZAnswerIdParams, response: { 200: ZOkResponse } } },
    async (request) => {
      await answers.deleteAnswer(
        ctx,
        requireUser(request).id,
        request.params.id,
        request.params.answerId,
      );
      return { ok: true as const };
    },
  );

  app.get(
    '/api/business-cards/:id/unanswered',
    {
      schema: {
        params: ZIdParam,
        querystring: ZUnansweredQuery,
        response: { 200: ZUnansweredList },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return answers.unansweredList(ctx, requireUser(request).id, request.params.id, request.query);
    },
  );

  /** The count badges: open groups per card of the owner. */
  app.get(
    '/api/unanswered-counts',
    { schema: { response: { 200: ZUnansweredCounts } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return answers.unansweredCounts(ctx, requireUser(request).id);
    },
  );

  app.get(
    '/api/analytics/answers',
    { schema: { querystring: ZAnswerAnalyticsQuery, response: { 200: ZAnswerAnalytics } } },
    (request) => answers.answerAnalytics(ctx, requireUser(request).id, request.query),
  );

  app.get(
    '/api/analytics/answers/daily',
    { schema: { querystring: ZAnswerAnalyticsQuery, response: { 200: ZAnswerAnalyticsDaily } } },
    (request) => answers.answerAnalyticsDaily(ctx, requireUser(request).id, request.query),
  );
}
