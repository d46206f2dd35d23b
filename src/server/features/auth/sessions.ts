import { and, eq, gt } from 'drizzle-orm';
import { SESSION_TTL_MS } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { userSessions, users, type User } from '#server/db/schema.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';

/** Starts a session: the token goes in the cookie, only its HMAC is stored. */
export async function createSession(
  ctx: AppContext,
  userId: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(ctx.now().getTime() + SESSION_TTL_MS);
  await ctx.db.insert(userSessions).values({
    userId,
    sessionToken: hashToken(ctx.config.sessionSecret, token),
    expiresAt,
  });
  return { token, expiresAt };
}

/** The signed-in user for a cookie token, or null when unknown or expired. */
export async function findSessionUser(ctx: AppContext, token: string): Promise<User | null> {
  const [row] = await ctx.db
    .select({ user: users })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .where(
      and(
        eq(userSessions.sessionToken, hashToken(ctx.config.sessionSecret, token)),
        gt(userSessions.expiresAt, ctx.now()),
      ),
    )
    .limit(1);
  return row?.user ?? null;
}

export async function deleteSession(ctx: AppContext, token: string): Promise<void> {
  await ctx.db
    .delete(userSessions)
    .where(eq(userSessions.sessionToken, hashToken(ctx.config.sessionSecret, token)));
}
