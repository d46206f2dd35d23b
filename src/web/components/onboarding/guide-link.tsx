import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TOnboarding } from '#shared/onboarding.ts';
import { useCurrentUser } from '#web/lib/session.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';
import { ONBOARDING_KEY, fetchOnboarding, guideIsDue } from './queries.ts';

/** The signed-in user's guide (null while loading, signed out, or when it could not be read). */
export function useGuide(): TOnboarding | null {
  const { user } = useCurrentUser();
  const guide = useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: fetchOnboarding,
    enabled: Boolean(user),
    staleTime: 60_000,
    retry: false,
  });
  return user ? (guide.data ?? null) : null;
}

/** "Done" once the welcome was answered or every step is done; else "2 of 5". */
export function GuideState({ guide, className }: { guide: TOnboarding; className?: string }) {
  const { t } = useTranslation();
  const done = !guideIsDue(guide);
  return (
    <span
      data-testid="guide-state"
      data-done={done}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        done ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-50 text-brand-800',
        className,
      )}
    >
      {done ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : null}
      {done
        ? t('onboarding.linkDone')
        : t('onboarding.linkProgress', { done: guide.completedCount, total: guide.totalSteps })}
    </span>
  );
}

/**
 * The guide on the owner's dashboard (my cards): while it is due, a panel with the progress and
 * one action; once done, a quiet link that says so.
 */
export function GuidePanel() {
  const { t } = useTranslation();
  const guide = useGuide();
  if (!guide) return null;
  if (!guideIsDue(guide)) {
    return (
      <p className="mb-6 text-sm" data-testid="dashboard-guide" data-done="true">
        <Link
          href="/onboarding"
          className="inline-flex items-center gap-2 rounded-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <Compass aria-hidden="true" className="size-4" />
          {t('onboarding.link')}
          <GuideState guide={guide} />
        </Link>
      </p>
    );
  }
  return (
    <section
      aria-labelledby="dashboard-guide-title"
      data-testid="dashboard-guide"
      data-done="false"
      className="mb-6 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50/60 p-4 sm:flex-row sm:items-center"
    >
      <Compass aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h2 id="dashboard-guide-title" className="font-semibold text-slate-900">
          {t('onboarding.panelTitle')}
        </h2>
        <p className="text-sm text-slate-700">
          {t('onboarding.stepsDone', { done: guide.completedCount, total: guide.totalSteps })}
        </p>
      </div>
      <Button asChild size="sm">
        <Link href="/onboarding">{t('onboarding.panelOpen')}</Link>
      </Button>
    </section>
  );
}
