import { useMutation } from '@tanstack/react-query';
import {
  ArrowRight,
  BarChart3,
  BellRing,
  FileText,
  Globe2,
  Loader2,
  MessagesSquare,
  PlayCircle,
  QrCode,
  ShieldCheck,
  Sparkles,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';

import { FairCountdowns } from '../components/landing/fair-countdowns.tsx';
import { IntroScene, useIntro } from '../components/landing/intro-scene.tsx';
import { CtaText, HeroPromises, Testimonials } from '../components/landing/landing-content.tsx';
import { LandingMenu } from '../components/landing/landing-menu.tsx';
import { LandingStats } from '../components/landing/stats.tsx';
import { LanguageSwitcher } from '../components/layout/language-switcher.tsx';
import { LANGUAGES } from '#shared/limits.ts';
import { LANGUAGE_NAMES, setLanguage } from '../i18n/index.ts';
import { Logo } from '../components/layout/logo.tsx';
import { Button } from '../components/ui/button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest } from '../lib/api.ts';
import { useCurrentUser } from '../lib/session.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { cn } from '../lib/utils.ts';

const FEATURES = [
  { key: 'grounded', icon: FileText },
  { key: 'qr', icon: QrCode },
  { key: 'multilingual', icon: Globe2 },
  { key: 'live', icon: BellRing },
  { key: 'analytics', icon: BarChart3 },
  { key: 'security', icon: ShieldCheck },
] as const;

const STEPS = [
  { key: 'upload', icon: FileText },
  { key: 'card', icon: QrCode },
  { key: 'chat', icon: MessagesSquare },
] as const;

/**
 * Start: signed out, a toast asks to register first and the company form
 * opens; signed in, a card session is created (button disabled meanwhile) and the upload
 * step opens, or an error toast shows and the button is usable again.
 */
function useStart() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const session = useMutation({
    mutationFn: () =>
      apiRequest<{ businessCardId?: number }>('POST', '/api/business-card-session', {}),
    onSuccess: (answer) => {
      if (!answer?.businessCardId) {
        toast({
          title: t('general.errorTitle'),
          description: t('landing.start.failed'),
          variant: 'destructive',
        });
        return;
      }
      navigate(`/document-upload/${answer.businessCardId}`);
    },
    onError: () =>
      toast({
        title: t('general.errorTitle'),
        description: t('landing.start.failed'),
        variant: 'destructive',
      }),
  });
  const start = () => {
    if (!user) {
      toast({
        title: t('landing.start.registerTitle'),
        description: t('landing.start.registerText'),
      });
      navigate('/user-details');
      return;
    }
    session.mutate();
  };
  return { start, creating: session.isPending, signedIn: Boolean(user) };
}

function StartButton({ className, testId }: { className?: string; testId: string }) {
  const { t } = useTranslation();
  const { start, creating, signedIn } = useStart();
  return (
    <Button
      size="lg"
      className={className}
      onClick={start}
      disabled={creating}
      aria-busy={creating}
      data-testid={testId}
    >
      {creating ? (
        <Loader2 aria-hidden="true" className="animate-spin" />
      ) : (
        <ArrowRight aria-hidden="true" />
      )}
      {creating && signedIn ? t('landing.start.creating') : t('landing.start.label')}
    </Button>
  );
}

function AccountLinks({ onDark = false }: { onDark?: boolean }) {
  const { t } = useTranslation();
  const { user, isLoading } = useCurrentUser();
  const linkClass = onDark ? 'text-white hover:bg-white/10 hover:text-white' : undefined;
  if (isLoading) return <span className="inline-block h-10 w-24" aria-hidden="true" />;
  if (user) {
    return (
      <Button asChild variant="ghost" className={linkClass}>
        <Link href="/my-cards" data-testid="landing-console">
          {t('landing.nav.console')}
        </Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" className={cn('px-3', linkClass)}>
        <Link href="/login" data-testid="landing-login">
          {t('nav.login')}
        </Link>
      </Button>
      <Button asChild className="bg-white px-3 text-brand-800 hover:bg-brand-50">
        <Link href="/register" data-testid="landing-register">
          {t('nav.register')}
        </Link>
      </Button>
    </>
  );
}

/** The footer's languages: each one a button that switches the interface at once. */
function FooterLanguages() {
  const { t, i18n } = useTranslation();
  return (
    <nav aria-label={t('landing.footer.languagesLabel')}>
      <ul className="flex flex-wrap items-center gap-x-1 text-xs">
        {LANGUAGES.map((language) => {
          const current = i18n.language === language;
          return (
            <li key={language}>
              <button
                type="button"
                lang={language}
                aria-pressed={current}
                onClick={() => void setLanguage(language)}
                data-testid={`footer-language-${language}`}
                className={cn(
                  'min-h-11 rounded-md px-2 underline-offset-2 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500',
                  current ? 'font-semibold text-slate-900' : 'text-slate-600',
                )}
              >
                {LANGUAGE_NAMES[language]}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * The hero over the intro scene. It alone holds the intro's state, so the intro's end draws the
 * hero again and not the whole page (a phone's main thread is busy enough at that moment).
 */
function Hero() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const intro = useIntro({ signedIn: Boolean(user) });
  const settled = intro.phase === 'settled';
  return (
    <section
      aria-labelledby="hero-title"
      data-intro-phase={intro.phase}
      className="relative isolate overflow-hidden bg-slate-950 text-white"
    >
      <IntroScene phase={intro.phase} onEnd={intro.finish} />
      <div
        aria-hidden="true"
        className={cn(
          'absolute inset-0 bg-slate-950 transition-opacity duration-250',
          settled ? 'opacity-70' : 'opacity-0',
        )}
        data-testid="intro-dim"
      />
      {!settled ? (
        <button
          type="button"
          onClick={intro.finish}
          className="absolute right-3 bottom-24 z-20 min-h-11 rounded-lg bg-slate-900/80 px-4 py-2 text-sm font-medium text-white backdrop-blur hover:bg-slate-900 focus-visible:outline-2 focus-visible:outline-white sm:right-6 sm:bottom-28"
          data-testid="skip-intro"
        >
          {t('landing.intro.skip')}
        </button>
      ) : null}
      <div
        // While the intro plays the hero is invisible, so nothing in it can be focused.
        inert={!settled}
        className={cn('landing-content relative z-10', settled ? 'opacity-100' : 'opacity-0')}
        data-testid="landing-hero"
      >
        <div className="mx-auto w-full max-w-6xl px-4 pt-32 pb-20 sm:px-6 sm:pt-36 sm:pb-28">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
            <Sparkles aria-hidden="true" className="size-4" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-slate-200">{t('landing.hero.pitch')}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <StartButton testId="landing-start" />
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-white/10 text-white hover:bg-white/20"
            >
              <Link href="/card-demo" data-testid="watch-demo">
                <PlayCircle aria-hidden="true" />
                {t('landing.hero.demo')}
              </Link>
            </Button>
          </div>
          <HeroPromises />
        </div>
      </div>
    </section>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle();

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href="#main"
        data-testid="landing-skip-link"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-brand-500"
      >
        {t('common.skipToContent')}
      </a>
      <div className="relative">
        {/* The banner floats over the hero's dark scene and is usable while the intro plays. */}
        <header className="absolute inset-x-0 top-0 z-30 text-white">
          <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-x-2 gap-y-1 px-3 py-3 sm:px-6 sm:py-4">
            <div className="flex items-center gap-1">
              <LandingMenu />
              <Logo onDark />
            </div>
            <div className="ml-auto flex flex-wrap items-center justify-end gap-1.5 sm:gap-2">
              <LanguageSwitcher className="[&_select]:h-9 [&_select]:pl-2 sm:[&_select]:h-10" />
              <AccountLinks onDark />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
          <Hero />

          <div className="flex flex-1 flex-col gap-16 py-12 sm:gap-20 sm:py-16">
            <div className="relative z-10 -mt-20 sm:-mt-24">
              <LandingStats />
            </div>

            <FairCountdowns />

            <section
              aria-labelledby="features-title"
              className="mx-auto w-full max-w-6xl px-4 sm:px-6"
            >
              <h2
                id="features-title"
                className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
              >
                {t('landing.features.title')}
              </h2>
              <p className="mt-2 text-slate-600">{t('landing.features.subtitle')}</p>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {FEATURES.map(({ key, icon: Icon }) => (
                  <li
                    key={key}
                    className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
                    data-testid="feature-card"
                  >
                    <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                      <Icon aria-hidden="true" className="size-5" />
                    </span>
                    <h3 className="mt-3 font-semibold text-slate-900">
                      {t(`landing.features.items.${key}.title`)}
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {t(`landing.features.items.${key}.text`)}
                    </p>
                  </li>
                ))}
              </ul>
            </section>

            <section
              aria-labelledby="steps-title"
              className="mx-auto w-full max-w-6xl px-4 sm:px-6"
            >
              <h2
                id="steps-title"
                className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
              >
                {t('landing.steps.title')}
              </h2>
              <ol className="mt-6 grid gap-4 sm:grid-cols-3">
                {STEPS.map(({ key, icon: Icon }, index) => (
                  <li
                    key={key}
                    className="relative rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                  >
                    <div className="flex items-center gap-3">
                      <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-600 font-semibold text-white">
                        {index + 1}
                      </span>
                      <Icon aria-hidden="true" className="size-5 text-brand-700" />
                    </div>
                    <h3 className="mt-3 font-semibold text-slate-900">
                      {t(`landing.steps.items.${key}.title`)}
                    </h3>
                    <p className="mt-1 text-sm text-slate-600">
                      {t(`landing.steps.items.${key}.text`)}
                    </p>
                  </li>
                ))}
              </ol>
            </section>

            <Testimonials />

            <section aria-labelledby="cta-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
              <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-900 px-6 py-10 text-center text-white sm:px-12">
                <h2 id="cta-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
                  {t('landing.cta.title')}
                </h2>
                <CtaText />
                <div className="mt-6 flex flex-wrap justify-center gap-3">
                  <StartButton
                    testId="cta-start"
                    className="bg-white text-brand-800 hover:bg-brand-50"
                  />
                  <Button
                    asChild
                    size="lg"
                    variant="outline"
                    className="border-white/40 bg-transparent text-white hover:bg-white/10"
                  >
                    <Link href="/card-demo">{t('landing.hero.demo')}</Link>
                  </Button>
                </div>
              </div>
            </section>
          </div>
        </main>
      </div>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 text-sm text-slate-600 sm:grid-cols-[1fr_auto] sm:px-6">
          <div>
            <Logo />
            <p className="mt-2 max-w-md">{t('landing.footer.tagline')}</p>
          </div>
          <nav aria-label={t('landing.footer.navLabel')}>
            <ul className="grid grid-cols-2 gap-x-8 gap-y-2">
              <li>
                <Link href="/card-demo" className="hover:text-slate-900 hover:underline">
                  {t('landing.footer.gallery')}
                </Link>
              </li>
              <li>
                <Link href="/user-details" className="hover:text-slate-900 hover:underline">
                  {t('nav.createCard')}
                </Link>
              </li>
              <li>
                <Link href="/corporate-dashboard" className="hover:text-slate-900 hover:underline">
                  {t('nav.corporate')}
                </Link>
              </li>
              <li>
                <Link href="/my-cards" className="hover:text-slate-900 hover:underline">
                  {t('nav.myCards')}
                </Link>
              </li>
            </ul>
          </nav>
          <div className="flex flex-wrap items-center gap-x-3 text-xs text-slate-500 sm:col-span-2">
            <p>{t('landing.footer.copyright')}</p>
            <FooterLanguages />
          </div>
        </div>
      </footer>
    </div>
  );
}
