import { useTranslation } from 'react-i18next';
import type { TVisitorAnalytics } from '#shared/schemas/analytics.ts';
import { useAnalyticsFormat } from './format.ts';

/** The owner's cards, most visited first, with messages, leads and conversion. */
export function CardRanking({ cards }: { cards: TVisitorAnalytics['businessCardPerformance'] }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  return (
    <ol className="grid gap-3" data-testid="card-ranking">
      {cards.map((card, index) => (
        <li
          key={card.businessCardId}
          className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 p-3"
        >
          <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-700">
            {index + 1}
          </span>
          <p className="min-w-0 flex-1 font-medium break-words text-slate-900">
            {format.cardName(card.cardName, card.businessCardId)}
          </p>
          <dl className="grid grid-cols-4 gap-3 text-center text-sm sm:gap-6">
            {(
              [
                ['sessions', format.number(card.sessions)],
                ['messages', format.number(card.messages)],
                ['leads', format.number(card.leads)],
                ['conversion', format.percent(card.conversionRate)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="grid">
                <dt className="text-xs text-slate-500">{t(`analytics.col.${key}`)}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
