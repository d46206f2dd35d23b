import { count, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { TAdminStats } from '#shared/admin.ts';
import { AI_MODELS } from '#shared/schemas/cards.ts';
import { PROVIDER_PRESETS } from '#server/ai/presets.ts';
import type { AppContext } from '#server/context.ts';
import { businessCards, documents, jobs, users, visitorSessions } from '#server/db/schema.ts';
import { jobQueueStats } from '#server/jobs/stats.ts';

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
    ctx.storage.usedBytes(),
  ]);
  const jobQueue = await jobQueueStats(ctx);
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
    jobQueue,
    providerConfigured: AI_MODELS.some((model) => Boolean(ctx.config[model].apiKey)),
    providers: AI_MODELS.map((id) => {
      const { env, needsKey } = PROVIDER_PRESETS[id];
      return {
        id,
        ready: Boolean(ctx.config[id].apiKey),
        model: ctx.config[id].model,
        setting: needsKey ? env.apiKey : env.baseUrl,
        optional: needsKey ? [env.baseUrl, env.model] : [env.model, env.apiKey],
      };
    }),
    generatedAt: now.toISOString(),
  };
}
