import {
  BarChart3,
  BellRing,
  Compass,
  CreditCard,
  Gauge,
  Megaphone,
  MessageCircleQuestion,
  MessagesSquare,
  Mic,
  Palette,
  ShieldCheck,
  Target,
  TrendingUp,
  UserRound,
  Users,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AnalyticsLoadFailed } from '#web/components/analytics/analytics-states.tsx';
import { QuestionsBadge } from '#web/components/answers/questions-link.tsx';
import { useAnalyticsFormat } from '#web/components/analytics/format.ts';
import { StatTiles } from '#web/components/analytics/stat-tile.tsx';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { GuideState, useGuide } from '#web/components/onboarding/guide-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { useAnalyticsDashboard } from '#web/lib/analytics/queries.ts';
import { useUnansweredCounts } from '#web/lib/answers/queries.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** The feature cards; `page` names the locale section with title and text. */
const FEATURES: Array<{ href: string; page: string; icon: LucideIcon }> = [
  { href: '/analytics', page: 'analytics', icon: BarChart3 },
  { href: '/sales-pipeline', page: 'salesPipeline', icon: Target },
  { href: '/social-transformer', page: 'socialTransformer', icon: Megaphone },
  { href: '/conversation-starter', page: 'conversationStarter', icon: MessagesSquare },
  { href: '/event-poster', page: 'eventPoster', icon: CreditCard },
  { href: '/color-palette', page: 'colorPalette', icon: Palette },
  { href: '/audio-content', page: 'audioContent', icon: Mic },
  { href: '/push-notifications', page: 'pushNotifications', icon: BellRing },
  { href: '/red-list-management', page: 'redListManagement', icon: ShieldCheck },
];

export default function CorporateDashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.corporateDashboard.title'));
  const dashboard = useAnalyticsDashboard(7);
  const format = useAnalyticsFormat();
  const figures = dashboard.data;
  const guide = useGuide();
  const unanswered = useUnansweredCounts();

  return (
    <PageContainer width="wide">
      <PageHeader
        title={t('pages.corporateDashboard.title')}
        description={t('pages.corporateDashboard.description')}
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link href="/my-cards">
                <CreditCard aria-hidden="true" />
                {t('corporate.myCards', { count: figures?.totalBusinessCards ?? 0 })}
              </Link>
            </Button>
            <Button asChild variant="outline">
              {/* The company profile (account's profile tab), not the new-card wizard. */}
              <Link href="/user-management" data-testid="corporate-profile">
                <UserRound aria-hidden="true" />
                {t('corporate.profile')}
              </Link>
            </Button>
          </div>
        }
      />

      <section aria-labelledby="corporate-figures" className="mb-8">
        <h2 id="corporate-figures" className="sr-only">
          {t('corporate.figuresTitle')}
        </h2>
        {dashboard.isPending ? (
          <Loading message={t('common.loading')} />
        ) : dashboard.isError || !figures ? (
          <AnalyticsLoadFailed onRetry={() => void dashboard.refetch()} />
        ) : (
          <StatTiles
            tiles={[
              {
                testId: 'tile-visits',
                icon: Users,
                label: t('corporate.totalVisits'),
                value: format.number(figures.totalVisitors),
                growth: figures.visitorGrowth,
                periodDays: figures.days,
              },
              {
                testId: 'tile-cards',
                icon: CreditCard,
                label: t('corporate.activeCards'),
                value: format.number(figures.totalBusinessCards),
              },
              {
                testId: 'tile-conversion',
                icon: TrendingUp,
                label: t('corporate.conversionRate'),
                value: format.percent(figures.conversionRate),
                growth: figures.conversionGrowth,
                periodDays: figures.days,
              },
              {
                testId: 'tile-engagement',
                icon: MessagesSquare,
                label: t('corporate.engagementRate'),
                value: format.percent(figures.engagementRate),
                growth: figures.engagementGrowth,
                periodDays: figures.days,
              },
            ]}
          />
        )}
      </section>

      <section aria-labelledby="corporate-features" className="mb-8">
        <h2 id="corporate-features" className="mb-4 text-lg font-semibold text-slate-900">
          {t('corporate.featuresTitle')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ href, page, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
              >
                <Icon aria-hidden="true" className="size-6 text-brand-700" />
                <span className="font-semibold text-slate-900">{t(`pages.${page}.title`)}</span>
                <span className="text-sm text-slate-600">{t(`pages.${page}.description`)}</span>
              </Link>
            </li>
          ))}
          <li>
            {/* What buyers asked that the documents do not answer, with its count. */}
            <Link
              href="/questions-to-answer"
              data-testid="feature-questions"
              className="flex h-full flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              <span className="flex items-center justify-between gap-2">
                <MessageCircleQuestion aria-hidden="true" className="size-6 text-brand-700" />
                <QuestionsBadge count={unanswered.data?.total ?? 0} />
              </span>
              <span className="font-semibold text-slate-900">
                {t('pages.questionsToAnswer.title')}
              </span>
              <span className="text-sm text-slate-600">
                {t('pages.questionsToAnswer.description')}
              </span>
            </Link>
          </li>
          <li>
            {/* Video generation is shown, disabled, "function being optimised". */}
            <div
              aria-disabled="true"
              data-testid="feature-video"
              className="flex h-full cursor-not-allowed flex-col gap-2 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4 text-slate-500"
            >
              <Video aria-hidden="true" className="size-6" />
              <span className="font-semibold">{t('pages.videoGeneration.title')}</span>
              <span className="text-sm">{t('corporate.videoComingSoon')}</span>
              <span className="w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                {t('comingNext.badge')}
              </span>
            </div>
          </li>
        </ul>
      </section>

      <section aria-labelledby="corporate-actions">
        <h2 id="corporate-actions" className="mb-4 text-lg font-semibold text-slate-900">
          {t('corporate.quickActions')}
        </h2>
        <Card>
          <CardContent className="flex flex-wrap gap-3 p-4">
            <Button asChild>
              <Link href="/analytics">
                <Gauge aria-hidden="true" />
                {t('corporate.openAnalytics')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/my-cards">{t('corporate.manageCards')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/user-management">{t('corporate.profile')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/onboarding" data-testid="corporate-guide">
                <Compass aria-hidden="true" />
                {t('onboarding.link')}
                {guide ? <GuideState guide={guide} /> : null}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </section>
    </PageContainer>
  );
}
