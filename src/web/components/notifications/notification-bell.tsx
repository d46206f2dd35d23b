import { Bell, BellOff } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../ui/button.tsx';

/**
 * The place for live customer notifications (spec-core 2.3). For now it opens an empty panel;
 * the live feed over /ws/customer-service fills it in a later issue.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

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
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label={t('notifications.bellLabel')}
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="notification-bell"
        onClick={() => setOpen((value) => !value)}
      >
        <Bell aria-hidden="true" className="size-5!" />
      </Button>
      {open ? (
        <section
          id={panelId}
          aria-label={t('notifications.title')}
          className="popover-motion absolute top-12 right-0 z-40 w-[min(20rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-4 shadow-lg"
        >
          <h2 className="text-sm font-semibold text-slate-900">{t('notifications.title')}</h2>
          <div className="flex flex-col items-center gap-2 py-6 text-center">
            <BellOff aria-hidden="true" className="size-8 text-slate-400" />
            <p className="text-sm font-medium text-slate-800">{t('notifications.empty')}</p>
            <p className="text-xs text-slate-600">{t('notifications.hint')}</p>
          </div>
          <Link
            href="/corporate-dashboard"
            onClick={() => setOpen(false)}
            className="block rounded-md py-2 text-center text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            {t('notifications.dashboardLink')}
          </Link>
        </section>
      ) : null}
    </div>
  );
}
