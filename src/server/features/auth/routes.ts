import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '#shared/limits.ts';
import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZOkResponse,
  ZProfileUpdateRequest,
  ZTimeZoneUpdateRequest,
  ZProfileUpdateResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZUserResponse,
  ZVerificationLinkRequest,
  ZVerificationLinkResponse,
  ZVerifyEmailRequest,
} from '#shared/schemas/auth.ts';
import type { AppContext } from '#server/context.ts';
import {
  clearSessionCookie,
  requireSession,
  requireUser,
  setSessionCookie,
} from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { mailLimits } from '#server/lib/mail-limits.ts';
import { requestLanguage } from '#server/lib/i18n.ts';
import {
  createFailureLimit,
  createKeyedLimit,
  normaliseAccountKey,
} from '#server/lib/rate-limits.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { changePassword, requestPasswordReset, resetPassword } from './password-reset.ts';
import * as auth from './service.ts';
import { createSession, deleteSession } from './sessions.ts';
import { describeVerificationLink, verifyEmailWithPassword } from './verification.ts';

/**
 * Wrong passwords for one account from one client address: this many, then that address
 * waits. Counted per (account, address), so a stranger who knows the login name (it is on
 * the public card) cannot lock the owner out from elsewhere. Reset mails: per address asked.
 */
export const ACCOUNT_ATTEMPTS_MAX = 5;
export const ACCOUNT_ATTEMPTS_WINDOW_MS = 15 * 60_000;
/**
 * Wrong passwords for one account from all addresses together: past this many, every attempt
 * (the right password too) is answered only after LOGIN_SLOWDOWN_MS. Slowed, never refused.
 */
export const ACCOUNT_WIDE_FAILURES_MAX = 50;
export const LOGIN_SLOWDOWN_MS = 2_000;

export function registerAuthRoutes(
  server: FastifyInstance,
  ctx: AppContext,
  hub: RealtimeHub,
): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const mails = mailLimits(server);
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
  const accountWideFailures = createKeyedLimit(
    server,
    'login-account',
    ACCOUNT_WIDE_FAILURES_MAX,
    ACCOUNT_ATTEMPTS_WINDOW_MS,
  );
  /** The password check's guard: per (account, address), slowed past the account's ceiling. */
  const passwordGuard = (request: FastifyRequest): auth.FailureGuard => ({
    async assertAllowed(key) {
      await loginFailures.assertAllowed(request, `${key}@${request.ip}`);
      if (await accountWideFailures.isSpent(request, key)) {
        await new Promise((resolve) => setTimeout(resolve, LOGIN_SLOWDOWN_MS));
      }
    },
    async recordFailure(key) {
      await loginFailures.recordFailure(request, `${key}@${request.ip}`);
      await accountWideFailures.record(request, key);
    },
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
      schema: { body: ZLoginRequest, response: { 200: ZLoginResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request, reply) => {
      const { user, token, expiresAt, firstLogin } = await auth.login(
        ctx,
        request.body,
        passwordGuard(request),
      );
      setSessionCookie(reply, token, expiresAt, cookie);
      return { user: auth.toPublicUser(ctx, user), firstLogin };
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
      const guard = passwordGuard(request);
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

  // Old mails link here: it only leads to the page that asks for the password.
  app.get(
    '/api/auth/verify-email',
    { schema: { querystring: z.object({ token: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const token = request.query.token ?? '';
      return reply.redirect(`/verify-email?token=${encodeURIComponent(token)}`, 302);
    },
  );

  app.post(
    '/api/auth/verification-link',
    {
      schema: { body: ZVerificationLinkRequest, response: { 200: ZVerificationLinkResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request) => describeVerificationLink(ctx, request.body.token),
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: { body: ZVerifyEmailRequest, response: { 200: ZUserResponse } },
      config: { rateLimit: authRateLimit },
    },
    async (request, reply) => {
      const { user, endedSessions } = await verifyEmailWithPassword(
        ctx,
        request.body.token,
        request.body.password,
        passwordGuard(request),
      );
      await hub.endSessions(endedSessions);
      const { token, expiresAt } = await createSession(ctx, user.id);
      setSessionCookie(reply, token, expiresAt, cookie);
      return { user: auth.toPublicUser(ctx, user) };
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
    '/api/auth/time-zone',
    { schema: { body: ZTimeZoneUpdateRequest, response: { 200: ZUserResponse } } },
    async (request) => {
      const user = await auth.setTimeZone(ctx, requireUser(request).id, request.body.timeZone);
      return { user: auth.toPublicUser(ctx, user) };
    },
  );

  app.put(
    '/api/auth/profile',
    { schema: { body: ZProfileUpdateRequest, response: { 200: ZProfileUpdateResponse } } },
    async (request) => {
      const current = requireUser(request);
      const { user, verificationSent } = await auth.updateProfile(
        ctx,
        current,
        request.body,
        requestLanguage(request),
        () => mails.spendEmailChangeMail(request, current.id),
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
