import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '#shared/limits.ts';
import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZOkResponse,
  ZProfileUpdateRequest,
  ZProfileUpdateResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZUserResponse,
} from '#shared/schemas/auth.ts';
import type { AppContext } from '#server/context.ts';
import {
  clearSessionCookie,
  requireSession,
  requireUser,
  setSessionCookie,
} from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { requestLanguage, translate } from '#server/lib/i18n.ts';
import {
  createFailureLimit,
  normaliseAccountKey,
  type FailureLimit,
} from '#server/lib/rate-limits.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password-reset.ts';
import * as auth from './service.ts';
import { deleteSession } from './sessions.ts';
import { consumeVerificationToken } from './verification.ts';

/** Per account (not per address): this many failed logins or reset mails, then a pause. */
export const ACCOUNT_ATTEMPTS_MAX = 5;
export const ACCOUNT_ATTEMPTS_WINDOW_MS = 15 * 60_000;

export function registerAuthRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const cookie = { secure: ctx.config.publicUrl.startsWith('https:') };
  const authRateLimit = { max: ctx.config.authRateLimitPerMinute, timeWindow: 60_000 };
  const loginFailures = createFailureLimit(
    server,
    'login',
    ACCOUNT_ATTEMPTS_MAX,
    ACCOUNT_ATTEMPTS_WINDOW_MS,
  );
  const resetMails = createFailureLimit(
    server,
    'forgot-password',
    ACCOUNT_ATTEMPTS_MAX,
    ACCOUNT_ATTEMPTS_WINDOW_MS,
  );
  const guardFor = (limit: FailureLimit, request: FastifyRequest): auth.FailureGuard => ({
    assertAllowed: (key) => limit.assertAllowed(request, key),
    recordFailure: (key) => limit.recordFailure(request, key),
  });

  app.post(
    '/api/auth/register',
    {
      schema: {
        body: ZRegisterRequest,
        response: { 200: ZRegisterResponse, 201: ZRegisterResponse },
      },
      config: { rateLimit: authRateLimit },
    },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body, requestLanguage(request));
      return reply.status(result.updated ? 200 : 201).send({
        user: auth.toPublicUser(ctx, result.user),
        updated: result.updated,
        verificationSent: result.verificationSent,
      });
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: { body: ZLoginRequest, response: { 200: ZUserResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request, reply) => {
      const { user, token, expiresAt } = await auth.login(
        ctx,
        request.body,
        guardFor(loginFailures, request),
      );
      setSessionCookie(reply, token, expiresAt, cookie);
      return { user: auth.toPublicUser(ctx, user) };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    {
      schema: { body: ZResendVerificationRequest, response: { 200: ZOkResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request) => {
      await auth.resendVerification(ctx, request.body.email, requestLanguage(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: ZForgotPasswordRequest, response: { 200: ZOkResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request) => {
      // Every request counts for the address asked about, known or not: same answer either way.
      const key = `email:${normaliseAccountKey(request.body.email)}`;
      await resetMails.assertAllowed(request, key);
      await resetMails.recordFailure(request, key);
      await requestPasswordReset(ctx, request.body.email, requestLanguage(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { body: ZResetPasswordRequest, response: { 200: ZOkResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request, reply) => {
      const ended = await resetPassword(ctx, request.body.token, request.body.password);
      await hub.endSessions(ended);
      // Whoever reset the password signs in afresh: this browser's old cookie is void too.
      clearSessionCookie(reply, cookie);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      schema: { body: ZChangePasswordRequest, response: { 200: ZOkResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request) => {
      const { user, sessionId } = requireSession(request);
      // A wrong current password is a failed login for this account (a stolen cookie guessing).
      const guard = guardFor(loginFailures, request);
      const key = `user:${user.id}`;
      await guard.assertAllowed(key);
      const ended = await changePassword(ctx, user, sessionId, request.body).catch(
        async (error: unknown) => {
          if (error instanceof AppError && error.code === 'VALIDATION_ERROR') {
            await guard.recordFailure(key);
          }
          throw error;
        },
      );
      await hub.endSessions(ended);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/verify-email',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const outcome = await consumeVerificationToken(ctx, request.query.token ?? '');
      const target = outcome.ok
        ? '/email-verified?success=true'
        : `/email-verified?error=${encodeURIComponent(translate(requestLanguage(request), outcome.reason))}`;
      return reply.redirect(target, 302);
    },
  );

  app.get(
    '/api/auth/user',
    { schema: { response: { 200: ZUserResponse } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { user: auth.toPublicUser(ctx, requireUser(request)) };
    },
  );

  app.put(
    '/api/auth/profile',
    { schema: { body: ZProfileUpdateRequest, response: { 200: ZProfileUpdateResponse } } },
    async (request) => {
      const { user, verificationSent } = await auth.updateProfile(
        ctx,
        requireUser(request),
        request.body,
        requestLanguage(request),
      );
      return { user: auth.toPublicUser(ctx, user), verificationSent };
    },
  );

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await hub.endSessions(await deleteSession(ctx, token));
    if (request.currentUser) await auth.markLoggedOut(ctx, request.currentUser.id);
    clearSessionCookie(reply, cookie);
    return { ok: true as const };
  };
  app.post('/api/logout', { schema: { response: { 200: ZOkResponse } } }, logout);
  app.post('/api/auth/logout', { schema: { response: { 200: ZOkResponse } } }, logout);

  app.delete(
    '/api/auth/account',
    { schema: { response: { 200: ZOkResponse } } },
    async (request, reply) => {
      await hub.endSessions(await auth.deleteAccount(ctx, requireUser(request).id));
      clearSessionCookie(reply, cookie);
      return { ok: true as const };
    },
  );
}
