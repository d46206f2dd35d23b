import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { TTrafficAnalytics } from '#shared/schemas/analytics.ts';
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
    <figure className="grid gap-2" data-testid="traffic-chart">
      <div className="h-64 w-full sm:h-80" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {/* Hidden from assistive technology (the summary and table say the same), so it
              takes no tab stop either. */}
          <AreaChart data={daily} margin={{ top: 8, right: 8, left: -16, bottom: 0 }} tabIndex={-1}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis
              dataKey="date"
              tickFormatter={format.day}
              tick={{ fontSize: 12, fill: '#475569' }}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} width={48} />
            <Tooltip
              labelFormatter={(label) => format.day(String(label))}
              formatter={(value, name) => [
                format.number(Number(value)),
                t(`analytics.series.${String(name)}`),
              ]}
            />
            <Legend formatter={(name) => t(`analytics.series.${String(name)}`)} />
            {SERIES.map((series) => (
              <Area
                key={series.key}
                type="monotone"
                dataKey={series.key}
                stroke={series.color}
                fill={series.color}
                fillOpacity={0.12}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-slate-600">
        {t('analytics.trendSummary', {
          days: daily.length,
          sessions: format.number(totals[0]!.total),
          messages: format.number(totals[1]!.total),
          leads: format.number(totals[2]!.total),
        })}
      </figcaption>
    </figure>
  );
}
