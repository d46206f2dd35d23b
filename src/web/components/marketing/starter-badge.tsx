import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

/**
 * The effectiveness percentage (at least 90 green, 80 blue, 70 yellow, below
 * grey), with the rule's parts as its title when given.
 */
export function EffectivenessBadge({
  value,
  reasons,
}: {
  value: number;
  reasons?: ReadonlyArray<{ key: string; points: number }>;
}) {
  const { t } = useTranslation();
  const colour =
    value >= 90
      ? 'bg-emerald-100 text-emerald-800'
      : value >= 80
        ? 'bg-blue-100 text-blue-800'
        : value >= 70
          ? 'bg-amber-100 text-amber-900'
          : 'bg-slate-100 text-slate-700';
  const explained = reasons?.map((part) => `${t(part.key)} +${part.points}`).join(' · ');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        colour,
      )}
      title={explained}
      data-testid="effectiveness"
    >
      {t('marketingText.common.effectiveness', { value })}
    </span>
  );
}

/** Why the score: each part of the rule with its points, in small print. */
export function ScoreReasons({
  reasons,
}: {
  reasons: ReadonlyArray<{ key: string; points: number }>;
}) {
  const { t } = useTranslation();
  return (
    <p className="text-xs text-slate-600">
      {reasons.map((part) => `${t(part.key)} +${part.points}`).join(' · ')}
    </p>
  );
}
