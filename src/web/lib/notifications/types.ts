/*
 * The messages of /ws/customer-service as the owner's browser reads them. Every
 * incoming frame is checked by hand: a malformed or unknown one is logged and dropped, never
 * thrown.
 */

import { LEAD_PRIORITIES } from '#shared/limits.ts';
import type { LeadPriority } from '#shared/schemas/pipeline.ts';

export const NOTIFICATION_STATUSES = ['new', 'acknowledged', 'responded', 'closed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/** A conversation shows its lead's priority in the sales pipeline (urgent included). */
export const NOTIFICATION_PRIORITIES = LEAD_PRIORITIES;
export type NotificationPriority = LeadPriority;

export type NotificationKind = 'scan' | 'message';

/**
 * One visitor conversation in the panel (one entry per conversation, not per message). `id`
 * is its newest event's.
 */
export interface CustomerNotification {
  id: number;
  kind: NotificationKind;
  /** The visitor session: the conversation view's id. */
  customerId: number;
  customerName: string | null;
  customerLocation: string | null;
  businessCardId: number;
  priority: NotificationPriority;
  status: NotificationStatus;
  /** ISO time the server stored it. */
  createdAt: string;
  /** The visitor's message (message notifications only). */
  message: string | null;
  customerInfo: { company: string | null; phone: string | null };
  /** Unread events (scans and messages) of this conversation. */
  unreadCount: number;
  /** Messages the visitor wrote. */
  messageCount: number;
}

export type ServerMessage =
  | { type: 'connected'; userId: number }
  | { type: 'notification_history'; notifications: CustomerNotification[] }
  | { type: 'notification'; notification: CustomerNotification }
  /** The same conversation with new details (the visitor left their name): no alert. */
  | { type: 'conversation_updated'; notification: CustomerNotification }
  | { type: 'takeover_changed'; customerId: number; active: boolean }
  | { type: 'customer_handled'; businessCardId: number; customerId: number | null }
  | { type: 'pong' };

export type ClientMessage =
  | { type: 'agent_connect' }
  | { type: 'acknowledge'; id: number }
  | { type: 'acknowledge_all' }
  | { type: 'ping' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A notification payload (live or from the history), or null when it is not one. */
function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : fallback;
}

export function parseNotification(value: unknown): CustomerNotification | null {
  if (!isRecord(value)) return null;
  // An update names the conversation's kind in `kind` (its `type` is the update's).
  const type = value.type === 'conversation_updated' ? value.kind : value.type;
  const kind: NotificationKind | null =
    type === 'customer_scan_notification'
      ? 'scan'
      : type === 'customer_message_notification'
        ? 'message'
        : null;
  if (!kind || !isId(value.id) || !isId(value.customerId) || !isId(value.businessCardId)) {
    return null;
  }
  const info = isRecord(value.customerInfo) ? value.customerInfo : {};
  const priority = NOTIFICATION_PRIORITIES.find((p) => p === value.priority) ?? 'medium';
  const status = NOTIFICATION_STATUSES.find((s) => s === value.status) ?? 'new';
  const createdAt =
    typeof value.createdAt === 'string' && !Number.isNaN(Date.parse(value.createdAt))
      ? value.createdAt
      : new Date().toISOString();
  return {
    id: value.id,
    kind,
    customerId: value.customerId,
    customerName: optionalText(value.customerName),
    customerLocation: optionalText(value.customerLocation),
    businessCardId: value.businessCardId,
    priority,
    status,
    createdAt,
    message: optionalText(value.message),
    customerInfo: { company: optionalText(info.company), phone: optionalText(info.phone) },
    unreadCount: count(value.unreadCount, status === 'new' ? 1 : 0),
    messageCount: count(value.messageCount, kind === 'message' ? 1 : 0),
  };
}

/** Reads one frame of the socket. Null for anything this client does not understand. */
export function parseServerMessage(raw: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'connected':
      return isId(value.userId) ? { type: 'connected', userId: value.userId } : null;
    case 'notification_history': {
      if (!Array.isArray(value.notifications)) return null;
      const notifications = value.notifications
        .map(parseNotification)
        .filter((n): n is CustomerNotification => n !== null);
      return { type: 'notification_history', notifications };
    }
    case 'customer_scan_notification':
    case 'customer_message_notification': {
      const notification = parseNotification(value);
      return notification ? { type: 'notification', notification } : null;
    }
    case 'conversation_updated': {
      const notification = parseNotification(value);
      return notification ? { type: 'conversation_updated', notification } : null;
    }
    case 'takeover_changed':
      return isId(value.customerId) && typeof value.active === 'boolean'
        ? { type: 'takeover_changed', customerId: value.customerId, active: value.active }
        : null;
    case 'customer_handled':
      return isId(value.businessCardId)
        ? {
            type: 'customer_handled',
            businessCardId: value.businessCardId,
            customerId: isId(value.customerId) ? value.customerId : null,
          }
        : null;
    case 'pong':
      return { type: 'pong' };
    default:
      return null;
  }
}
