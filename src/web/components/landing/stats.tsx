import { BarChart3, CreditCard, MessagesSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '#web/lib/intl-format.ts';
import { usePublicAnalytics } from '#web/lib/landing/queries.ts';

const FIGURES = [
  { key: 'totalBusinessCards', icon: CreditCard },
  { key: 'totalVisitors', icon: Users },
  { key: 'totalMessages', icon: MessagesSquare },
  { key: 'conversionRate', icon: BarChart3 },
] as const;

/** The four public figures, with a placeholder until they arrive. */
export function LandingStats() {
  const { t, i18n } = useTranslation();
  const analytics = usePublicAnalytics();
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { maximumFractionDigits: 1 });

  return (
    <section aria-labelledby="stats-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <h2 id="stats-title" className="sr-only">
        {t('landing.stats.title')}
      </h2>
      <dl
        className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 lg:grid-cols-4"
        aria-busy={analytics.isPending}
        data-testid="landing-stats"
      >
        {FIGURES.map(({ key, icon: Icon }) => {
          const value = analytics.data?.[key];
          return (
            // dl > div > (dt, dd) only: the icon sits inside the term, placed beside the pair.
            <div key={key} className="relative min-h-11 min-w-0 pl-14">
              <dt className="text-sm text-slate-600">
                <span className="absolute top-1/2 left-0 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                {t(`landing.stats.${key}`)}
              </dt>
              <dd
                className="text-2xl font-bold text-slate-900 tabular-nums"
                data-testid={`stat-${key}`}
              >
                {analytics.isPending ? (
                  <span
                    className="mt-1 block h-7 w-16 animate-pulse rounded-md bg-slate-200"
                    data-testid="stat-loading"
                  >
                    <span className="sr-only">{t('landing.stats.loading')}</span>
                  </span>
                ) : value === undefined ? (
                  t('landing.stats.unavailable')
                ) : key === 'conversionRate' ? (
                  `${percent.format(value)}%`
                ) : (
                  number.format(value)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
