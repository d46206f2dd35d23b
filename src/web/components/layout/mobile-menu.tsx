import { Compass, LogOut, Menu } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { TPublicUser } from '#shared/schemas/auth.ts';
import { useLogout } from '#web/lib/session.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from '../ui/dialog.tsx';
import { GuideState, useGuide } from '../onboarding/guide-link.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { isActivePath, navLinksFor } from './nav-links.ts';

/** Below the large breakpoint: a menu that repeats the links, account actions and language. */
export function MobileMenu({ user, className }: { user: TPublicUser | null; className?: string }) {
  const { t } = useTranslation();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const logout = useLogout();
  const guide = useGuide();
  const linkClass =
    'flex min-h-11 items-center rounded-lg px-3 text-base font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className={className}
          aria-label={t('nav.openMenu')}
          data-testid="mobile-menu-button"
        >
          <Menu aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      <SheetContent closeLabel={t('nav.closeMenu')} data-testid="mobile-menu">
        <DialogTitle className="text-lg font-semibold text-slate-900">
          {t('nav.menuTitle')}
        </DialogTitle>
        <DialogDescription className="sr-only">{t('nav.menuDescription')}</DialogDescription>
        <nav aria-label={t('nav.mainNav')}>
          <ul className="grid gap-1">
            {navLinksFor(user).map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={close}
                  aria-current={isActivePath(location, link.href) ? 'page' : undefined}
                  className={linkClass}
                >
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid gap-2 border-t border-slate-200 pt-4">
          {user ? (
            <>
              <Button asChild variant="outline" className="h-11 justify-start">
                <Link href="/user-management" onClick={close} data-testid="nav-username-mobile">
                  {t('nav.account', { username: user.username })}
                </Link>
              </Button>
              <Button asChild variant="outline" className="h-11 justify-start">
                <Link href="/onboarding" onClick={close} data-testid="nav-onboarding-mobile">
                  <Compass aria-hidden="true" />
                  <span className="flex-1 text-left">{t('onboarding.link')}</span>
                  {guide ? <GuideState guide={guide} /> : null}
                </Link>
              </Button>
              <Button asChild className="h-11">
                <Link href="/user-details" onClick={close}>
                  {t('nav.getStarted')}
                </Link>
              </Button>
              <Button
                variant="ghost"
                className="h-11 justify-start text-red-700 hover:bg-red-50 hover:text-red-800"
                disabled={logout.isPending}
                onClick={() => logout.mutate(undefined, { onSuccess: close })}
                data-testid="logout-mobile"
              >
                <LogOut aria-hidden="true" />
                {logout.isPending ? t('nav.loggingOut') : t('nav.logout')}
              </Button>
            </>
          ) : (
            <>
              <Button asChild variant="outline" className="h-11">
                <Link href="/login" onClick={close}>
                  {t('nav.login')}
                </Link>
              </Button>
              <Button asChild className="h-11">
                <Link href="/register" onClick={close}>
                  {t('nav.register')}
                </Link>
              </Button>
            </>
          )}
        </div>
        <div className={cn('border-t border-slate-200 pt-4')}>
          <LanguageSwitcher showLabel testId="language-switcher-mobile" />
        </div>
      </SheetContent>
    </Dialog>
  );
}
