import { ChevronDown, MapPin, MessageSquareReply, Phone, ScanLine, Building2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useConversation } from '#web/lib/notifications/conversation.ts';
import {
  customerCompanyText,
  customerLocationText,
  customerNameText,
  fullTimeText,
  priorityLabel,
  relativeTimeText,
  statusLabel,
} from '#web/lib/notifications/display.ts';
import type {
  CustomerNotification,
  NotificationPriority,
  NotificationStatus,
} from '#web/lib/notifications/types.ts';
import { cn } from '#web/lib/utils.ts';
import { Spinner } from '../ui/spinner.tsx';

/** The hues of the pipeline's lead cards (pipeline/lead-card.tsx): a lead looks the same in both. */
const PRIORITY_STYLE: Record<NotificationPriority, string> = {
  urgent: 'bg-red-100 text-red-800 ring-red-300',
  high: 'bg-amber-50 text-amber-900 ring-amber-200',
  medium: 'bg-sky-50 text-sky-800 ring-sky-200',
  low: 'bg-slate-100 text-slate-700 ring-slate-200',
};

const STATUS_STYLE: Record<NotificationStatus, string> = {
  new: 'text-brand-800',
  acknowledged: 'text-slate-600',
  responded: 'text-emerald-800',
  closed: 'text-slate-500',
};

export interface NotificationItemProps {
  notification: CustomerNotification;
  /** For relative times; the panel ticks it. */
  now: number;
  onAcknowledge: (id: number) => void;
  /** The reply link was followed (the panel closes). */
  onNavigate: () => void;
}

/** One customer notification in the panel. */
export function NotificationItem({
  notification,
  now,
  onAcknowledge,
  onNavigate,
}: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const name = customerNameText(notification, t);
  const isNew = notification.status === 'new';
  const details = useConversation(notification.customerId, { enabled: expanded });
  // The phone the notification carries, or the one the opened details show.
  const phone =
    notification.customerInfo.phone ?? (expanded ? (details.data?.lead?.phone ?? null) : null);
  const acknowledge = () => onAcknowledge(notification.id);

  return (
    <li
      data-testid="notification-item"
      data-notification-id={notification.id}
      data-status={notification.status}
      data-customer-id={notification.customerId}
      data-unread={notification.unreadCount}
      className={cn(
        'border-b border-slate-100 last:border-b-0',
        isNew ? 'bg-brand-50/60' : 'bg-white',
      )}
    >
      <button
        type="button"
        onClick={acknowledge}
        className="block w-full px-4 pt-3 pb-2 text-left transition-colors duration-150 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        data-testid="notification-open"
      >
        <span className="flex items-start gap-3">
          <span
            aria-hidden="true"
            className={cn(
              'mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
              isNew ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-700',
            )}
          >
            {name.trim().charAt(0).toUpperCase()}
          </span>
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="flex items-center gap-2">
              <span
                className="min-w-0 flex-1 truncate font-semibold text-slate-900"
                data-testid="notification-name"
              >
                {name}
              </span>
              {isNew && notification.unreadCount > 0 ? (
                <span
                  className="inline-flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
                  data-testid="notification-unread-count"
                >
                  <span aria-hidden="true">{notification.unreadCount}</span>
                  <span className="sr-only">
                    {t('notifications.conversationUnread', { count: notification.unreadCount })}
                  </span>
                </span>
              ) : null}
              <span
                className={cn(
                  'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
                  PRIORITY_STYLE[notification.priority],
                )}
                data-testid="notification-priority"
              >
                <span className="sr-only">{t('notifications.priorityPrefix')}: </span>
                {priorityLabel(notification.priority, t)}
              </span>
            </span>
            <span className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-600">
              <span className="inline-flex min-w-0 items-center gap-1">
                <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
                <span className="truncate" data-testid="notification-location">
                  {customerLocationText(notification, t, i18n.language)}
                </span>
              </span>
              {/* Once the visitor left their details, no "unknown company": only what they gave. */}
              {notification.customerInfo.company || !notification.customerName ? (
                <span className="inline-flex min-w-0 items-center gap-1">
                  <Building2 aria-hidden="true" className="size-3.5 shrink-0" />
                  <span className="truncate" data-testid="notification-company">
                    {customerCompanyText(notification, t)}
                  </span>
                </span>
              ) : null}
              {notification.messageCount > 1 ? (
                <span data-testid="notification-message-count">
                  {t('notifications.messageCount', { count: notification.messageCount })}
                </span>
              ) : null}
            </span>
            {notification.message ? (
              <span
                className="mt-1 line-clamp-2 text-sm break-words text-slate-800"
                data-testid="notification-message"
              >
                {notification.message}
              </span>
            ) : (
              <span className="mt-1 inline-flex items-center gap-1 text-sm text-slate-700">
                <ScanLine aria-hidden="true" className="size-3.5" />
                {t('notifications.kindScan')}
              </span>
            )}
            <span className="mt-1 flex items-center gap-2 text-xs">
              <span
                className={cn('font-medium', STATUS_STYLE[notification.status])}
                data-testid="notification-status"
              >
                {isNew ? (
                  <span
                    aria-hidden="true"
                    className="mr-1 inline-block size-2 rounded-full bg-brand-600 align-middle"
                  />
                ) : null}
                {statusLabel(notification.status, t)}
              </span>
              <span aria-hidden="true" className="text-slate-400">
                ·
              </span>
              <time
                dateTime={notification.createdAt}
                title={fullTimeText(notification.createdAt, i18n.language)}
                className="text-slate-600"
              >
                {relativeTimeText(notification.createdAt, i18n.language, t, now)}
              </time>
            </span>
          </span>
        </span>
      </button>

      <div className="flex flex-wrap items-center gap-1 px-4 pb-3 pl-16">
        <Link
          href={`/conversations/${notification.customerId}`}
          onClick={() => {
            acknowledge();
            onNavigate();
          }}
          aria-label={t('notifications.replyLabel', { name })}
          data-testid="notification-reply"
          className={actionClass}
        >
          <MessageSquareReply aria-hidden="true" />
          {t('notifications.reply')}
        </Link>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={t('notifications.detailsLabel', { name })}
          data-testid="notification-details"
          onClick={() => {
            acknowledge();
            setExpanded((value) => !value);
          }}
          className={actionClass}
        >
          <ChevronDown
            aria-hidden="true"
            className={cn('transition-transform duration-150', expanded && 'rotate-180')}
          />
          {t('notifications.details')}
        </button>
        {phone ? (
          <a
            href={`tel:${phone.replace(/[^\d+]/g, '')}`}
            onClick={acknowledge}
            aria-label={t('notifications.callLabel', { name, phone })}
            data-testid="notification-call"
            className={actionClass}
          >
            <Phone aria-hidden="true" />
            {t('notifications.call')}
          </a>
        ) : null}
      </div>

      {expanded ? (
        <div id={detailsId} className="px-4 pb-3 pl-16" data-testid="notification-details-panel">
          {details.isPending ? (
            <p className="flex items-center gap-2 text-xs text-slate-600" role="status">
              <Spinner size="small" />
              {t('notifications.detailsLoading')}
            </p>
          ) : (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3 text-xs">
              <DetailRow label={t('notifications.detailsName')}>
                {details.data?.lead?.name ?? name}
              </DetailRow>
              <DetailRow label={t('notifications.detailsCompany')}>
                {details.data?.lead?.company ?? customerCompanyText(notification, t)}
              </DetailRow>
              {details.data?.lead?.email ? (
                <DetailRow label={t('notifications.detailsEmail')}>
                  <a
                    href={`mailto:${details.data.lead.email}`}
                    className="text-brand-700 underline-offset-2 hover:underline"
                  >
                    {details.data.lead.email}
                  </a>
                </DetailRow>
              ) : null}
              {phone ? (
                <DetailRow label={t('notifications.detailsPhone')}>{phone}</DetailRow>
              ) : null}
              <DetailRow label={t('notifications.detailsLocation')}>
                {customerLocationText(notification, t, i18n.language)}
              </DetailRow>
              <DetailRow label={t('notifications.detailsCard')}>
                {t('notifications.detailsCardValue', { id: notification.businessCardId })}
              </DetailRow>
              {details.isError ? (
                <p className="col-span-2 text-amber-900">{t('notifications.detailsFailed')}</p>
              ) : details.data && !details.data.lead ? (
                <p className="col-span-2 text-slate-600">{t('notifications.detailsNoLead')}</p>
              ) : null}
            </dl>
          )}
        </div>
      ) : null}
    </li>
  );
}

const actionClass =
  'inline-flex h-9 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-brand-800 transition-colors duration-150 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 [&_svg]:size-4 [&_svg]:shrink-0';

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}
