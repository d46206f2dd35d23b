import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { count, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { TAdminStats } from '#shared/admin.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, documents, jobs, users, visitorSessions } from '#server/db/schema.ts';

/** Total size of the files under a folder (0 when it does not exist yet). */
async function folderBytes(root: string): Promise<number> {
  const entries = await fs
    .readdir(root, { recursive: true, withFileTypes: true })
    .catch(() => [] as Dirent[]);
  let total = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => null);
    total += stat?.size ?? 0;
  }
  return total;
}

/** Midnight (UTC) of the day `now` falls in: "today" for the visitor count. */
function startOfDayUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The installation at a glance, for whoever runs it. */
export async function adminStats(ctx: AppContext): Promise<TAdminStats> {
  const now = ctx.now();
  const tally = async (query: Promise<{ value: number }[]>) => (await query)[0]?.value ?? 0;
  const db = ctx.db;
  const [
    userCount,
    disabledUsers,
    cards,
    finishedCards,
    documentCount,
    documentsWaiting,
    documentsFailed,
    visitorSessionsToday,
    jobsWaiting,
    jobsFailed,
    storedBytes,
  ] = await Promise.all([
    tally(db.select({ value: count() }).from(users)),
    tally(db.select({ value: count() }).from(users).where(eq(users.disabled, true))),
    tally(db.select({ value: count() }).from(businessCards)),
    tally(
      db.select({ value: count() }).from(businessCards).where(isNotNull(businessCards.finalizedAt)),
    ),
    tally(db.select({ value: count() }).from(documents)),
    tally(
      db
        .select({ value: count() })
        .from(documents)
        .where(inArray(documents.status, ['pending', 'processing'])),
    ),
    tally(db.select({ value: count() }).from(documents).where(eq(documents.status, 'failed'))),
    tally(
      db
        .select({ value: count() })
        .from(visitorSessions)
        .where(gte(visitorSessions.createdAt, startOfDayUtc(now))),
    ),
    tally(
      db
        .select({ value: count() })
        .from(jobs)
        .where(inArray(jobs.status, ['pending', 'running'])),
    ),
    tally(db.select({ value: count() }).from(jobs).where(eq(jobs.status, 'failed'))),
    folderBytes(ctx.storage.root),
  ]);
  return {
    users: userCount,
    disabledUsers,
    cards,
    finishedCards,
    documents: documentCount,
    storedBytes,
    visitorSessionsToday,
    documentsWaiting,
    documentsFailed,
    jobsWaiting,
    jobsFailed,
    providerConfigured: Boolean(ctx.config.openai.apiKey || ctx.config.deepseek.apiKey),
    generatedAt: now.toISOString(),
  };
}
