import { ArrowRight, FileText, MessagesSquare, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LanguageSwitcher } from '../components/layout/language-switcher.tsx';
import { Logo } from '../components/layout/logo.tsx';
import { Button } from '../components/ui/button.tsx';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const STEPS = [
  { icon: FileText, key: 'stepDocuments' },
  { icon: QrCode, key: 'stepCard' },
  { icon: MessagesSquare, key: 'stepChat' },
] as const;

/**
 * A first home page without the top bar (spec-core 2.1). The full landing page (video, stats,
 * countdowns, testimonials) replaces it in a later issue.
 */
export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle();
  const { user, isLoading } = useCurrentUser();

  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-50 via-white to-white">
      <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-2">
          <LanguageSwitcher className="w-[6.5rem] min-[400px]:w-[7.5rem] sm:w-auto" />
          {isLoading ? null : user ? (
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <Link href="/user-management" data-testid="nav-username">
                {user.username}
              </Link>
            </Button>
          ) : (
            <Button asChild variant="ghost" className="hidden sm:inline-flex">
              <Link href="/login">{t('nav.login')}</Link>
            </Button>
          )}
        </div>
      </header>

      <main
        id="main"
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col justify-center px-4 py-12 sm:px-6"
      >
        <div className="max-w-3xl">
          <p className="mb-4 inline-flex rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800">
            {t('home.eyebrow')}
          </p>
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('home.title')}
          </h1>
          <p className="mt-4 text-lg text-slate-700">{t('home.pitch')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link href="/user-details">
                {t('home.start')}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            {user ? (
              <Button asChild size="lg" variant="outline">
                <Link href="/my-cards">{t('home.console')}</Link>
              </Button>
            ) : (
              <>
                <Button asChild size="lg" variant="outline">
                  <Link href="/login">{t('nav.login')}</Link>
                </Button>
                <Button asChild size="lg" variant="ghost">
                  <Link href="/register">{t('nav.register')}</Link>
                </Button>
              </>
            )}
          </div>
        </div>
        <ol className="mt-16 grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ icon: Icon, key }, index) => (
            <li key={key} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="text-sm font-semibold text-slate-500">{index + 1}</span>
              </div>
              <p className="mt-3 font-semibold text-slate-900">{t(`home.${key}Title`)}</p>
              <p className="mt-1 text-sm text-slate-600">{t(`home.${key}Text`)}</p>
            </li>
          ))}
        </ol>
      </main>
      <footer className="border-t border-slate-200 py-6 text-center text-sm text-slate-600">
        {t('home.footer')}
      </footer>
    </div>
  );
}
