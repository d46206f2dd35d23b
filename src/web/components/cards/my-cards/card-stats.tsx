import { Activity, CalendarPlus, FileStack, LayoutGrid } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { cardStats } from '#web/lib/cards/card-stats.ts';
import { cn } from '#web/lib/utils.ts';

/** The four figures over the owner's cards; '…' while the list loads. */
export function CardStats({ cards, isPending }: { cards: TBusinessCard[]; isPending: boolean }) {
  const { t } = useTranslation();
  const stats = cardStats(cards);
  const figure = (value: number) => (isPending ? '…' : String(value));
  const tiles: CardStatProps[] = [
    {
      icon: <LayoutGrid aria-hidden="true" />,
      label: t('myCards.statTotal'),
      value: figure(stats.total),
      testId: 'stat-total',
    },
    {
      icon: <FileStack aria-hidden="true" />,
      label: t('myCards.statDocuments'),
      value: figure(stats.documents),
      testId: 'stat-documents',
    },
    {
      icon: <CalendarPlus aria-hidden="true" />,
      label: t('myCards.statNewThisWeek'),
      value: figure(stats.newThisWeek),
      testId: 'stat-new-this-week',
    },
    {
      icon: <Activity aria-hidden="true" />,
      label: t('myCards.statStatus'),
      value: t('myCards.statusActive'),
      tone: 'success',
      testId: 'stat-status',
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="card-stats">
      {tiles.map((tile) => (
        <CardStat key={tile.testId} {...tile} />
      ))}
    </dl>
  );
}

interface CardStatProps {
  icon: ReactNode;
  label: string;
  value: string;
  tone?: 'default' | 'success';
  testId: string;
}

/** One term and figure of the list above. */
function CardStat({ icon, label, value, tone = 'default', testId }: CardStatProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="flex items-center gap-2 text-sm text-slate-600 [&>svg]:size-4 [&>svg]:text-brand-700">
        {icon}
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={cn(
          'mt-2 text-2xl font-semibold tracking-tight sm:text-3xl',
          tone === 'success' ? 'text-emerald-700' : 'text-slate-900',
        )}
      >
        {value}
      </dd>
    </div>
  );
}
