import type { ReactNode } from 'react';
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
import { cn } from '#web/lib/utils.ts';
import { useAnalyticsFormat } from './format.ts';

export type TrendSeries<K extends string> = { key: K; color: string };

/**
 * Figures per day as one area line each (recharts), with a caption that says the same in
 * words: the chart is hidden from assistive technology, so it takes no tab stop either.
 */
export function AreaTrendChart<K extends string>({
  daily,
  series,
  seriesLabel,
  caption,
  testId,
  className,
}: {
  daily: Array<{ date: string } & Record<K, number>>;
  series: ReadonlyArray<TrendSeries<K>>;
  /** The name of a series in the tooltip and legend. */
  seriesLabel: (key: string) => string;
  caption: ReactNode;
  testId: string;
  /** The chart area's height classes. */
  className: string;
}) {
  const format = useAnalyticsFormat();
  return (
    <figure className="grid gap-2" data-testid={testId}>
      <div className={cn('w-full', className)} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
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
              formatter={(value, name) => [format.number(Number(value)), seriesLabel(String(name))]}
            />
            <Legend formatter={(name) => seriesLabel(String(name))} />
            {series.map((line) => (
              <Area
                key={line.key}
                type="monotone"
                dataKey={line.key}
                stroke={line.color}
                fill={line.color}
                fillOpacity={0.12}
                strokeWidth={2}
                isAnimationActive={false}
              />
            ))}
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}
