import type { TFunction } from 'i18next';
import { localizedRegionName } from '../region-name.ts';
import type { CustomerNotification, NotificationPriority, NotificationStatus } from './types.ts';

/* The texts a notification shows, with their fallbacks. */

/** "new customer" / 新客户 when the visitor left no name. */
export function customerNameText(
  notification: Pick<CustomerNotification, 'customerName'>,
  t: TFunction,
): string {
  return notification.customerName ?? t('notifications.fallbackName');
}

/** "unknown location" / 未知位置; a country in the interface language ("Germany" → 德国). */
export function customerLocationText(
  notification: Pick<CustomerNotification, 'customerLocation'>,
  t: TFunction,
  language = 'en',
): string {
  const location = notification.customerLocation;
  return location ? localizedRegionName(location, language) : t('notifications.fallbackLocation');
}

/** "unknown company" / 未知公司. */
export function customerCompanyText(
  notification: Pick<CustomerNotification, 'customerInfo'>,
  t: TFunction,
): string {
  return notification.customerInfo.company ?? t('notifications.fallbackCompany');
}

/** 紧急 / 高 / 中 / 低 in Chinese; Urgent / High / Medium / Low in English. */
export function priorityLabel(priority: NotificationPriority, t: TFunction): string {
  return t(`notifications.priority.${priority}`);
}

export function statusLabel(status: NotificationStatus, t: TFunction): string {
  return t(`notifications.status.${status}`);
}

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
];

/** "just now", "5 minutes ago", "2 hours ago"… in the interface language. */
export function relativeTimeText(
  iso: string,
  language: string,
  t: TFunction,
  now: number = Date.now(),
): string {
  const seconds = Math.round((now - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 45) return t('notifications.justNow');
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  for (const [unit, size] of UNITS) {
    if (seconds >= size || unit === 'minute') {
      return format.format(-Math.max(1, Math.round(seconds / size)), unit);
    }
  }
  return '';
}

/** A full local date and time for the title attribute. */
export function fullTimeText(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}
