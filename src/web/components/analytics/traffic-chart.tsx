import { useTranslation } from 'react-i18next';
import type { TTrafficAnalytics } from '#shared/schemas/analytics.ts';
import { AreaTrendChart } from './area-trend-chart.tsx';
import { useAnalyticsFormat } from './format.ts';

const SERIES = [
  { key: 'sessions', color: '#2563eb' },
  { key: 'messages', color: '#0d9488' },
  { key: 'leads', color: '#d97706' },
] as const;

/** Visitors, messages and leads per day (recharts). A summary table follows for screen readers. */
export function TrafficChart({ daily }: { daily: TTrafficAnalytics['daily'] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const totals = SERIES.map((series) => ({
    ...series,
    total: daily.reduce((sum, day) => sum + day[series.key], 0),
  }));
  return (
    <AreaTrendChart
      daily={daily}
      series={SERIES}
      seriesLabel={(name) => t(`analytics.series.${name}`)}
      testId="traffic-chart"
      className="h-64 sm:h-80"
      caption={t('analytics.trendSummary', {
        days: daily.length,
        sessions: format.number(totals[0]!.total),
        messages: format.number(totals[1]!.total),
        leads: format.number(totals[2]!.total),
      })}
    />
  );
}
