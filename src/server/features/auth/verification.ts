import { and, eq, isNull, ne } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS, type Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { emailVerifications, users, type User } from '#server/db/schema.ts';
import { translate } from '#server/lib/i18n.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';

/**
 * Creates a single-use 24-hour link for an address of the user and mails it there: the
 * account's address at registration, or the pending new address after a profile change.
 */
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

/** Voids every link issued so far (an overwritten registration starts over). */
export async function voidVerificationLinks(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.delete(emailVerifications).where(eq(emailVerifications.userId, userId));
}

export type VerificationOutcome =
  | { ok: true }
  | {
      ok: false;
      reason: 'verify.invalidLink' | 'verify.expired' | 'verify.used' | 'verify.emailTaken';
    };

/**
 * Uses a link: valid, unexpired, unused, and for the account's current address (which it
 * verifies) or its pending new address (which then replaces the old one, if still free).
 */
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
  const forCurrent = row?.user.email === row?.verification.email;
  const forPending = !!row?.user.pendingEmail && row.user.pendingEmail === row.verification.email;
  if (!row || (!forCurrent && !forPending)) return { ok: false, reason: 'verify.invalidLink' };
  if (row.verification.usedAt) return { ok: false, reason: 'verify.used' };
  if (row.verification.expiresAt <= ctx.now()) return { ok: false, reason: 'verify.expired' };

  const newAddress = row.verification.email;
  if (forPending) {
    const [holder] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, newAddress), ne(users.id, row.user.id)))
      .limit(1);
    if (holder) return { ok: false, reason: 'verify.emailTaken' };
  }

  try {
    return await ctx.db.transaction(async (tx) => {
      // The conditional update makes the link single-use even under concurrent clicks.
      const claimed = await tx
        .update(emailVerifications)
        .set({ usedAt: ctx.now() })
        .where(
          and(eq(emailVerifications.id, row.verification.id), isNull(emailVerifications.usedAt)),
        )
        .returning({ id: emailVerifications.id });
      if (claimed.length === 0) return { ok: false, reason: 'verify.used' } as const;
      await tx
        .update(users)
        .set({
          emailVerified: true,
          verifiedAt: row.user.verifiedAt ?? ctx.now(),
          ...(forPending ? { email: newAddress, pendingEmail: null } : {}),
        })
        .where(eq(users.id, row.user.id));
      return { ok: true } as const;
    });
  } catch (error) {
    // Someone took the address between the check and the swap (unique index).
    if (forPending && isUniqueViolation(error)) return { ok: false, reason: 'verify.emailTaken' };
    throw error;
  }
}

/** PostgreSQL's unique_violation, from node-postgres or PGlite (possibly wrapped). */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
