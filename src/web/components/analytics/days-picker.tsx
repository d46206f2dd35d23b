import { useTranslation } from 'react-i18next';
import { ANALYTICS_DAYS, type TAnalyticsDays } from '#shared/schemas/analytics.ts';
import { cn } from '#web/lib/utils.ts';

/** 7 / 30 / 90 days: a group of toggle buttons (keyboard: Tab and Enter/Space). */
export function DaysPicker({
  value,
  onChange,
}: {
  value: TAnalyticsDays;
  onChange: (days: TAnalyticsDays) => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('analytics.period')}
      className="inline-flex rounded-lg bg-slate-100 p-1"
    >
      {ANALYTICS_DAYS.map((option) => {
        const days = Number(option) as TAnalyticsDays;
        const active = days === value;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(days)}
            className={cn(
              'h-9 cursor-pointer rounded-md px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500',
              active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {t('analytics.pastDays', { days })}
          </button>
        );
      })}
    </div>
  );
}
