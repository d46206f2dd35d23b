import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZPaperLeadCreate } from '#shared/schemas/pipeline.ts';
import type {
  LeadPriority,
  LeadStage,
  TLead,
  TLeadQuery,
  TLeadUpdate,
  TFollowUpDraft,
  TFollowUpSend,
} from '#shared/schemas/pipeline.ts';
import type { AppContext } from '#server/context.ts';
import {
  businessCards,
  jobs,
  salesPipelineTasks,
  users,
  visitorProfiles,
  visitorSessions,
} from '#server/db/schema.ts';
import { AppError, notFound } from '#server/lib/errors.ts';
import type { OutgoingMail } from '#server/lib/mailer.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { deviceTypeOf, sessionCountry } from '#server/lib/visitor-traits.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AppJobHandler, JobName } from '#server/jobs/registry.ts';
import { notifyPriorityChanged } from '#server/features/notifications/service.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { derivePass, deriveSession, type DeriveHooks, type LeadChange } from './derive.ts';
import { renderFollowUpMail, toDraft } from './follow-up-mail.ts';
import { cachedLeadCount, forgetLeadCounts } from './lead-count-cache.ts';
import { idleCutoff, showsPrioritySql, shownPrioritySql } from '#server/lib/lead-priority.ts';
import { getSettings } from '#server/lib/pipeline-settings.ts';
import { queueWebhook } from './webhook.ts';
import { rows } from '#server/db/rows.ts';

/*
 * The owner's leads: one per visitor conversation, scored by derive.ts, edited by the owner
 * (their stage and priority then stick), listed a page at a time.
 */

export const DERIVE_JOB = 'pipeline.derive' satisfies JobName;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PipelineDeps {
  ctx: AppContext;
  queue: JobQueue;
  /** Where the owner's screens hear of a changed priority (none in benchmarks and scripts). */
  hub?: RealtimeHub;
}

interface LeadRow {
  id: number;
  business_card_id: number;
  card_name: string | null;
  name: string | null;
  organization: string | null;
  email: string | null;
  phone: string | null;
  job_title: string | null;
  message_count: number | string;
  engagement_score: number | null;
  intent_score: number | null;
  total_score: number | null;
  stage: string;
  priority: string;
  stage_manual: boolean | null;
  priority_manual: boolean | null;
  buying_signals: unknown;
  source: string | null;
  device_type: string | null;
  user_agent: string | null;
  time_zone: string | null;
  language: string | null;
  country: string | null;
  last_activity: string | Date;
  notes: string | null;
}

/*
 * The stage filter is written so that the planner can estimate it from the column statistics
 * (a coalesce() or CASE is guessed at 0.5 %): it then walks the last-activity index until the
 * page is full instead of joining every conversation the owner has and sorting.
 */
function stageIs(stage: LeadStage): SQL {
  return stage === 'visitor'
    ? sql`(p.stage IS NULL OR p.stage = 'visitor')`
    : sql`p.stage = ${stage}`;
}

interface LeadFilter {
  stage?: LeadStage | undefined;
  priority?: LeadPriority | undefined;
  sessionId?: number;
}

async function leadFilterSql(ctx: AppContext, ownerId: number, filter: LeadFilter) {
  const settings = await getSettings(ctx, ownerId);
  const cutoff = idleCutoff(ctx.now(), settings.idleDaysLowerPriority);
  const conditions: SQL[] = [sql`c.user_id = ${ownerId}`];
  if (filter.sessionId !== undefined) conditions.push(sql`s.id = ${filter.sessionId}`);
  if (filter.stage) conditions.push(stageIs(filter.stage));
  if (filter.priority) conditions.push(showsPrioritySql(filter.priority, cutoff));
  return { where: sql.join(conditions, sql` AND `), priority: shownPrioritySql(cutoff) };
}

const SESSIONS_OF_CARDS = sql`visitor_sessions s JOIN business_cards c ON c.id = s.business_card_id`;
const FROM = sql`${SESSIONS_OF_CARDS} LEFT JOIN visitor_profiles p ON p.visitor_session_id = s.id`;

function toLead(row: LeadRow): TLead {
  const messageCount = Number(row.message_count);
  return {
    visitorSessionId: row.id,
    businessCardId: row.business_card_id,
    cardName: row.card_name,
    name: row.name,
    company: row.organization,
    email: row.email,
    phone: row.phone,
    jobTitle: row.job_title,
    messageCount,
    engagementScore: row.engagement_score ?? 10,
    intentScore: row.intent_score ?? 0,
    totalScore: row.total_score ?? 5,
    stage: row.stage as LeadStage,
    priority: row.priority as LeadPriority,
    stageManual: Boolean(row.stage_manual),
    priorityManual: Boolean(row.priority_manual),
    buyingSignals: Array.isArray(row.buying_signals) ? (row.buying_signals as string[]) : [],
    source: row.source,
    deviceType: row.device_type ?? (row.source === 'paper' ? null : deviceTypeOf(row.user_agent)),
    country: sessionCountry({
      country: row.country,
      timeZone: row.time_zone,
      language: row.language,
    }),
    lastActivity: new Date(row.last_activity).toISOString(),
    notes: row.notes,
  };
}

/** One page of leads (newest activity first), with the columns the list and exports show. */
export async function queryLeads(
  ctx: AppContext,
  ownerId: number,
  filter: LeadFilter,
  page: { limit: number; offset: number },
): Promise<TLead[]> {
  const { where, priority } = await leadFilterSql(ctx, ownerId, filter);
  // The page is chosen first, from the sessions alone (the priority is on the session row)
  // unless a stage filter needs the profile; the rest is read for the page's rows only.
  const from = filter.stage ? FROM : SESSIONS_OF_CARDS;
  const result = await rows<LeadRow>(
    ctx,
    sql`WITH page AS (
      SELECT s.id FROM ${from}
      WHERE ${where}
      ORDER BY s.last_activity DESC, s.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    )
    SELECT s.id, s.business_card_id, s.last_activity, s.source, s.device_type, s.user_agent,
      s.time_zone, s.language, coalesce(c.company_name, c.contact_person) AS card_name,
      p.name, p.organization, p.email, p.phone, p.job_title, p.engagement_score, p.intent_score,
      p.total_score, coalesce(p.stage, 'visitor') AS stage, ${priority} AS priority,
      p.stage_manual, p.priority_manual, p.buying_signals, p.notes, s.country,
      jsonb_array_length(jsonb_path_query_array(s.messages, '$[*] ? (@.role == "user")')) AS message_count
    FROM page
    JOIN visitor_sessions s ON s.id = page.id
    JOIN business_cards c ON c.id = s.business_card_id
    LEFT JOIN visitor_profiles p ON p.visitor_session_id = s.id
    ORDER BY s.last_activity DESC, s.id DESC`,
  );
  return result.map(toLead);
}

/** How many leads match the filter (cached; see lead-count-cache.ts). */
export async function countLeads(ctx: AppContext, ownerId: number, filter: LeadFilter) {
  return cachedLeadCount(ctx, ownerId, filter, async () => {
    const { where } = await leadFilterSql(ctx, ownerId, filter);
    const [row] = await rows<{ n: number | string }>(
      ctx,
      sql`SELECT count(*) AS n FROM ${filter.stage ? FROM : SESSIONS_OF_CARDS} WHERE ${where}`,
    );
    return Number(row?.n ?? 0);
  });
}

export async function getLead(ctx: AppContext, ownerId: number, sessionId: number): Promise<TLead> {
  const [lead] = await queryLeads(ctx, ownerId, { sessionId }, { limit: 1, offset: 0 });
  if (!lead) throw notFound();
  return lead;
}

/** The owner's open screens (the notification bell) show the leads' new priority. */
async function tellOwnerOfPriority(deps: PipelineDeps, ownerId: number, sessionIds: number[]) {
  if (deps.hub) await notifyPriorityChanged(deps.ctx, deps.hub, ownerId, sessionIds);
}

/**
 * Hooks of the derivation: webhooks for new leads and stage changes, follow-up drafts, changed
 * priorities to the owner's screens.
 */
export function deriveHooks(deps: PipelineDeps): DeriveHooks {
  const { ctx, queue } = deps;
  return {
    onPriorityChange: (ownerId, sessionIds) => tellOwnerOfPriority(deps, ownerId, sessionIds),
    async onChange(changes: LeadChange[]) {
      for (const change of changes) {
        const lead = await getLead(ctx, change.ownerId, change.visitorSessionId);
        await queueWebhook(ctx, queue, change.ownerId, change.event, {
          ...lead,
          ...(change.previousStage ? { previousStage: change.previousStage } : {}),
        });
      }
    },
    async onHighValue(ownerId, sessionIds) {
      const settings = await getSettings(ctx, ownerId);
      if (!settings.autoFollowUpEmail) return;
      for (const sessionId of sessionIds) await draftFollowUpTask(deps, ownerId, sessionId);
    },
  };
}

/** With "automatic follow-up email" on: a pending email task holding the draft, once per lead. */
async function draftFollowUpTask(deps: PipelineDeps, ownerId: number, sessionId: number) {
  const { ctx } = deps;
  const profileId = await profileIdOf(ctx, sessionId);
  if (!profileId) return;
  const [existing] = await ctx.db
    .select({ id: salesPipelineTasks.id })
    .from(salesPipelineTasks)
    .where(
      and(
        eq(salesPipelineTasks.visitorProfileId, profileId),
        eq(salesPipelineTasks.taskType, 'email'),
      ),
    )
    .limit(1);
  if (existing) return;
  const draft = await followUpDraft(ctx, ownerId, sessionId);
  await ctx.db.insert(salesPipelineTasks).values({
    userId: ownerId,
    visitorProfileId: profileId,
    taskType: 'email',
    title: draft.subject,
    description: draft.to,
    priority: 'high',
    status: 'pending',
    dueDate: new Date(ctx.now().getTime() + DAY_MS),
    suggestedMessage: draft.body,
    aiGeneratedContent: 'local-template',
  });
}

async function profileIdOf(ctx: AppContext, sessionId: number): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: visitorProfiles.id })
    .from(visitorProfiles)
    .where(eq(visitorProfiles.visitorSessionId, sessionId))
    .limit(1);
  return row?.id ?? null;
}

/** Keeps scoring in the background when one pass did not reach the newest conversations. */
async function ensureDeriveJob(deps: PipelineDeps, ownerId: number): Promise<void> {
  const [pending] = await deps.ctx.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.type, DERIVE_JOB),
        inArray(jobs.status, ['pending', 'running']),
        sql`${jobs.payload}->>'ownerId' = ${String(ownerId)}`,
      ),
    )
    .limit(1);
  if (!pending) await deps.queue.enqueue(DERIVE_JOB, { ownerId });
}

/** The queue's handler: scores the rest of an owner's conversations. */
export function deriveJob(deps: PipelineDeps): AppJobHandler<typeof DERIVE_JOB> {
  return { run: ({ ownerId }) => deriveAll(deps, ownerId) };
}

/** Scores every conversation not scored yet (used by the job and the benchmark). */
export async function deriveAll(deps: PipelineDeps, ownerId: number, batch = 500): Promise<void> {
  for (;;) {
    const pass = await derivePass(deps.ctx, ownerId, deriveHooks(deps), batch);
    if (!pass.more) return;
  }
}

export async function listLeads(deps: PipelineDeps, ownerId: number, query: TLeadQuery) {
  const pass = await derivePass(deps.ctx, ownerId, deriveHooks(deps));
  if (pass.more) await ensureDeriveJob(deps, ownerId);
  const filter = { stage: query.stage, priority: query.priority };
  const [leads, total] = await Promise.all([
    queryLeads(deps.ctx, ownerId, filter, query),
    countLeads(deps.ctx, ownerId, filter),
  ]);
  return { leads, total, limit: query.limit, offset: query.offset };
}

/** The session, if it is one of the owner's conversations (else 404). */
export async function ownedSession(ctx: AppContext, ownerId: number, sessionId: number) {
  const [row] = await ctx.db
    .select({ session: visitorSessions, card: businessCards })
    .from(visitorSessions)
    .innerJoin(businessCards, eq(businessCards.id, visitorSessions.businessCardId))
    .where(and(eq(visitorSessions.id, sessionId), eq(businessCards.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** One of the owner's cards (else 404). */
export async function ownedCard(ctx: AppContext, ownerId: number, cardId: number) {
  const [card] = await ctx.db
    .select({ id: businessCards.id })
    .from(businessCards)
    .where(and(eq(businessCards.id, cardId), eq(businessCards.userId, ownerId)))
    .limit(1);
  if (!card) throw notFound();
  return card;
}

/** The profile of an owned conversation, created (and scored) when it has none yet. */
export async function ensureProfile(deps: PipelineDeps, ownerId: number, sessionId: number) {
  const { session } = await ownedSession(deps.ctx, ownerId, sessionId);
  let [profile] = await deps.ctx.db
    .select()
    .from(visitorProfiles)
    .where(eq(visitorProfiles.visitorSessionId, sessionId))
    .limit(1);
  if (!profile) {
    await deriveSession(deps.ctx, sessionId, deriveHooks(deps));
    [profile] = await deps.ctx.db
      .insert(visitorProfiles)
      .values({
        visitorSessionId: sessionId,
        businessCardId: session.businessCardId,
        stage: 'visitor',
        followUpPriority: 'low',
        engagementScore: 10,
        totalScore: 5,
        lastScoreUpdate: deps.ctx.now(),
      })
      .onConflictDoUpdate({
        target: visitorProfiles.visitorSessionId,
        set: { lastScoreUpdate: deps.ctx.now() },
      })
      .returning();
  }
  return profile!;
}

/** The owner's edit: a stage or priority set by hand sticks (derivation no longer changes it). */
export async function updateLead(
  deps: PipelineDeps,
  ownerId: number,
  sessionId: number,
  edit: TLeadUpdate,
): Promise<TLead> {
  const profile = await ensureProfile(deps, ownerId, sessionId);
  const set: Partial<typeof visitorProfiles.$inferInsert> = {};
  if (edit.stage) Object.assign(set, { stage: edit.stage, stageManual: true });
  if (edit.priority) Object.assign(set, { followUpPriority: edit.priority, priorityManual: true });
  if (edit.notes !== undefined) set.notes = edit.notes || null;
  await deps.ctx.db.update(visitorProfiles).set(set).where(eq(visitorProfiles.id, profile.id));
  await forgetLeadCounts(deps.ctx, ownerId);
  // Set by hand it also stops being lowered when idle: the shown one may change either way.
  if (edit.priority) await tellOwnerOfPriority(deps, ownerId, [sessionId]);
  const lead = await getLead(deps.ctx, ownerId, sessionId);
  if (edit.stage && edit.stage !== profile.stage) {
    await queueWebhook(deps.ctx, deps.queue, ownerId, 'lead.stage_changed', {
      ...lead,
      previousStage: profile.stage,
    });
  }
  return lead;
}

/** A visitor left their details on the chat's lead form: score now, tell the CRM. */
export async function onLeadCaptured(deps: PipelineDeps, sessionId: number): Promise<void> {
  await deriveSession(deps.ctx, sessionId, deriveHooks(deps));
}

/** A lead from a paper business card: a conversation row with source "paper" joins the pipeline. */
export async function createPaperLead(
  deps: PipelineDeps,
  ownerId: number,
  input: z.output<typeof ZPaperLeadCreate>,
): Promise<TLead> {
  const { ctx } = deps;
  const card = await ownedCard(ctx, ownerId, input.businessCardId);
  const [session] = await ctx.db
    .insert(visitorSessions)
    .values({
      // Unguessable and never handed out: nobody can open this conversation as a visitor.
      sessionToken: hashToken(ctx.config.sessionSecret, `paper:${newToken()}`),
      businessCardId: card.id,
      source: 'paper',
      lastActivity: ctx.now(),
    })
    .returning({ id: visitorSessions.id });
  const notes = [
    input.website ? `🌐 ${input.website}` : '',
    input.address ? `📍 ${input.address}` : '',
    input.notes ?? '',
  ]
    .filter(Boolean)
    .join('\n');
  const fields = {
    name: input.name,
    organization: input.company || null,
    email: input.email || null,
    phone: input.phone || null,
    jobTitle: input.jobTitle || null,
    notes: notes || null,
  };
  const filled = [fields.name, fields.organization, fields.email, fields.phone].filter(Boolean);
  await ctx.db.insert(visitorProfiles).values({
    visitorSessionId: session!.id,
    businessCardId: card.id,
    ...fields,
    profileCompleteness: Math.round((filled.length / 4) * 100),
  });
  await deriveSession(ctx, session!.id, deriveHooks(deps));
  return getLead(ctx, ownerId, session!.id);
}

/** The owner, the card, the conversation and the lead a follow-up mail is written from. */
async function followUpParts(ctx: AppContext, ownerId: number, sessionId: number) {
  const { session, card } = await ownedSession(ctx, ownerId, sessionId);
  const [owner] = await ctx.db.select().from(users).where(eq(users.id, ownerId)).limit(1);
  if (!owner) throw notFound();
  return { owner, card, session, lead: await getLead(ctx, ownerId, sessionId) };
}

/** The follow-up mail drafted from the conversation, exactly as it would be sent (nothing is). */
export async function followUpDraft(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
  log?: { warn(details: object, message: string): void },
): Promise<TFollowUpDraft> {
  return toDraft(
    await renderFollowUpMail(ctx, await followUpParts(ctx, ownerId, sessionId), undefined, log),
  );
}

/**
 * The owner's follow-up, worded as they edited the draft, rendered by the draft's function.
 * 422 when the lead left no email address, 403 while the owner's own address (the Reply-To)
 * is not verified.
 */
export async function followUpToSend(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
  edit: TFollowUpSend,
): Promise<OutgoingMail> {
  const parts = await followUpParts(ctx, ownerId, sessionId);
  if (!parts.lead.email) {
    throw new AppError(
      'UNPROCESSABLE',
      'errors.leadHasNoEmail',
      {},
      { email: 'errors.leadHasNoEmail' },
    );
  }
  // Answers go to the owner, so only an address the owner proved to hold may be named.
  if (!parts.owner.emailVerified)
    throw new AppError('EMAIL_NOT_VERIFIED', 'errors.verifyBeforeMail');
  const mail = await renderFollowUpMail(ctx, parts, edit);
  return { ...mail, to: parts.lead.email };
}
