import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '#server/context.ts';
import { customerNotifications, visitorProfiles } from '#server/db/schema.ts';

/*
 * One entry per visitor conversation (issue 12, item 10): the bell and GET /api/notifications
 * show each visitor once, with the count of unread events, the last message, and the lead's
 * name and company as they are now (a lead form filled after the first message counts). The
 * stored rows stay one per event; grouping happens in the query (index on visitor_session_id).
 */

const events = customerNotifications;
const lastMessage = alias(customerNotifications, 'last_message');
const latest = alias(customerNotifications, 'latest');

export interface ConversationEntry {
  type: 'customer_scan_notification' | 'customer_message_notification';
  /** The newest event's id: acknowledging it marks the conversation read up to there. */
  id: number;
  customerId: number;
  customerName: string | null;
  customerLocation: string | null;
  businessCardId: number;
  priority: 'high' | 'medium' | 'low';
  status: 'new' | 'acknowledged' | 'responded' | 'closed';
  createdAt: string;
  /** Unread events (messages and scans) in this conversation. */
  unreadCount: number;
  /** How many messages the visitor wrote that the owner was told of. */
  messageCount: number;
  /** The visitor's last message (null when they only scanned). */
  message: string | null;
  customerInfo: { company: string | null; phone: string | null };
}

/** The owner's conversations, newest activity first; or the one of `sessionId`. */
export async function conversationEntries(
  ctx: AppContext,
  ownerId: number,
  options: { limit: number; sessionId?: number },
): Promise<ConversationEntry[]> {
  const perSession = ctx.db
    .select({
      sessionId: events.visitorSessionId,
      lastId: sql<number>`max(${events.id})`.as('last_id'),
      lastMessageId: sql<
        number | null
      >`max(${events.id}) filter (where ${events.type} = 'message')`.as('last_message_id'),
      unread: sql<number>`(count(*) filter (where ${events.status} = 'new'))::int`.as('unread'),
      messages: sql<number>`(count(*) filter (where ${events.type} = 'message'))::int`.as(
        'messages',
      ),
      location: sql<
        string | null
      >`(array_agg(${events.customerLocation} order by ${events.id} desc) filter (where ${events.customerLocation} is not null))[1]`.as(
        'location',
      ),
    })
    .from(events)
    .where(
      and(
        eq(events.userId, ownerId),
        options.sessionId === undefined
          ? sql`true`
          : eq(events.visitorSessionId, options.sessionId),
      ),
    )
    .groupBy(events.visitorSessionId)
    .as('per_session');

  const rows = await ctx.db
    .select({
      group: {
        unread: perSession.unread,
        messages: perSession.messages,
        location: perSession.location,
      },
      latest,
      lastMessage: lastMessage.message,
      lead: {
        name: visitorProfiles.name,
        organization: visitorProfiles.organization,
        phone: visitorProfiles.phone,
      },
    })
    .from(perSession)
    .innerJoin(latest, eq(latest.id, perSession.lastId))
    .leftJoin(lastMessage, eq(lastMessage.id, perSession.lastMessageId))
    .leftJoin(visitorProfiles, eq(visitorProfiles.visitorSessionId, perSession.sessionId))
    .orderBy(desc(perSession.lastId))
    .limit(options.limit);

  return rows.map(({ group, latest: row, lastMessage: message, lead }) => ({
    type: group.messages > 0 ? 'customer_message_notification' : 'customer_scan_notification',
    id: row.id,
    customerId: row.visitorSessionId,
    customerName: lead?.name ?? row.customerName,
    customerLocation: group.location,
    businessCardId: row.businessCardId,
    priority: row.priority,
    status: group.unread > 0 ? 'new' : row.status,
    createdAt: row.createdAt.toISOString(),
    unreadCount: group.unread,
    messageCount: group.messages,
    message: message ?? null,
    customerInfo: {
      company: lead?.organization ?? row.customerCompany,
      phone: lead?.phone ?? row.customerPhone,
    },
  }));
}

/** The entry of one conversation, or null when the owner was never told of it. */
export async function conversationEntry(
  ctx: AppContext,
  ownerId: number,
  sessionId: number,
): Promise<ConversationEntry | null> {
  const [entry] = await conversationEntries(ctx, ownerId, { limit: 1, sessionId });
  return entry ?? null;
}
