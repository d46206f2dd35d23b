import { and, eq, isNull, ne } from 'drizzle-orm';
import { EMAIL_VERIFICATION_TTL_MS, type Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { emailVerifications, passwordResets, users, type User } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { translate } from '#server/lib/i18n.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { FailureGuard } from './service.ts';
import { deleteUserSessions } from './sessions.ts';
import { ownerChanged } from '#server/lib/public-card-cache.ts';

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
  // The page asks for a password before anything is verified (never a GET that acts).
  const link = `${ctx.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
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

export type VerificationFailure =
  'verify.invalidLink' | 'verify.expired' | 'verify.used' | 'verify.emailTaken';

/** What a link is for: confirming a new account's address, or a verified account's new one. */
export type VerificationPurpose = 'registration' | 'email-change';

interface LinkRow {
  verification: typeof emailVerifications.$inferSelect;
  user: User;
}

type LinkLookup =
  | { ok: true; row: LinkRow; purpose: VerificationPurpose }
  | { ok: false; reason: VerificationFailure };

/**
 * Reads a link without using it: valid, unexpired, unused, and for the account's current
 * address or its pending new address (still free). An account that was never verified is a
 * registration; a verified one changing its address is an e-mail change.
 */
async function lookUpLink(ctx: AppContext, token: string): Promise<LinkLookup> {
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
  if (forCurrent && row.user.emailVerified) return { ok: false, reason: 'verify.used' };
  if (forPending) {
    const [holder] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, row.verification.email), ne(users.id, row.user.id)))
      .limit(1);
    if (holder) return { ok: false, reason: 'verify.emailTaken' };
  }
  return { ok: true, row, purpose: row.user.emailVerified ? 'email-change' : 'registration' };
}

const linkError = (reason: VerificationFailure) =>
  new AppError(reason === 'verify.emailTaken' ? 'CONFLICT' : 'INVALID_TOKEN', reason);

/** What the verification page shows before asking for the password. */
export async function describeVerificationLink(
  ctx: AppContext,
  token: string,
): Promise<{ purpose: VerificationPurpose; username: string; email: string }> {
  const link = await lookUpLink(ctx, token);
  if (!link.ok) throw linkError(link.reason);
  return {
    purpose: link.purpose,
    username: link.row.user.username,
    email: link.row.verification.email,
  };
}

/**
 * Uses a link with the password its holder enters; nothing happens on a link alone.
 * - Registration (never verified): the entered password becomes the account's password,
 *   whatever was stored at registration. Whoever registered or overwrote the account without
 *   holding the mailbox never learns it, so their password never comes into force.
 * - E-mail change (a verified account): the entered password must be the account's own.
 * The address is verified, every other session of the account ends, and the caller signs the
 * holder in. Returns the user and the ended session ids.
 */
export async function verifyEmailWithPassword(
  ctx: AppContext,
  token: string,
  password: string,
  guard: FailureGuard,
): Promise<{ user: User; endedSessions: number[] }> {
  const link = await lookUpLink(ctx, token);
  if (!link.ok) throw linkError(link.reason);
  const { row, purpose } = link;
  if (row.user.disabled) throw new AppError('ACCOUNT_DISABLED', 'errors.accountDisabled');

  const failureKey = `user:${row.user.id}`;
  let newHash: string | null = null;
  if (purpose === 'email-change') {
    await guard.assertAllowed(failureKey);
    if (!(await verifyPassword(password, row.user.password))) {
      await guard.recordFailure(failureKey);
      throw new AppError('INVALID_CREDENTIALS', 'verify.wrongPassword');
    }
  } else {
    newHash = await hashPassword(password);
  }

  try {
    const user = await ctx.db.transaction(async (tx) => {
      // The conditional update makes the link single-use even under concurrent submits.
      const claimed = await tx
        .update(emailVerifications)
        .set({ usedAt: ctx.now() })
        .where(
          and(eq(emailVerifications.id, row.verification.id), isNull(emailVerifications.usedAt)),
        )
        .returning({ id: emailVerifications.id });
      if (claimed.length === 0) throw linkError('verify.used');
      const [updated] = await tx
        .update(users)
        .set({
          emailVerified: true,
          verifiedAt: row.user.verifiedAt ?? ctx.now(),
          ...(purpose === 'email-change'
            ? { email: row.verification.email, pendingEmail: null }
            : { password: newHash! }),
        })
        .where(eq(users.id, row.user.id))
        .returning();
      // Other links for the account are void now; so are reset links mailed before.
      await tx
        .delete(emailVerifications)
        .where(and(eq(emailVerifications.userId, row.user.id), isNull(emailVerifications.usedAt)));
      if (purpose === 'registration') {
        await tx.delete(passwordResets).where(eq(passwordResets.userId, row.user.id));
      }
      return updated!;
    });
    // A changed address shows on the owner's cards (where a card has none of its own).
    if (purpose === 'email-change') await ownerChanged(ctx, row.user.id);
    const endedSessions = await deleteUserSessions(ctx, row.user.id);
    return { user, endedSessions };
  } catch (error) {
    // Someone took the address between the check and the swap (unique index).
    if (purpose === 'email-change' && isUniqueViolation(error)) {
      throw linkError('verify.emailTaken');
    }
    throw error;
  }
}

/** PostgreSQL's unique_violation, from node-postgres or PGlite (possibly wrapped). */
export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}
