import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { useCurrentUser } from '#web/lib/session.ts';
import { Button } from '../ui/button.tsx';
import { LanguageSwitcher } from './language-switcher.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { isActivePath, navLinksFor } from './nav-links.ts';

/*
 * What only a signed-in owner sees, the live notifications and the account menu (with its
 * positioning library), is fetched once someone is signed in: a visitor's page (the card
 * showcase, a public card) does not wait for it. Each keeps its place while it arrives.
 */
const NotificationBell = lazy(() =>
  import('../notifications/notification-bell.tsx').then((module) => ({
    default: module.NotificationBell,
  })),
);
const UserMenu = lazy(() =>
  import('./user-menu.tsx').then((module) => ({ default: module.UserMenu })),
);

/** The bar on every page but home. */
export function TopBar() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const { user, isLoading } = useCurrentUser();

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        <Logo className="shrink-0" />
        <nav aria-label={t('nav.mainNav')} className="ml-4 hidden lg:block">
          <ul className="flex items-center gap-1">
            {navLinksFor(user).map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={isActivePath(location, link.href) ? 'page' : undefined}
                  className="inline-flex h-9 items-center rounded-md px-3 text-sm font-medium text-slate-700 transition-colors duration-150 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 aria-[current=page]:text-brand-700"
                >
                  {t(link.labelKey)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {user ? (
            <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
              <NotificationBell />
            </Suspense>
          ) : null}
          <LanguageSwitcher className="w-[6.5rem] min-[400px]:w-[7.5rem] sm:w-auto" />
          <div className="hidden items-center gap-2 lg:flex">
            {isLoading ? (
              <span className="h-9 w-40" aria-hidden="true" />
            ) : user ? (
              <>
                <Suspense fallback={<span className="h-10 w-32" aria-hidden="true" />}>
                  <UserMenu user={user} />
                </Suspense>
                <Button asChild>
                  <Link href="/user-details">{t('nav.getStarted')}</Link>
                </Button>
              </>
            ) : (
              <>
                <Button asChild variant="ghost">
                  <Link href="/login">{t('nav.login')}</Link>
                </Button>
                <Button asChild>
                  <Link href="/register">{t('nav.register')}</Link>
                </Button>
              </>
            )}
          </div>
          <MobileMenu user={user} className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}
