import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_PAGE_SIZE,
  type TAdminUser,
  type TAdminUserPage,
  type TAdminUserPatch,
} from '#shared/admin.ts';
import type { AppContext } from '#server/context.ts';
import { users, type User } from '#server/db/schema.ts';
import { deleteUserSessions, toPublicUser } from '#server/features/auth/service.ts';
import { isAdmin } from '#server/lib/auth-guard.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import { recordAudit, type AuditEntryInput } from './audit.ts';

export function toAdminUser(ctx: AppContext, user: User): TAdminUser {
  return {
    ...toPublicUser(ctx, user),
    disabled: user.disabled,
    adminByConfig: user.emailVerified && ctx.config.adminEmails.has(user.email),
  };
}

/** `%`, `_` and `\` in a search are literal characters, not patterns. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Accounts matching the search (name, email, organisation, company), newest first, paged. */
export async function listUsersPage(
  ctx: AppContext,
  query: string,
  page: number,
): Promise<TAdminUserPage> {
  let where: SQL | undefined;
  if (query) {
    const pattern = containsPattern(query);
    where = or(
      ilike(users.username, pattern),
      ilike(users.email, pattern),
      ilike(users.organization, pattern),
      ilike(users.companyName, pattern),
    );
  }
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    ctx.db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    users: rows.map((user) => toAdminUser(ctx, user)),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.value ?? 0,
  };
}

/** Admins who can still act (not disabled), other than `exceptId`. */
async function otherActiveAdmins(ctx: AppContext, exceptId: number): Promise<number> {
  const configured = [...ctx.config.adminEmails];
  const byConfig =
    configured.length > 0
      ? and(eq(users.emailVerified, true), inArray(users.email, configured))
      : sql`false`;
  const [row] = await ctx.db
    .select({ value: count() })
    .from(users)
    .where(
      and(ne(users.id, exceptId), eq(users.disabled, false), or(eq(users.role, 'admin'), byConfig)),
    );
  return row?.value ?? 0;
}

function auditEntries(before: User, after: User): AuditEntryInput[] {
  const target = `user:${before.id}`;
  const details = { username: before.username, email: before.email };
  const entries: AuditEntryInput[] = [];
  if (before.disabled !== after.disabled) {
    entries.push({ action: after.disabled ? 'user.disable' : 'user.enable', target, details });
  }
  if (before.role !== after.role) {
    entries.push({
      action: 'user.role',
      target,
      details: { ...details, from: before.role, to: after.role },
    });
  }
  if (before.emailVerified !== after.emailVerified) {
    entries.push({
      action: after.emailVerified ? 'user.verify' : 'user.unverify',
      target,
      details,
    });
  }
  return entries;
}

export interface UserUpdateResult {
  user: User;
  /** Sessions ended by a disable (their sockets are closed by the caller). */
  endedSessions: number[];
}

/**
 * Applies an admin's change to an account. Refuses what would leave the installation without
 * an active admin, and an admin disabling themself. Disabling ends every session at once.
 */
export async function updateUser(
  ctx: AppContext,
  actor: User,
  targetId: number,
  patch: TAdminUserPatch,
): Promise<UserUpdateResult> {
  const [before] = await ctx.db.select().from(users).where(eq(users.id, targetId)).limit(1);
  if (!before) throw notFound();

  const next: User = {
    ...before,
    disabled: patch.disabled ?? before.disabled,
    role: patch.role ?? before.role,
    emailVerified: patch.emailVerified ?? before.emailVerified,
  };
  const wasAdmin = isAdmin(before, ctx.config.adminEmails) && !before.disabled;
  const staysAdmin = isAdmin(next, ctx.config.adminEmails) && !next.disabled;
  if (patch.disabled && before.id === actor.id) {
    throw new AppError('CONFLICT', 'admin.errors.cannotDisableSelf');
  }
  if (patch.role === 'user' && toAdminUser(ctx, next).adminByConfig) {
    throw new AppError('CONFLICT', 'admin.errors.adminByConfig');
  }
  if (wasAdmin && !staysAdmin && (await otherActiveAdmins(ctx, before.id)) === 0) {
    throw new AppError('CONFLICT', 'admin.errors.lastAdmin');
  }

  const after = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        disabled: next.disabled,
        role: next.role,
        emailVerified: next.emailVerified,
        ...(next.emailVerified && !before.verifiedAt ? { verifiedAt: ctx.now() } : {}),
      })
      .where(eq(users.id, before.id))
      .returning();
    for (const entry of auditEntries(before, row!)) await recordAudit(tx, actor, entry);
    return row!;
  });
  // A disabled user's cookie already resolves to nobody; the rows go too, so sockets close.
  const endedSessions =
    after.disabled && !before.disabled ? await deleteUserSessions(ctx, before.id) : [];
  return { user: after, endedSessions };
}
