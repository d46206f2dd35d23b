import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeadPriority } from '#shared/schemas/pipeline.ts';
import type { AppContext } from '#server/context.ts';
import { customerNotifications, visitorProfiles, visitorSessions } from '#server/db/schema.ts';
import { idleCutoff, shownPrioritySql } from '#server/lib/lead-priority.ts';
import { getSettings } from '#server/lib/pipeline-settings.ts';

/*
 * One entry per visitor conversation: the bell and GET /api/notifications
 * show each visitor once, with the count of unread events, the last message, and the lead's
 * name and company as they are now (a lead form filled after the first message counts). The
 * stored rows stay one per event; grouping happens in the query (index on visitor_session_id).
 *
 * The priority is the lead's in the sales pipeline, read as the lead list shows it (one
 * rule, pipeline/scoring.ts): the copy on the conversation row, a step lower once idle. It
 * is what the pipeline last stored: a message is announced before it is answered and scored,
 * and a later scoring that changes the priority is pushed to the owner then
 * (notifyPriorityChanged).
 */

const events = customerNotifications;
const lastMessage = alias(customerNotifications, 'last_message');
const latest = alias(customerNotifications, 'latest');
/** `s`: the name lib/lead-priority.ts gives the conversation row. */
const conversation = alias(visitorSessions, 's');

export interface ConversationEntry {
  type: 'customer_scan_notification' | 'customer_message_notification';
  /** The newest event's id: acknowledging it marks the conversation read up to there. */
  id: number;
  customerId: number;
  customerName: string | null;
  customerLocation: string | null;
  businessCardId: number;
  /** The lead's priority as the sales pipeline shows it. */
  priority: LeadPriority;
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

/** The owner's conversations, newest activity first; or those of `sessionIds`. */
export async function conversationEntries(
  ctx: AppContext,
  ownerId: number,
  options: { limit: number; sessionIds?: readonly number[] },
): Promise<ConversationEntry[]> {
  const settings = await getSettings(ctx, ownerId);
  const cutoff = idleCutoff(ctx.now(), settings.idleDaysLowerPriority);
  const perSession = ctx.db
    .select({
      sessionId: events.visitorSessionId,
      lastId: sql<number>`max(${events.id})`.as('last_id'),
      lastMessageId: sql<
        number | null
      >`max(${events.id}) filter (where ${events.type} = 'message')`.as('last_message_id'),
      unread: sql<number>`(count(*) filter (where ${events.status} = 'new'))::int`.as('unread'),
      // Not "messages": the conversation row joined below has a column of that name.
      messages: sql<number>`(count(*) filter (where ${events.type} = 'message'))::int`.as(
        'message_count',
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
        options.sessionIds === undefined
          ? sql`true`
          : inArray(events.visitorSessionId, [...options.sessionIds]),
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
      priority: sql<LeadPriority>`${shownPrioritySql(cutoff)}`,
      lead: {
        name: visitorProfiles.name,
        organization: visitorProfiles.organization,
        phone: visitorProfiles.phone,
      },
    })
    .from(perSession)
    .innerJoin(latest, eq(latest.id, perSession.lastId))
    .innerJoin(conversation, eq(conversation.id, perSession.sessionId))
    .leftJoin(lastMessage, eq(lastMessage.id, perSession.lastMessageId))
    .leftJoin(visitorProfiles, eq(visitorProfiles.visitorSessionId, perSession.sessionId))
    .orderBy(desc(perSession.lastId))
    .limit(options.limit);

  return rows.map(({ group, latest: row, lastMessage: message, priority, lead }) => ({
    type: group.messages > 0 ? 'customer_message_notification' : 'customer_scan_notification',
    id: row.id,
    customerId: row.visitorSessionId,
    customerName: lead?.name ?? row.customerName,
    customerLocation: group.location,
    businessCardId: row.businessCardId,
    priority,
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
  const [entry] = await conversationEntries(ctx, ownerId, { limit: 1, sessionIds: [sessionId] });
  return entry ?? null;
}
