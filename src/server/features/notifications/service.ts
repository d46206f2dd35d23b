import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '#server/context.ts';
import {
  businessCards,
  customerNotifications,
  visitorProfiles,
  visitorSessions,
} from '#server/db/schema.ts';
import { notFound } from '#server/lib/errors.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import {
  appendMessages,
  storedMessages,
  type VisitorSession,
} from '#server/features/chat/visitor-sessions.ts';

/** A reload within this time is the same visit, not a new scan. */
export const SCAN_QUIET_MS = 30 * 60 * 1000;
export const NOTIFICATION_HISTORY = 20;

type NotificationRow = typeof customerNotifications.$inferSelect;
export type Priority = 'high' | 'medium' | 'low';

/** spec-advanced 4 lead rules: 0 messages low, 1-2 medium, 3-5 high, more (urgent) high. */
export function priorityFor(visitorMessages: number): Priority {
  if (visitorMessages === 0) return 'low';
  if (visitorMessages <= 2) return 'medium';
  return 'high';
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Where the visitor is, from what the request says: a proxy's country header, else the browser's region. */
export function customerLocation(request: FastifyRequest): string | null {
  const header = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
  const fromProxy = typeof header === 'string' ? header : undefined;
  const fromLanguage = String(request.headers['accept-language'] ?? '').match(
    /^[a-z]{2,3}-([A-Z]{2})\b/,
  )?.[1];
  const code = (fromProxy ?? fromLanguage)?.toUpperCase();
  if (!code || !/^[A-Z]{2}$/.test(code)) return null;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function toNotificationPayload(row: NotificationRow) {
  return {
    type: row.type === 'scan' ? 'customer_scan_notification' : 'customer_message_notification',
    id: row.id,
    customerId: row.visitorSessionId,
    customerName: row.customerName,
    customerLocation: row.customerLocation,
    businessCardId: row.businessCardId,
    priority: row.priority,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    ...(row.type === 'message'
      ? {
          message: row.message,
          customerInfo: { company: row.customerCompany, phone: row.customerPhone },
        }
      : {}),
  };
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

/** Stores what happened with the visitor's lead details and priority, and tells the card's owner. */
async function notify(
  ctx: AppContext,
  hub: RealtimeHub,
  session: VisitorSession,
  event: { type: 'scan' } | { type: 'message'; message: string },
  location: string | null,
): Promise<void> {
  const lead = await leadOf(ctx, session.id);
  const earlier = storedMessages(session).filter((m) => m.role === 'user').length;
  const values = {
    userId: await ownerOfCard(ctx, session.businessCardId),
    businessCardId: session.businessCardId,
    visitorSessionId: session.id,
    type: event.type,
    customerName: lead?.name ?? null,
    customerLocation: location,
    customerCompany: lead?.organization ?? null,
    customerPhone: lead?.phone ?? null,
    message: event.type === 'message' ? event.message.slice(0, 500) : null,
    priority: priorityFor(earlier + (event.type === 'message' ? 1 : 0)),
  };
  const [row] = await ctx.db.insert(customerNotifications).values(values).returning();
  await hub.toOwner(values.userId, toNotificationPayload(row!));
}

/** A visitor opened the card's chat: tell its owner, once per 30 minutes of that visitor. */
export async function notifyScan(
  ctx: AppContext,
  hub: RealtimeHub,
  session: VisitorSession,
  location: string | null,
): Promise<void> {
  const now = ctx.now();
  const claimed = await ctx.db
    .update(visitorSessions)
    .set({ lastScanAt: now })
    .where(
      and(
        eq(visitorSessions.id, session.id),
        or(
          isNull(visitorSessions.lastScanAt),
          lt(visitorSessions.lastScanAt, new Date(now.getTime() - SCAN_QUIET_MS)),
        ),
      ),
    )
    .returning({ id: visitorSessions.id });
  if (claimed.length > 0) await notify(ctx, hub, session, { type: 'scan' }, location);
}

/** A visitor wrote: tell the owner at once, before the answer is composed. */
export function notifyMessage(
  ctx: AppContext,
  hub: RealtimeHub,
  session: VisitorSession,
  message: string,
  location: string | null,
): Promise<void> {
  return notify(ctx, hub, session, { type: 'message', message }, location);
}

/** What a connecting agent missed: the newest 20, newest first. */
export async function recentNotifications(ctx: AppContext, ownerId: number) {
  const rows = await ctx.db
    .select()
    .from(customerNotifications)
    .where(eq(customerNotifications.userId, ownerId))
    .orderBy(desc(customerNotifications.createdAt), desc(customerNotifications.id))
    .limit(NOTIFICATION_HISTORY);
  return rows.map(toNotificationPayload);
}

/** new -> acknowledged, for one notification or all of the owner's. */
export async function acknowledge(
  ctx: AppContext,
  ownerId: number,
  notificationId?: number,
): Promise<void> {
  await ctx.db
    .update(customerNotifications)
    .set({ status: 'acknowledged' })
    .where(
      and(
        eq(customerNotifications.userId, ownerId),
        eq(customerNotifications.status, 'new'),
        notificationId === undefined ? sql`true` : eq(customerNotifications.id, notificationId),
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
    createdAt: session.createdAt.toISOString(),
    lastActivity: session.lastActivity.toISOString(),
    messages: storedMessages(session),
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
  await hub.toOwner(ownerId, {
    type: 'customer_handled',
    businessCardId: session.businessCardId,
    customerId: session.id,
  });
}
