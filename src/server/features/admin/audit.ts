import { count, desc } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, type TAuditPage } from '#shared/admin.ts';
import type { AppContext } from '#server/context.ts';
import { adminAudit, type User } from '#server/db/schema.ts';

/** Anything that can write (the app's database, or a transaction inside it). */
type Writer = Pick<AppContext['db'], 'insert'>;

export interface AuditEntryInput {
  action: string;
  target: string;
  details?: Record<string, unknown>;
}

/** Writes one row per admin change; call it inside the change's own transaction. */
export async function recordAudit(db: Writer, actor: User, entry: AuditEntryInput): Promise<void> {
  await db.insert(adminAudit).values({
    actorId: actor.id,
    actorName: actor.username,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? {},
  });
}

/** The audit log, newest first. */
export async function listAudit(ctx: AppContext, page: number): Promise<TAuditPage> {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(adminAudit)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    ctx.db.select({ value: count() }).from(adminAudit),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      actorId: row.actorId,
      actorName: row.actorName,
      action: row.action,
      target: row.target,
      details: (row.details ?? {}) as Record<string, unknown>,
      createdAt: row.createdAt.toISOString(),
    })),
    page,
    pageSize: ADMIN_PAGE_SIZE,
    total: total?.value ?? 0,
  };
}
