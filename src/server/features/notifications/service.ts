import { withLiveSources } from '#server/features/previews/service.ts';
import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '#server/context.ts';
import {
  businessCards,
  customerNotifications,
  visitorProfiles,
  visitorSessions,
} from '#server/db/schema.ts';
import { rows } from '#server/db/rows.ts';
import { notFound } from '#server/lib/errors.ts';
import { countryName, sessionCountry } from '#server/lib/visitor-traits.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import {
  appendMessages,
  storedMessages,
  type VisitorSession,
} from '#server/lib/visitor-sessions.ts';
import {
  readPhoto,
  recordStaffReply,
  setTakeover,
  takeoverState,
  type TakeoverState,
} from '#server/features/chat/service.ts';
import { conversationEntries, conversationEntry, type ConversationEntry } from './conversations.ts';

/** A reload within this time is the same visit, not a new scan. */
export const SCAN_QUIET_MS = 30 * 60 * 1000;
export const NOTIFICATION_HISTORY = 20;

/**
 * Where the visitor is, as the owner is told: the country resolved on their session
 * (lib/visitor-traits.ts countryOf — the pipeline and the analytics show the same), by name.
 */
export function customerLocation(session: VisitorSession): string | null {
  return countryName(sessionCountry(session));
}

async function ownerOfCard(ctx: AppContext, cardId: number): Promise<number> {
  const [card] = await ctx.db
    .select({ userId: businessCards.userId })
    .from(businessCards)
    .where(eq(businessCards.id, cardId))
    .limit(1);
  if (!card) throw notFound();
  return card.userId;
}

async function leadOf(ctx: AppContext, sessionId: number) {
  const [lead] = await ctx.db
    .select()
    .from(visitorProfiles)
    .where(eq(visitorProfiles.visitorSessionId, sessionId))
    .limit(1);
  return lead;
}

/**
 * Stores what happened with the visitor's lead details for the card's owner, and answers the
 * owner's id. One INSERT … SELECT reads the card's owner and the lead's details on the way.
 */
async function store(
  ctx: AppContext,
  session: VisitorSession,
  event: { type: 'scan' } | { type: 'message'; message: string },
  location: string | null,
): Promise<number> {
  const n = customerNotifications;
  const lead = visitorProfiles;
  const message = event.type === 'message' ? event.message.slice(0, 500) : null;
  const [stored] = await rows<{ user_id: number }>(
    ctx,
    sql`insert into ${n} (${sql.identifier(n.userId.name)}, ${sql.identifier(n.businessCardId.name)},
        ${sql.identifier(n.visitorSessionId.name)}, ${sql.identifier(n.type.name)},
        ${sql.identifier(n.customerName.name)}, ${sql.identifier(n.customerLocation.name)},
        ${sql.identifier(n.customerCompany.name)}, ${sql.identifier(n.customerPhone.name)},
        ${sql.identifier(n.message.name)})
      select ${businessCards.userId}, ${businessCards.id}, ${session.id}::int, ${event.type}::text,
        ${lead.name}, ${location}::text, ${lead.organization}, ${lead.phone}, ${message}::text
      from ${businessCards} left join ${lead} on ${lead.visitorSessionId} = ${session.id}
      where ${businessCards.id} = ${session.businessCardId}
      limit 1
      returning ${sql.identifier(n.userId.name)}`,
  );
  if (!stored) throw notFound();
  return stored.user_id;
}

/**
 * Sends the owner the conversation's entry as it is now (it replaces the earlier one). It carries
 * the lead's priority as the sales pipeline stored it (conversations.ts reads it); nothing here
 * rates the lead.
 */
async function pushConversation(
  ctx: AppContext,
  hub: RealtimeHub,
  ownerId: number,
  sessionId: number,
  type?: 'conversation_updated',
): Promise<void> {
  const entry = await conversationEntry(ctx, ownerId, sessionId);
  if (entry) await sendEntry(hub, ownerId, entry, type);
}

/** An update (`conversation_updated`) names the entry's own type in `kind`. */
function sendEntry(
  hub: RealtimeHub,
  ownerId: number,
  entry: ConversationEntry,
  type?: 'conversation_updated',
): Promise<void> {
  return hub.toOwner(ownerId, {
    ...entry,
    ...(type ? { type, kind: entry.type } : {}),
  } as unknown as Record<string, unknown>);
}

/**
 * The visitor left their details: the owner's entry for the conversation now shows their name
 * and company (without a new alert).
 */
export async function notifyLeadSaved(
  ctx: AppContext,
  hub: RealtimeHub,
  session: VisitorSession,
): Promise<void> {
  const ownerId = await ownerOfCard(ctx, session.businessCardId);
  await pushConversation(ctx, hub, ownerId, session.id, 'conversation_updated');
}

/**
 * The sales pipeline scored these conversations again (or the owner set a priority by hand) and
 * their priority changed: the owner's open screens show the new one (no new alert). One query
 * for all of them; a conversation the owner was never told of is skipped.
 */
export async function notifyPriorityChanged(
  ctx: AppContext,
  hub: RealtimeHub,
  ownerId: number,
  sessionIds: readonly number[],
): Promise<void> {
  if (sessionIds.length === 0) return;
  const entries = await conversationEntries(ctx, ownerId, {
    limit: sessionIds.length,
    sessionIds,
  });
  for (const entry of entries) await sendEntry(hub, ownerId, entry, 'conversation_updated');
}

/**
 * A visitor opened the card's chat: stored for its owner, once per 30 minutes of that visitor.
 * Answers how to tell the owner's open screens (null: the same visit, nothing to tell), for the
 * caller to run once the visitor has their answer: a scan must not wait for the agents.
 */
export async function recordScan(
  ctx: AppContext,
  hub: RealtimeHub,
  session: VisitorSession,
  location: string | null,
): Promise<(() => Promise<void>) | null> {
  const now = ctx.now();
  const quietSince = new Date(now.getTime() - SCAN_QUIET_MS);
  // The row in hand already says so (a reload): no write. Its time only ever moves forward, so
  // an older one here at worst sends the claim below, which then finds nothing to claim.
  if (session.lastScanAt && session.lastScanAt >= quietSince) return null;
  const claimed = await ctx.db
    .update(visitorSessions)
    .set({ lastScanAt: now })
    .where(
      and(
        eq(visitorSessions.id, session.id),
        or(isNull(visitorSessions.lastScanAt), lt(visitorSessions.lastScanAt, quietSince)),
      ),
    )
    .returning({ id: visitorSessions.id });
  if (claimed.length === 0) return null;
  const ownerId = await store(ctx, session, { type: 'scan' }, location);
  return () => pushConversation(ctx, hub, ownerId, session.id);
}

/** A visitor wrote: tell the owner at once, before the answer is composed. */
export async function notifyMessage(
  ctx: AppContext,
  hub: RealtimeHub,
  session: VisitorSession,
  message: string,
  location: string | null,
): Promise<void> {
  const ownerId = await store(ctx, session, { type: 'message', message }, location);
  await pushConversation(ctx, hub, ownerId, session.id);
}

/** What a connecting agent missed: the 20 most recently active conversations, newest first. */
export function recentNotifications(ctx: AppContext, ownerId: number) {
  return conversationEntries(ctx, ownerId, { limit: NOTIFICATION_HISTORY });
}

/**
 * new -> acknowledged. With an entry's id: its whole conversation, up to that event (a message
 * that arrives meanwhile stays unread). Without: everything of the owner's.
 */
export async function acknowledge(
  ctx: AppContext,
  ownerId: number,
  notificationId?: number,
): Promise<void> {
  const n = customerNotifications;
  await ctx.db
    .update(n)
    .set({ status: 'acknowledged' })
    .where(
      and(
        eq(n.userId, ownerId),
        eq(n.status, 'new'),
        notificationId === undefined
          ? sql`true`
          : and(
              lte(n.id, notificationId),
              sql`${n.visitorSessionId} = (select ${n.visitorSessionId} from ${n} where ${n.id} = ${notificationId})`,
            ),
      ),
    );
}

/** Marks one visitor conversation read (the owner's own only: 404 otherwise). */
export async function acknowledgeConversation(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
): Promise<void> {
  await findOwnedVisitorSession(ctx, ownerId, sessionId);
  await ctx.db
    .update(customerNotifications)
    .set({ status: 'acknowledged' })
    .where(
      and(
        eq(customerNotifications.userId, ownerId),
        eq(customerNotifications.visitorSessionId, sessionId),
        eq(customerNotifications.status, 'new'),
      ),
    );
}

/** The owner's visitor session, or a 404 (another owner's visitor does not exist for you). */
export async function findOwnedVisitorSession(ctx: AppContext, ownerId: number, sessionId: number) {
  const [row] = await ctx.db
    .select({ session: visitorSessions })
    .from(visitorSessions)
    .innerJoin(businessCards, eq(businessCards.id, visitorSessions.businessCardId))
    .where(and(eq(visitorSessions.id, sessionId), eq(businessCards.userId, ownerId)))
    .limit(1);
  if (!row) throw notFound();
  return row.session;
}

export async function conversation(ctx: AppContext, ownerId: number, sessionId: number) {
  const session = await findOwnedVisitorSession(ctx, ownerId, sessionId);
  const lead = await leadOf(ctx, session.id);
  return {
    id: session.id,
    businessCardId: session.businessCardId,
    source: session.source,
    language: session.language,
    takeover: takeoverState(session, ctx.now()),
    createdAt: session.createdAt.toISOString(),
    lastActivity: session.lastActivity.toISOString(),
    messages: await withLiveSources(ctx, session.businessCardId, storedMessages(session)),
    lead: lead
      ? { name: lead.name, company: lead.organization, email: lead.email, phone: lead.phone }
      : null,
  };
}

/**
 * The owner steps in: the reply joins the visitor's history, appears live in their open chat,
 * and every agent of the card hears that the customer was handled.
 */
export async function replyToVisitor(
  ctx: AppContext,
  hub: RealtimeHub,
  ownerId: number,
  sessionId: number,
  message: string,
): Promise<void> {
  const session = await findOwnedVisitorSession(ctx, ownerId, sessionId);
  const createdAt = ctx.now().toISOString();
  await appendMessages(ctx, session.id, [{ role: 'agent', content: message, createdAt }]);
  const takeover = await recordStaffReply(ctx, session.id);
  await ctx.db
    .update(customerNotifications)
    .set({ status: 'responded' })
    .where(
      and(
        eq(customerNotifications.visitorSessionId, session.id),
        eq(customerNotifications.userId, ownerId),
      ),
    );
  await hub.toVisitor(session.id, {
    type: 'agent_reply',
    message: { role: 'agent', content: message, createdAt },
  });
  // A reply keeps a takeover going for another 10 minutes.
  if (takeover.active) await hub.toVisitor(session.id, { type: 'takeover', ...takeover });
  await hub.toOwner(ownerId, {
    type: 'customer_handled',
    businessCardId: session.businessCardId,
    customerId: session.id,
  });
}

/**
 * A person from the booth steps in (or hands back to the assistant). The visitor's open chat
 * and the owner's other screens hear of it at once.
 */
export async function changeTakeover(
  ctx: AppContext,
  hub: RealtimeHub,
  ownerId: number,
  sessionId: number,
  active: boolean,
): Promise<{ id: number; takeover: TakeoverState }> {
  const session = await findOwnedVisitorSession(ctx, ownerId, sessionId);
  const takeover = await setTakeover(ctx, session.id, active);
  await hub.toVisitor(session.id, { type: 'takeover', ...takeover });
  await hub.toOwner(ownerId, {
    type: 'takeover_changed',
    businessCardId: session.businessCardId,
    customerId: session.id,
    ...takeover,
  });
  return { id: session.id, takeover };
}

/** A photo the visitor sent, for its card's owner only. */
export async function visitorPhoto(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
  photoId: string,
) {
  const session = await findOwnedVisitorSession(ctx, ownerId, sessionId);
  return readPhoto(ctx, ownerId, session, photoId);
}
