import { eq, or } from 'drizzle-orm';
import type { TProfileUpdateData, TPublicUser, TRegisterData } from '#shared/schemas/auth.ts';
import type { Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { userSessions, users, type User } from '#server/db/schema.ts';
import { isAdmin } from '#server/lib/auth-guard.ts';
import { AppError } from '#server/lib/errors.ts';
import { decoyHash, hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { createSession } from './sessions.ts';
import { sendVerificationMail } from './verification.ts';

export function toPublicUser(ctx: AppContext, user: User): TPublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    organization: user.organization,
    phone: user.phone,
    logoUrl: user.logoUrl,
    vipPromotionCode: user.vipPromotionCode,
    companyName: user.companyName,
    companyLogo: user.companyLogo,
    website: user.website,
    address: user.address,
    role: isAdmin(user, ctx.config.adminEmails) ? 'admin' : 'user',
    createdAt: user.createdAt.toISOString(),
  };
}

function profileFields(input: TRegisterData | TProfileUpdateData) {
  return {
    username: input.username,
    email: input.email,
    organization: input.organization ?? null,
    phone: input.phone ?? null,
    logoUrl: input.logoUrl ?? null,
    vipPromotionCode: input.vipPromotionCode ?? null,
  };
}

const PG_UNIQUE_VIOLATION = '23505';

/** A unique-index race (two registrations at once) is a conflict, not a crash. */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === PG_UNIQUE_VIOLATION;
}

async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_EXISTS', 'errors.userExists');
    throw error;
  }
}

export interface RegisterResult {
  user: User;
  updated: boolean;
  verificationSent: boolean;
}

/**
 * Creates an account, or with `overwrite` updates the existing one: always when it was never
 * verified, and only with its current password when it was. A stranger cannot take over a
 * verified account.
 */
export async function register(
  ctx: AppContext,
  input: TRegisterData,
  language: Language,
): Promise<RegisterResult> {
  const matches = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.username, input.username), eq(users.email, input.email)));

  if (matches.length === 0) {
    const password = await hashPassword(input.password);
    const [user] = await guardUnique(() =>
      ctx.db
        .insert(users)
        .values({ ...profileFields(input), password })
        .returning(),
    );
    await sendVerificationMail(ctx, user!, language);
    return { user: user!, updated: false, verificationSent: true };
  }

  if (!input.overwrite) throw new AppError('USER_EXISTS', 'errors.userExists');
  if (matches.length > 1) throw new AppError('CONFLICT', 'errors.overwriteAmbiguous');
  const existing = matches[0]!;

  if (existing.emailVerified) {
    if (!(await verifyPassword(input.password, existing.password))) {
      throw new AppError('FORBIDDEN', 'errors.overwriteDenied');
    }
    return updateProfile(ctx, existing, input, language).then(({ user, verificationSent }) => ({
      user,
      updated: true,
      verificationSent,
    }));
  }

  // Never verified: nobody proved ownership yet, so the retry may replace everything.
  const password = await hashPassword(input.password);
  const [user] = await guardUnique(() =>
    ctx.db
      .update(users)
      .set({ ...profileFields(input), password })
      .where(eq(users.id, existing.id))
      .returning(),
  );
  await ctx.db.delete(userSessions).where(eq(userSessions.userId, existing.id));
  await sendVerificationMail(ctx, user!, language);
  return { user: user!, updated: true, verificationSent: true };
}

/** Checks the password; refuses unverified addresses; opens a session. */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string },
): Promise<{ user: User; token: string; expiresAt: Date }> {
  const identifier = input.username.trim();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.username, identifier), eq(users.email, identifier.toLowerCase())))
    .limit(1);
  const passwordOk = await verifyPassword(input.password, user?.password ?? (await decoyHash()));
  if (!user || !passwordOk) throw new AppError('INVALID_CREDENTIALS', 'errors.invalidCredentials');
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'errors.emailNotVerified');

  const session = await createSession(ctx, user.id);
  const [fresh] = await ctx.db
    .update(users)
    .set({ loggedOut: false })
    .where(eq(users.id, user.id))
    .returning();
  return { user: fresh ?? user, ...session };
}

/** Mails a new link when the address belongs to an unverified account; silent otherwise. */
export async function resendVerification(
  ctx: AppContext,
  email: string,
  language: Language,
): Promise<void> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  if (user && !user.emailVerified) await sendVerificationMail(ctx, user, language);
}

/** Updates the profile fields; a changed email must be verified again. */
export async function updateProfile(
  ctx: AppContext,
  current: User,
  input: TRegisterData | TProfileUpdateData,
  language: Language,
): Promise<{ user: User; verificationSent: boolean }> {
  const others = await ctx.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(or(eq(users.username, input.username), eq(users.email, input.email)));
  const clash = others.find((other) => other.id !== current.id);
  if (clash) {
    throw new AppError(
      'CONFLICT',
      clash.username === input.username ? 'errors.usernameTaken' : 'errors.emailTaken',
    );
  }
  // A new address must be proven before it counts (it could be an admin address).
  const emailChanged = input.email !== current.email;
  const [user] = await guardUnique(() =>
    ctx.db
      .update(users)
      .set({ ...profileFields(input), ...(emailChanged ? { emailVerified: false } : {}) })
      .where(eq(users.id, current.id))
      .returning(),
  );
  if (emailChanged) await sendVerificationMail(ctx, user!, language);
  return { user: user!, verificationSent: emailChanged };
}

/** Marks the user as logged out (the session row itself is deleted by the route). */
export async function markLoggedOut(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(users).set({ loggedOut: true }).where(eq(users.id, userId));
}

/** Deletes the account; the database cascades to everything it owns; then its files go. */
export async function deleteAccount(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.delete(users).where(eq(users.id, userId));
  await ctx.storage.removeUserFiles(userId);
}
