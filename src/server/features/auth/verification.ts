import { and, eq, isNull } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS, type Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { emailVerifications, users, type User } from '#server/db/schema.ts';
import { translate } from '#server/lib/i18n.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';

/** Creates a single-use 24-hour link for the user's current address and mails it. */
export async function sendVerificationMail(
  ctx: AppContext,
  user: Pick<User, 'id' | 'username' | 'email'>,
  language: Language,
): Promise<void> {
  const token = newToken();
  await ctx.db.insert(emailVerifications).values({
    userId: user.id,
    email: user.email,
    token: hashToken(ctx.config.sessionSecret, token),
    expiresAt: new Date(ctx.now().getTime() + EMAIL_VERIFICATION_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: translate(language, 'mail.verifySubject'),
    text: translate(language, 'mail.verifyBody', { username: user.username, link }),
  });
}

export type VerificationOutcome =
  { ok: true } | { ok: false; reason: 'verify.invalidLink' | 'verify.expired' | 'verify.used' };

/** Uses a link: valid, unexpired, unused, and still for the account's current address. */
export async function consumeVerificationToken(
  ctx: AppContext,
  token: string,
): Promise<VerificationOutcome> {
  if (!token) return { ok: false, reason: 'verify.invalidLink' };
  const [row] = await ctx.db
    .select({ verification: emailVerifications, user: users })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(eq(emailVerifications.token, hashToken(ctx.config.sessionSecret, token)))
    .limit(1);
  if (!row || row.user.email !== row.verification.email) {
    return { ok: false, reason: 'verify.invalidLink' };
  }
  if (row.verification.usedAt) return { ok: false, reason: 'verify.used' };
  if (row.verification.expiresAt <= ctx.now()) return { ok: false, reason: 'verify.expired' };

  return ctx.db.transaction(async (tx) => {
    // The conditional update makes the link single-use even under concurrent clicks.
    const claimed = await tx
      .update(emailVerifications)
      .set({ usedAt: ctx.now() })
      .where(and(eq(emailVerifications.id, row.verification.id), isNull(emailVerifications.usedAt)))
      .returning({ id: emailVerifications.id });
    if (claimed.length === 0) return { ok: false, reason: 'verify.used' } as const;
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, row.user.id));
    return { ok: true } as const;
  });
}
