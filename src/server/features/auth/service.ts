import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { TProfileUpdateData, TPublicUser, TRegisterData } from '#shared/schemas/auth.ts';
import type { Language } from '#shared/limits.ts';
import type { AppContext } from '#server/context.ts';
import { passwordResets, userSessions, users, type User } from '#server/db/schema.ts';
import { isAdmin } from '#server/lib/auth-guard.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { decoyHash, hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { normaliseAccountKey } from '#server/lib/rate-limits.ts';
import { createSession, deleteUserSessions } from './sessions.ts';
import { usernameSkeleton } from './username-skeleton.ts';
import { ownerChanged } from '#server/lib/public-card-cache.ts';
import { isUniqueViolation, sendVerificationMail, voidVerificationLinks } from './verification.ts';

// Signing a user out everywhere, for the admin's account actions.
export { deleteUserSessions } from './sessions.ts';

export function toPublicUser(ctx: AppContext, user: User): TPublicUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    pendingEmail: user.pendingEmail,
    organization: user.organization,
    phone: user.phone,
    logoUrl: user.logoUrl,
    vipPromotionCode: user.vipPromotionCode,
    companyName: user.companyName,
    companyLogo: user.companyLogo,
    website: user.website,
    address: user.address,
    timeZone: user.timeZone,
    role: isAdmin(user, ctx.config.adminEmails) ? 'admin' : 'user',
    createdAt: user.createdAt.toISOString(),
  };
}

function profileFields(input: TRegisterData | TProfileUpdateData) {
  return {
    username: input.username,
    usernameSkeleton: usernameSkeleton(input.username),
    email: input.email,
    organization: input.organization ?? null,
    phone: input.phone ?? null,
    logoUrl: input.logoUrl ?? null,
    vipPromotionCode: input.vipPromotionCode ?? null,
  };
}

/** A unique-index race (two registrations at once) is a conflict, not a crash. */
async function guardUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_EXISTS', 'errors.userExists');
    throw error;
  }
}

/**
 * Refuses a name that looks like another account's (same skeleton, a different account):
 * "аdmin" with a Cyrillic а next to "admin". `selfId` is the account being saved, if any.
 */
async function assertNoLookalike(ctx: AppContext, username: string, selfId?: number) {
  const skeleton = usernameSkeleton(username);
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      selfId === undefined
        ? eq(users.usernameSkeleton, skeleton)
        : and(eq(users.usernameSkeleton, skeleton), ne(users.id, selfId)),
    )
    .limit(1);
  if (other) throw new AppError('CONFLICT', 'errors.usernameLookalike');
}

/** Fills the skeleton of accounts made before it was stored (once, at start). */
export async function backfillUsernameSkeletons(ctx: AppContext): Promise<void> {
  for (;;) {
    const batch = await ctx.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(isNull(users.usernameSkeleton))
      .limit(500);
    if (batch.length === 0) return;
    for (const row of batch) {
      await ctx.db
        .update(users)
        .set({ usernameSkeleton: usernameSkeleton(row.username) })
        .where(eq(users.id, row.id));
    }
  }
}

export interface RegisterResult {
  user: User;
  updated: boolean;
  verificationSent: boolean;
}

/**
 * Creates an account, or with `overwrite` replaces an existing one that was never verified
 * (nobody proved owning it yet). An account that was ever verified is never replaced, not
 * even with its password: its owner signs in (or resets the password) to change it.
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
    await assertNoLookalike(ctx, input.username);
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

  if (existing.emailVerified || existing.verifiedAt) {
    throw new AppError('USER_EXISTS', 'errors.overwriteDenied');
  }

  // Never verified: the retry replaces everything, and every link mailed before is void.
  // The password stored here never comes into force by itself: verifying takes the mailed
  // link and a password typed by its holder (verification.ts).
  await assertNoLookalike(ctx, input.username, existing.id);
  const password = await hashPassword(input.password);
  const [user] = await guardUnique(() =>
    ctx.db
      .update(users)
      .set({ ...profileFields(input), password, pendingEmail: null })
      .where(eq(users.id, existing.id))
      .returning(),
  );
  await ownerChanged(ctx, existing.id);
  await voidVerificationLinks(ctx, existing.id);
  await ctx.db.delete(passwordResets).where(eq(passwordResets.userId, existing.id));
  await deleteUserSessions(ctx, existing.id);
  await sendVerificationMail(ctx, user!, language);
  return { user: user!, updated: true, verificationSent: true };
}

/** Counts failures per account (see lib/rate-limits.ts); login asks it before each attempt. */
export interface FailureGuard {
  assertAllowed(key: string): Promise<void>;
  recordFailure(key: string): Promise<void>;
}

const noGuard: FailureGuard = { assertAllowed: async () => {}, recordFailure: async () => {} };

/**
 * Checks the password; refuses unverified addresses and disabled accounts; opens a session.
 * Failures count against the account (by username and email alike), not only the address.
 */
export async function login(
  ctx: AppContext,
  input: { username: string; password: string },
  guard: FailureGuard = noGuard,
): Promise<{ user: User; token: string; expiresAt: Date; firstLogin: boolean }> {
  const identifier = input.username.normalize('NFKC').trim();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.username, identifier), eq(users.email, identifier.toLowerCase())))
    .limit(1);
  const accountKey = user ? `user:${user.id}` : `name:${normaliseAccountKey(identifier)}`;
  await guard.assertAllowed(accountKey);
  const passwordOk = await verifyPassword(input.password, user?.password ?? (await decoyHash()));
  if (!user || !passwordOk) {
    await guard.recordFailure(accountKey);
    throw new AppError('INVALID_CREDENTIALS', 'errors.invalidCredentials');
  }
  if (user.disabled) throw new AppError('ACCOUNT_DISABLED', 'errors.accountDisabled');
  if (!user.emailVerified) throw new AppError('EMAIL_NOT_VERIFIED', 'errors.emailNotVerified');

  const firstLogin = !(await hasSignedInBefore(ctx, user));
  const session = await createSession(ctx, user.id);
  const [fresh] = await ctx.db
    .update(users)
    .set({ loggedOut: false })
    .where(eq(users.id, user.id))
    .returning();
  return { user: fresh ?? user, ...session, firstLogin };
}

/**
 * Whether the account was ever signed in before: it logged out once (logout sets `loggedOut`,
 * only a login clears it), or a session row of it exists (sessions stay stored until logout,
 * expired ones too; verifying the address signs in). Used to greet a first login with
 * "Welcome" rather than "Welcome back".
 */
async function hasSignedInBefore(ctx: AppContext, user: User): Promise<boolean> {
  if (user.loggedOut) return true;
  const [session] = await ctx.db
    .select({ id: userSessions.id })
    .from(userSessions)
    .where(eq(userSessions.userId, user.id))
    .limit(1);
  return session !== undefined;
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

/**
 * Updates the profile fields. A new email address does not replace the current one: it is
 * kept as pending and a link goes to it; the verified address stays in force (for login,
 * admin rights and recovery) until that link is followed. Sending the current address
 * again cancels a pending change; sending the pending one again changes nothing.
 */
export async function updateProfile(
  ctx: AppContext,
  current: User,
  input: TProfileUpdateData,
  language: Language,
  /** Asked before a verification mail is due (the route's mail budget); may refuse with 429. */
  beforeVerificationMail: () => Promise<void> = async () => {},
): Promise<{ user: User; verificationSent: boolean }> {
  const clash = await ctx.db
    .select({ username: users.username })
    .from(users)
    .where(
      and(
        ne(users.id, current.id),
        or(eq(users.username, input.username), eq(users.email, input.email)),
      ),
    )
    .limit(1);
  if (clash[0]) {
    throw new AppError(
      'CONFLICT',
      clash[0].username === input.username ? 'errors.usernameTaken' : 'errors.emailTaken',
    );
  }
  await assertNoLookalike(ctx, input.username, current.id);
  const newAddress = input.email !== current.email && input.email !== current.pendingEmail;
  // Refused before anything is saved: the change and its mail go together or not at all.
  if (newAddress) await beforeVerificationMail();
  const pendingEmail = input.email === current.email ? null : input.email;
  const [user] = await guardUnique(() =>
    ctx.db
      .update(users)
      .set({
        ...profileFields(input),
        email: current.email,
        pendingEmail,
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
      })
      .where(eq(users.id, current.id))
      .returning(),
  );
  // Cards show the owner's details where their own are empty.
  await ownerChanged(ctx, current.id);
  if (newAddress) {
    await sendVerificationMail(ctx, { ...user!, email: input.email }, language);
  }
  return { user: user!, verificationSent: newAddress };
}

/** The owner's time zone (validated by the route's schema). */
export async function setTimeZone(
  ctx: AppContext,
  userId: number,
  timeZone: string,
): Promise<User> {
  const [user] = await ctx.db
    .update(users)
    .set({ timeZone })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw notFound();
  return user;
}

/** Marks the user as logged out (the session row itself is deleted by the route). */
export async function markLoggedOut(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.update(users).set({ loggedOut: true }).where(eq(users.id, userId));
}

/**
 * Deletes the account; the database cascades to everything it owns; then its files go.
 * Returns the ended session ids (their sockets are closed by the caller).
 */
export async function deleteAccount(ctx: AppContext, userId: number): Promise<number[]> {
  const ended = await deleteUserSessions(ctx, userId);
  await ctx.db.delete(users).where(eq(users.id, userId));
  await ownerChanged(ctx, userId);
  await ctx.storage.removeUserFiles(userId);
  return ended;
}
