import { and, eq, gt, ne } from 'drizzle-orm';
import { SESSION_TTL_MS } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { userSessions, users, type User } from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';

/** A signed-in request: who, which session (sockets are keyed by it), and until when. */
export interface ActiveSession {
  user: User;
  sessionId: number;
  expiresAt: Date;
}

/** Starts a session: the token goes in the cookie, only its HMAC is stored. */
export async function createSession(
  ctx: AppContext,
  userId: number,
): Promise<{ token: string; expiresAt: Date; sessionId: number }> {
  const token = newToken();
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  const [row] = await ctx.db
    .insert(userSessions)
    .values({ userId, sessionToken: hashToken(ctx.config.sessionSecret, token), expiresAt })
    .returning({ id: userSessions.id });
  return { token, expiresAt, sessionId: row!.id };
}

/** The session for a cookie token, or null when unknown, expired, or its user is disabled. */
export async function findSession(ctx: AppContext, token: string): Promise<ActiveSession | null> {
  const [row] = await ctx.db
    .select({ user: users, sessionId: userSessions.id, expiresAt: userSessions.expiresAt })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.sessionToken, hashToken(ctx.config.sessionSecret, token)),
        gt(userSessions.expiresAt, ctx.now()),
        eq(users.disabled, false),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends the session of a cookie token; returns the ended session ids (to close its sockets). */
export async function deleteSession(ctx: AppContext, token: string): Promise<number[]> {
  const rows = await ctx.db
    .delete(userSessions)
    .where(eq(userSessions.sessionToken, hashToken(ctx.config.sessionSecret, token)))
    .returning({ id: userSessions.id });
  return rows.map((row) => row.id);
}

/**
 * Ends every session of a user, except `keepSessionId` when given (a password change keeps
 * the session that made it). Returns the ended session ids.
 */
export async function deleteUserSessions(
  ctx: AppContext,
  userId: number,
  keepSessionId?: number,
): Promise<number[]> {
  const rows = await ctx.db
    .delete(userSessions)
    .where(
      keepSessionId === undefined
        ? eq(userSessions.userId, userId)
        : and(eq(userSessions.userId, userId), ne(userSessions.id, keepSessionId)),
    )
    .returning({ id: userSessions.id });
  return rows.map((row) => row.id);
}
