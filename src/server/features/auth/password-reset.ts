import { and, eq, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_TTL_MS, type Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { passwordResets, users, type User } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { translate } from '#server/lib/i18n.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { deleteUserSessions } from './sessions.ts';

/**
 * Mails a single-use one-hour reset link when the address belongs to a verified account;
 * does nothing otherwise. The caller answers the same either way.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  language: Language,
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || !user.emailVerified || user.disabled) return;
  const token = newToken();
  await ctx.db.insert(passwordResets).values({
    userId: user.id,
    token: hashToken(ctx.config.sessionSecret, token),
    expiresAt: new Date(ctx.now().getTime() + PASSWORD_RESET_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: translate(language, 'mail.resetSubject'),
    text: translate(language, 'mail.resetBody', { username: user.username, link }),
  });
}

/**
 * Sets a new password with a mailed link: the link is used up, every other reset link of the
 * user too, and every session of the user ends. Returns the ended session ids.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
): Promise<number[]> {
  const [row] = await ctx.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.token, hashToken(ctx.config.sessionSecret, token)))
    .limit(1);
  if (!row) throw new AppError('INVALID_TOKEN', 'passwordReset.invalidLink');
  if (row.usedAt) throw new AppError('INVALID_TOKEN', 'passwordReset.used');
  if (row.expiresAt <= ctx.now()) throw new AppError('INVALID_TOKEN', 'passwordReset.expired');

  const hash = await hashPassword(password);
  const claimed = await ctx.db.transaction(async (tx) => {
    // The conditional update makes the link single-use even under concurrent submits.
    const won = await tx
      .update(passwordResets)
      .set({ usedAt: ctx.now() })
      .where(and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (won.length === 0) return false;
    await tx.update(users).set({ password: hash }).where(eq(users.id, row.userId));
    return true;
  });
  if (!claimed) throw new AppError('INVALID_TOKEN', 'passwordReset.used');
  await voidResetLinks(ctx, row.userId);
  return deleteUserSessions(ctx, row.userId);
}

/**
 * Changes the password of the signed-in user after checking the current one; every other
 * session ends (the one that asked stays). Returns the ended session ids.
 */
export async function changePassword(
  ctx: AppContext,
  user: User,
  sessionId: number,
  input: { currentPassword: string; newPassword: string },
): Promise<number[]> {
  if (!(await verifyPassword(input.currentPassword, user.password))) {
    throw new AppError(
      'VALIDATION_ERROR',
      'errors.validation',
      {},
      {
        currentPassword: 'validation.currentPasswordWrong',
      },
    );
  }
  const hash = await hashPassword(input.newPassword);
  await ctx.db.update(users).set({ password: hash }).where(eq(users.id, user.id));
  await voidResetLinks(ctx, user.id);
  return deleteUserSessions(ctx, user.id, sessionId);
}

/** Uses up every open reset link of the user (the password just changed). */
export async function voidResetLinks(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db
    .update(passwordResets)
    .set({ usedAt: ctx.now() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
