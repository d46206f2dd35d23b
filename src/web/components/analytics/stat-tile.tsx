import { ArrowDownRight, ArrowUpRight, Minus, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { useAnalyticsFormat } from '#web/components/analytics/format.ts';

export interface StatTileProps {
  icon: LucideIcon;
  label: string;
  value: string;
  growth?: number | null;
  periodDays?: number;
  testId?: string;
}

/** A row of figures: two to a row on a phone, four on a wide screen. */
export function StatTiles({ tiles }: { tiles: StatTileProps[] }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {tiles.map((tile) => (
        <StatTile key={tile.testId ?? tile.label} {...tile} />
      ))}
    </div>
  );
}

/**
 * One figure with, when given, its growth against the previous period: an arrow up (green),
 * down (red) or flat, and "new" when there was nothing before (growth null).
 */
export function StatTile({ icon: Icon, label, value, growth, periodDays, testId }: StatTileProps) {
  return (
    <Card data-testid={testId}>
      <CardContent className="grid gap-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-slate-600">{label}</p>
          <span className="inline-flex size-9 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon aria-hidden="true" className="size-5" />
          </span>
        </div>
        <p className="text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{value}</p>
        {growth !== undefined ? <Growth value={growth} days={periodDays ?? 7} /> : null}
      </CardContent>
    </Card>
  );
}

function Growth({ value, days }: { value: number | null; days: number }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const period = t('analytics.vsPrevious', { days });
  if (value === null) {
    return (
      <p className="text-xs font-medium text-brand-700">
        {t('analytics.growthNew')} <span className="text-slate-500">{period}</span>
      </p>
    );
  }
  const Arrow = value > 0 ? ArrowUpRight : value < 0 ? ArrowDownRight : Minus;
  const label =
    value > 0
      ? t('analytics.growthUp', { value: format.percent(value) })
      : value < 0
        ? t('analytics.growthDown', { value: format.percent(Math.abs(value)) })
        : t('analytics.growthFlat');
  return (
    <p
      className={cn(
        'inline-flex flex-wrap items-center gap-1 text-xs font-medium',
        value > 0 ? 'text-emerald-700' : value < 0 ? 'text-red-700' : 'text-slate-600',
      )}
    >
      <Arrow aria-hidden="true" className="size-4" />
      <span>{label}</span>
      <span className="text-slate-500">{period}</span>
    </p>
  );
}
