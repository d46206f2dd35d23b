import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '#shared/limits.ts';
import type { User } from '#server/db/schema.ts';
import { forbidden, unauthenticated } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user, resolved once per API request; null when signed out. */
    currentUser: User | null;
    /** The session itself (its sockets are keyed by id); null when signed out. */
    currentSession: { id: number; expiresAt: Date } | null;
  }
}

/** What the resolver needs to know about a cookie's session. */
export interface ResolvedSession {
  user: User;
  sessionId: number;
  expiresAt: Date;
}

/**
 * Resolves the session cookie on API and WebSocket requests (not on static files) and
 * exposes the user as request.currentUser. Identity comes from here only. The finder answers
 * null for an expired session or a disabled user, so neither is ever signed in.
 */
export function installSessionResolver(
  app: FastifyInstance,
  findSession: (token: string) => Promise<ResolvedSession | null>,
): void {
  app.decorateRequest('currentUser', null);
  app.decorateRequest('currentSession', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/ws/')) return;
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await findSession(token) : null;
    request.currentUser = session?.user ?? null;
    request.currentSession = session
      ? { id: session.sessionId, expiresAt: session.expiresAt }
      : null;
  });
}

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.currentUser) throw unauthenticated();
  return request.currentUser;
}

/** The signed-in user and the id of the session the request came with, or a 401. */
export function requireSession(request: FastifyRequest): { user: User; sessionId: number } {
  const user = requireUser(request);
  if (!request.currentSession) throw unauthenticated();
  return { user, sessionId: request.currentSession.id };
}

export function isAdmin(user: User, adminEmails: ReadonlySet<string>): boolean {
  return user.role === 'admin' || (user.emailVerified && adminEmails.has(user.email));
}

/** The signed-in admin, or a 401 / 403. */
export function requireAdmin(request: FastifyRequest, adminEmails: ReadonlySet<string>): User {
  const user = requireUser(request);
  if (!isAdmin(user, adminEmails)) throw forbidden();
  return user;
}

export interface SessionCookieOptions {
  secure: boolean;
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  expiresAt: Date,
  options: SessionCookieOptions,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, options: SessionCookieOptions): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
  });
}
