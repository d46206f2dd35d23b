import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playNotificationTone, showDesktopNotification } from '#web/lib/notifications/alerts.ts';
import { customerNameText } from '#web/lib/notifications/display.ts';
import { useNotificationEvents } from '#web/lib/notifications/hooks.ts';

/**
 * Each new notification plays the 800 Hz tone and, once allowed, raises a
 * desktop notification titled 新客户消息 with the customer's name. Returns the text a live
 * region announces to screen readers.
 */
export function useNotificationAlerts(): string {
  const { t } = useTranslation();
  const [announcement, setAnnouncement] = useState('');
  useNotificationEvents((event) => {
    if (event.type !== 'notification') return;
    const { notification } = event;
    const name = customerNameText(notification, t);
    playNotificationTone();
    const body =
      notification.kind === 'message' && notification.message
        ? t('notifications.desktopMessage', { name, message: notification.message })
        : t('notifications.desktopScan', { name });
    showDesktopNotification(t('notifications.desktopTitle'), body, `docucard-${notification.id}`);
    setAnnouncement(t('notifications.announce', { name }));
  });
  return announcement;
}
