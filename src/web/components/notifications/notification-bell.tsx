import { Bell, BellOff, CheckCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { requestDesktopPermission, unlockAudio } from '#web/lib/notifications/alerts.ts';
import { notificationClient } from '#web/lib/notifications/client.ts';
import { useNotificationLine, useNotificationState } from '#web/lib/notifications/hooks.ts';
import { badgeLabel, type ConnectionStatus } from '#web/lib/notifications/store.ts';
import { useCurrentUser } from '#web/lib/session.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { NotificationItem } from './notification-item.tsx';
import { useNotificationAlerts } from './use-notification-alerts.ts';

/** How often the relative times in an open panel are refreshed. */
const CLOCK_TICK_MS = 30_000;

const CONNECTION_DOT: Record<ConnectionStatus, string> = {
  idle: 'bg-slate-400',
  connecting: 'bg-amber-500',
  reconnecting: 'bg-amber-500',
  connected: 'bg-emerald-500',
  unauthenticated: 'bg-red-600',
};

/**
 * The bell and panel: live customer notifications over
 * /ws/customer-service for the signed-in owner (the top bar renders it only then).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  useNotificationLine(user ? String(user.id) : null);
  const announcement = useNotificationAlerts();
  const { notifications, connection, unread } = useNotificationState();
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const badge = badgeLabel(unread);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    const timer = setInterval(() => setNow(Date.now()), CLOCK_TICK_MS);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const toggle = () => {
    // A user gesture: the moment to unlock sound and ask about desktop notifications.
    unlockAudio();
    requestDesktopPermission();
    setNow(Date.now());
    setOpen((value) => !value);
  };

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={
          unread > 0
            ? t('notifications.bellLabelUnread', { count: unread })
            : t('notifications.bellLabel')
        }
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        data-unread={unread}
        data-connection={connection}
        onClick={toggle}
      >
        <Bell aria-hidden="true" className="size-5!" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full bg-red-600 px-1 text-[0.6875rem] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        ) : null}
      </Button>
      <span className="sr-only" role="status" aria-live="polite">
        {announcement}
      </span>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          data-testid="notification-panel"
          className="popover-motion fixed inset-x-2 top-[4.25rem] z-40 flex max-h-[calc(100dvh-5rem)] flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-12 sm:right-0 sm:w-[26rem] sm:max-h-[min(40rem,calc(100dvh-6rem))]"
        >
          <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
            <div className="grid min-w-0 gap-0.5">
              <h2 id={headingId} className="text-sm font-semibold text-slate-900">
                {t('notifications.title')}
              </h2>
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-600">
                <span
                  className="inline-flex items-center gap-1.5"
                  data-testid="notification-connection"
                >
                  <span
                    aria-hidden="true"
                    className={cn('size-2 rounded-full', CONNECTION_DOT[connection])}
                  />
                  {t(`notifications.connection.${connection}`)}
                </span>
                {unread > 0 ? (
                  <>
                    <span aria-hidden="true">·</span>
                    <span data-testid="notification-unread">
                      {t('notifications.unreadCount', { count: unread })}
                    </span>
                  </>
                ) : null}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="shrink-0 text-brand-800"
              disabled={unread === 0}
              onClick={() => notificationClient.acknowledgeAll()}
              data-testid="notification-mark-all"
            >
              <CheckCheck aria-hidden="true" />
              {t('notifications.markAllRead')}
            </Button>
          </header>

          {notifications.length === 0 ? (
            <EmptyState connection={connection} onNavigate={() => setOpen(false)} />
          ) : (
            <ul
              className="min-h-0 flex-1 overflow-y-auto overscroll-contain"
              data-testid="notification-list"
            >
              {notifications.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  now={now}
                  onAcknowledge={(id) => notificationClient.acknowledge(id)}
                  onNavigate={() => setOpen(false)}
                />
              ))}
            </ul>
          )}

          <footer className="border-t border-slate-200 px-4 py-2">
            <Link
              href="/corporate-dashboard"
              onClick={() => setOpen(false)}
              className="block rounded-md py-2 text-center text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
              data-testid="notification-dashboard-link"
            >
              {t('notifications.dashboardLink')}
            </Link>
          </footer>
        </section>
      ) : null}
    </div>
  );
}

function EmptyState({
  connection,
  onNavigate,
}: {
  connection: ConnectionStatus;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const statusText =
    connection === 'connected'
      ? t('notifications.listening')
      : connection === 'reconnecting'
        ? t('notifications.reconnectingText')
        : connection === 'unauthenticated'
          ? t('notifications.unauthenticatedText')
          : t('notifications.connectingText');
  return (
    <div
      className="flex flex-col items-center gap-2 px-6 py-8 text-center"
      data-testid="notification-empty"
    >
      <BellOff aria-hidden="true" className="size-8 text-slate-400" />
      <p className="text-sm font-medium text-slate-800">{t('notifications.empty')}</p>
      <p className="text-xs text-slate-600" data-testid="notification-empty-status">
        {statusText}
      </p>
      {connection === 'unauthenticated' ? (
        <Link
          href="/login"
          onClick={onNavigate}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          {t('notifications.loginLink')}
        </Link>
      ) : (
        <p className="text-xs text-slate-500">{t('notifications.hint')}</p>
      )}
    </div>
  );
}
