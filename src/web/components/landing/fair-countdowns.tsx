import { CalendarDays, MapPin, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TTradeFair } from '#shared/schemas/public.ts';
import {
  COUNTDOWN_TICK_MS,
  hasUpcoming,
  visibleCountdowns,
  type CountdownState,
} from '#web/lib/fairs/countdown.ts';
import { dateTimeFormat } from '#web/lib/intl-format.ts';
import { useTradeFairs } from '#web/lib/landing/queries.ts';
import { cn } from '#web/lib/utils.ts';
import { Button } from '../ui/button.tsx';

/** The current time, renewed every second. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Fairs are dated in China and Hong Kong time, wherever the reader is. */
const FAIR_DATES: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'Asia/Shanghai',
};

function FairCard({ state }: { state: CountdownState<TTradeFair> }) {
  const { t, i18n } = useTranslation();
  const { fair } = state;
  const dates = dateTimeFormat(i18n.language, FAIR_DATES).formatRange(
    new Date(fair.startsAt),
    new Date(fair.endsAt),
  );
  const name = t(`fairs.items.${fair.slug}.name`, { defaultValue: fair.name });
  const location = t(`fairs.items.${fair.slug}.location`, { defaultValue: fair.location });
  const units = ['days', 'hours', 'minutes', 'seconds'] as const;

  return (
    <li
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="fair-card"
      data-slug={fair.slug}
      data-status={state.status}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold break-words text-slate-900">{name}</h3>
        <span
          className={cn(
            'shrink-0 rounded-full px-2 py-0.5 text-xs font-medium',
            fair.region === 'hong-kong' ? 'bg-rose-50 text-rose-800' : 'bg-brand-50 text-brand-800',
          )}
        >
          {t(`fairs.regions.${fair.region}`)}
        </span>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        {dates}
      </p>
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 break-words">{location}</span>
      </p>
      {state.status === 'upcoming' ? (
        <div
          className="mt-auto grid grid-cols-4 gap-2 text-center"
          role="timer"
          aria-label={t('fairs.startsIn', { name })}
          data-testid="fair-countdown"
        >
          {units.map((unit) => (
            <div key={unit} className="rounded-lg bg-slate-900 px-1 py-2 text-white">
              <span className="block text-xl font-bold tabular-nums">{state.left[unit]}</span>
              <span className="block text-xs text-slate-300">{t(`fairs.units.${unit}`)}</span>
            </div>
          ))}
        </div>
      ) : (
        <p
          className={cn(
            'mt-auto flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium',
            state.status === 'running'
              ? 'bg-emerald-50 text-emerald-800'
              : 'bg-slate-100 text-slate-700',
          )}
          data-testid="fair-status"
        >
          <Timer aria-hidden="true" className="size-4" />
          {t(state.status === 'running' ? 'fairs.running' : 'fairs.ended')}
        </p>
      )}
    </li>
  );
}

const FIRST_SHOWN = 6;

/** Countdowns to the next trade fairs, ticking every second. */
export function FairCountdowns() {
  const { t } = useTranslation();
  const fairs = useTradeFairs();
  const now = useNow(COUNTDOWN_TICK_MS);
  const [showAll, setShowAll] = useState(false);
  const states = visibleCountdowns(fairs.data ?? [], now);
  const shown = showAll ? states : states.slice(0, FIRST_SHOWN);

  return (
    <section
      aria-labelledby="fairs-title"
      className="mx-auto w-full max-w-6xl px-4 sm:px-6"
      data-testid="fair-countdowns"
    >
      <h2 id="fairs-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('fairs.title')}
      </h2>
      <p className="mt-2 text-slate-600">{t('fairs.subtitle')}</p>
      {fairs.isPending ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((index) => (
            <li key={index} className="h-48 animate-pulse rounded-xl bg-slate-100" />
          ))}
        </ul>
      ) : fairs.isError ? (
        <p className="mt-6 rounded-xl bg-slate-100 p-5 text-slate-700">{t('fairs.loadFailed')}</p>
      ) : !hasUpcoming(states) ? (
        <p className="mt-6 rounded-xl bg-slate-100 p-5 text-slate-700" data-testid="no-fairs">
          {t('fairs.none')}
        </p>
      ) : (
        <>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((state) => (
              <FairCard key={state.fair.id} state={state} />
            ))}
          </ul>
          {states.length > FIRST_SHOWN ? (
            <Button
              variant="outline"
              className="mt-4"
              onClick={() => setShowAll((value) => !value)}
              aria-expanded={showAll}
              data-testid="fairs-toggle"
            >
              {showAll ? t('fairs.showFewer') : t('fairs.showAll', { count: states.length })}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
