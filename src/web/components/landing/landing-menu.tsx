import { LayoutGrid } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../ui/button.tsx';
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from '../ui/dialog.tsx';
import { LanguageSwitcher } from '../layout/language-switcher.tsx';

/** The six business tools the landing menu opens. */
export const LANDING_MENU_LINKS = [
  { href: '/corporate-dashboard', page: 'corporateDashboard' },
  { href: '/sales-pipeline', page: 'salesPipeline' },
  { href: '/social-transformer', page: 'socialTransformer' },
  { href: '/event-poster', page: 'eventPoster' },
  { href: '/audio-content', page: 'audioContent' },
  { href: '/push-notifications', page: 'pushNotifications' },
] as const;

export function LandingMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="text-white hover:bg-white/10 hover:text-white"
          aria-label={t('landing.menu.open')}
          data-testid="landing-menu-button"
        >
          <LayoutGrid aria-hidden="true" className="size-5!" />
        </Button>
      </DialogTrigger>
      <SheetContent closeLabel={t('nav.closeMenu')} data-testid="landing-menu">
        <DialogTitle className="text-lg font-semibold text-slate-900">
          {t('landing.menu.title')}
        </DialogTitle>
        <DialogDescription className="text-sm text-slate-600">
          {t('landing.menu.description')}
        </DialogDescription>
        <nav aria-label={t('landing.menu.title')}>
          <ul className="grid gap-1">
            {LANDING_MENU_LINKS.map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  onClick={() => setOpen(false)}
                  className="flex min-h-11 flex-col justify-center rounded-lg px-3 py-2 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  <span className="font-medium text-slate-900">
                    {t(`pages.${link.page}.title`)}
                  </span>
                  <span className="text-sm text-slate-600">
                    {t(`pages.${link.page}.description`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitcher showLabel className="mt-4" testId="landing-menu-language" />
      </SheetContent>
    </Dialog>
  );
}
