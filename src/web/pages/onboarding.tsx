import { useQuery } from '@tanstack/react-query';
import { BarChart3, CheckCircle2, Clock, LayoutTemplate, Star, Users } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TOnboarding, TOnboardingStep } from '#shared/onboarding.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { ProgressRing } from '../components/onboarding/progress-ring.tsx';
import { ONBOARDING_KEY } from '../components/onboarding/queries.ts';
import { WelcomeDialog } from '../components/onboarding/welcome-dialog.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { apiRequest, errorText } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

const SUGGESTIONS: { key: string; href: string; icon: ReactNode }[] = [
  {
    key: 'analytics',
    href: '/analytics',
    icon: <BarChart3 aria-hidden="true" className="size-5" />,
  },
  {
    key: 'pipeline',
    href: '/sales-pipeline',
    icon: <Users aria-hidden="true" className="size-5" />,
  },
  {
    key: 'demo',
    href: '/card-demo',
    icon: <LayoutTemplate aria-hidden="true" className="size-5" />,
  },
];

/** The onboarding guide: five steps from the user's real data. */
export default function OnboardingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('onboarding.title'));
  const checklist = useRef<HTMLOListElement>(null);
  const guide = useQuery({
    queryKey: ONBOARDING_KEY,
    queryFn: () => apiRequest<TOnboarding>('GET', '/api/onboarding'),
    refetchOnWindowFocus: true,
  });

  if (guide.isPending) return <Loading fullPage />;
  if (guide.isError) {
    return (
      <PageContainer width="narrow">
        <p className="text-red-700" role="alert">
          {errorText(guide.error, t('onboarding.loadFailed'))}
        </p>
        <Button className="mt-4" onClick={() => void guide.refetch()}>
          {t('common.retry')}
        </Button>
      </PageContainer>
    );
  }
  const data = guide.data;
  const focusFirstOpenStep = () =>
    // After the dialog has closed and given focus back.
    setTimeout(
      () => checklist.current?.querySelector<HTMLElement>('[data-open-step] a')?.focus(),
      50,
    );

  return (
    <PageContainer>
      <PageHeader title={t('onboarding.title')} description={t('onboarding.subtitle')} />
      <WelcomeDialog guide={data} onStart={focusFirstOpenStep} />

      <Card className="mb-6">
        <CardContent className="flex flex-col items-center gap-6 py-6 sm:flex-row">
          <ProgressRing value={data.progress} label={t('onboarding.progressLabel')} />
          <dl
            className="grid w-full grid-cols-1 gap-3 sm:grid-cols-3"
            data-testid="onboarding-summary"
          >
            <Figure
              icon={<CheckCircle2 aria-hidden="true" className="size-5 text-emerald-700" />}
              label={t('onboarding.progressLabel')}
              value={t('onboarding.stepsDone', {
                done: data.completedCount,
                total: data.totalSteps,
              })}
              testId="onboarding-progress"
            />
            <Figure
              icon={<Star aria-hidden="true" className="size-5 text-amber-600" />}
              label={t('onboarding.pointsLabel')}
              value={t('onboarding.points', { earned: data.pointsEarned, total: data.pointsTotal })}
              testId="onboarding-points"
            />
            <Figure
              icon={<Clock aria-hidden="true" className="size-5 text-brand-700" />}
              label={t('onboarding.checklist')}
              value={
                data.minutesLeft === 0
                  ? t('onboarding.allDone')
                  : t('onboarding.minutesLeft', { minutes: data.minutesLeft })
              }
              testId="onboarding-minutes"
            />
          </dl>
        </CardContent>
      </Card>

      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t('onboarding.checklist')}</h2>
      <ol ref={checklist} className="grid gap-3" data-testid="onboarding-steps">
        {data.steps.map((step, index) => (
          <StepRow key={step.id} step={step} number={index + 1} />
        ))}
      </ol>

      <h2 className="mt-8 mb-3 text-lg font-semibold text-slate-900">
        {t('onboarding.suggestions.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {SUGGESTIONS.map((suggestion) => (
          <li key={suggestion.key}>
            <Link
              href={suggestion.href}
              className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-brand-500"
            >
              <span className="text-brand-700">{suggestion.icon}</span>
              <span className="font-medium text-slate-900">
                {t(`onboarding.suggestions.${suggestion.key}.title`)}
              </span>
              <span className="text-sm text-slate-600">
                {t(`onboarding.suggestions.${suggestion.key}.text`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </PageContainer>
  );
}

function Figure({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <dt className="flex items-center gap-2 text-sm text-slate-600">
        {icon}
        {label}
      </dt>
      <dd className="mt-0.5 font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

function StepRow({ step, number }: { step: TOnboardingStep; number: number }) {
  const { t } = useTranslation();
  const title = t(`onboarding.steps.${step.id}.title`);
  return (
    <li
      className={`flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center ${step.completed ? 'border-emerald-200 bg-emerald-50/50' : 'border-slate-200 bg-white'}`}
      data-testid={`onboarding-step-${step.id}`}
      data-completed={step.completed}
      {...(step.completed ? {} : { 'data-open-step': true })}
    >
      <span
        className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${step.completed ? 'bg-emerald-600 text-white' : 'bg-slate-100 text-slate-700'}`}
        aria-hidden="true"
      >
        {step.completed ? <CheckCircle2 className="size-5" /> : number}
      </span>
      <div className="min-w-0 flex-1">
        <h3 className="font-medium text-slate-900">
          {title}
          {step.completed ? (
            <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">
              {t('onboarding.done')}
            </span>
          ) : null}
        </h3>
        <p className="text-sm text-slate-600">{t(`onboarding.steps.${step.id}.description`)}</p>
        <p className="mt-1 flex gap-3 text-xs text-slate-600">
          <span>{t('onboarding.stepPoints', { points: step.points })}</span>
          <span>{t('onboarding.stepMinutes', { minutes: step.estimatedTime })}</span>
        </p>
      </div>
      <Button asChild variant={step.completed ? 'outline' : 'default'} size="sm">
        <Link
          href={step.href}
          aria-label={`${step.completed ? t('onboarding.open') : t('onboarding.start')}: ${title}`}
        >
          {step.completed ? t('onboarding.open') : t('onboarding.start')}
        </Link>
      </Button>
    </li>
  );
}
