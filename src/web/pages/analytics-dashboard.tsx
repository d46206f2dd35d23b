import { Activity, LayoutDashboard, MessagesSquare, TrendingUp, Users } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CHAT_SOURCES } from '#shared/chat-source.ts';
import type { TAnalyticsDays } from '#shared/schemas/analytics.ts';
import { AnalyticsLoadFailed, NoVisitorsYet } from '#web/components/analytics/analytics-states.tsx';
import { AnswerFigures } from '#web/components/answers/answer-figures.tsx';
import { CardRanking } from '#web/components/analytics/card-ranking.tsx';
import { DaysPicker } from '#web/components/analytics/days-picker.tsx';
import { DeviceChart } from '#web/components/analytics/device-chart.tsx';
import { useAnalyticsFormat } from '#web/components/analytics/format.ts';
import { SessionsTable } from '#web/components/analytics/sessions-table.tsx';
import { ShareBars } from '#web/components/analytics/share-bars.tsx';
import { StatTiles } from '#web/components/analytics/stat-tile.tsx';
import { TrafficChart } from '#web/components/analytics/traffic-chart.tsx';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { useTrafficAnalytics, useVisitorAnalytics } from '#web/lib/analytics/queries.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

export default function AnalyticsDashboardPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('analytics.title'));
  const [days, setDays] = useState<TAnalyticsDays>(7);
  return (
    <PageContainer width="wide">
      <PageHeader
        title={t('analytics.title')}
        description={t('analytics.subtitle')}
        action={
          <Button asChild variant="outline">
            <Link href="/corporate-dashboard">
              <LayoutDashboard aria-hidden="true" />
              {t('pages.corporateDashboard.title')}
            </Link>
          </Button>
        }
      />
      <div className="mb-6">
        <DaysPicker value={days} onChange={setDays} />
      </div>
      <Figures days={days} />
      <div className="mt-6">
        <AnswerFigures days={days} />
      </div>
    </PageContainer>
  );
}

function Figures({ days }: { days: TAnalyticsDays }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const visitors = useVisitorAnalytics(days);
  const traffic = useTrafficAnalytics(days);

  if (visitors.isPending || traffic.isPending) return <Loading message={t('common.loading')} />;
  if (visitors.isError || traffic.isError) {
    return (
      <AnalyticsLoadFailed
        onRetry={() => {
          void visitors.refetch();
          void traffic.refetch();
        }}
      />
    );
  }
  const v = visitors.data;
  const tr = traffic.data;
  const sessions = v.businessCardPerformance.reduce((sum, card) => sum + card.sessions, 0);
  const leads = v.businessCardPerformance.reduce((sum, card) => sum + card.leads, 0);
  const conversion = sessions > 0 ? Math.round((leads / sessions) * 1000) / 10 : 0;

  return (
    <div className="grid gap-6">
      <StatTiles
        tiles={[
          {
            testId: 'kpi-visitors',
            icon: Users,
            label: t('analytics.kpi.visitors'),
            value: format.number(v.totalSessions),
          },
          {
            testId: 'kpi-active',
            icon: Activity,
            label: t('analytics.kpi.active'),
            value: format.number(v.activeSessions),
          },
          {
            testId: 'kpi-messages',
            icon: MessagesSquare,
            label: t('analytics.kpi.messages'),
            value: format.number(v.totalMessages),
          },
          {
            testId: 'kpi-conversion',
            icon: TrendingUp,
            label: t('analytics.kpi.conversion'),
            value: format.percent(conversion),
          },
        ]}
      />

      {v.totalSessions === 0 && tr.totalSessions === 0 ? (
        <NoVisitorsYet />
      ) : (
        <Tabs defaultValue="overview" className="grid gap-4">
          <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
            <TabsTrigger value="overview">{t('analytics.tab.overview')}</TabsTrigger>
            <TabsTrigger value="sessions">{t('analytics.tab.sessions')}</TabsTrigger>
            <TabsTrigger value="traffic">{t('analytics.tab.traffic')}</TabsTrigger>
            <TabsTrigger value="performance">{t('analytics.tab.performance')}</TabsTrigger>
          </TabsList>

          <TabsContent value="overview" className="grid gap-4 lg:grid-cols-3">
            <Section title={t('analytics.sourcesTitle')}>
              <ShareBars
                testId="traffic-sources"
                rows={CHAT_SOURCES.map((source) => ({
                  key: source,
                  label: t(`analytics.source.${source}`),
                  value: tr.trafficSources[source],
                }))}
              />
            </Section>
            <Section title={t('analytics.devicesTitle')}>
              <DeviceChart devices={v.deviceBreakdown} />
            </Section>
            <Section title={t('analytics.locationsTitle')}>
              {tr.locationBreakdown.length === 0 ? (
                <p className="text-sm text-slate-600">{t('analytics.noLocations')}</p>
              ) : (
                <ShareBars
                  testId="locations"
                  rows={tr.locationBreakdown.slice(0, 8).map((row) => ({
                    key: row.country ?? 'unknown',
                    label: format.country(row.country),
                    value: row.sessions,
                  }))}
                />
              )}
            </Section>
          </TabsContent>

          <TabsContent value="sessions">
            <Section title={t('analytics.sessionsTitle')}>
              {v.recentSessions.length === 0 ? (
                <p className="text-sm text-slate-600">{t('analytics.noSessions')}</p>
              ) : (
                <SessionsTable sessions={v.recentSessions} />
              )}
            </Section>
          </TabsContent>

          <TabsContent value="traffic">
            <Section title={t('analytics.trendTitle', { days: tr.days })}>
              <TrafficChart daily={tr.daily} />
            </Section>
          </TabsContent>

          <TabsContent value="performance">
            <Section title={t('analytics.rankingTitle')}>
              {v.businessCardPerformance.length === 0 ? (
                <p className="text-sm text-slate-600">{t('analytics.noCards')}</p>
              ) : (
                <CardRanking cards={v.businessCardPerformance} />
              )}
            </Section>
          </TabsContent>
        </Tabs>
      )}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
