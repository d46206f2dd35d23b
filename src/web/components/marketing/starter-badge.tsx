import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';

/**
 * How often the owner used (copied) this text, as the server counted it; "not used yet"
 * before the first use. No score stands in for a figure nobody measured.
 */
export function UsesBadge({ uses }: { uses: number }) {
  const { t } = useTranslation();
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        uses > 0 ? 'bg-blue-100 text-blue-800' : 'bg-slate-100 text-slate-700',
      )}
      data-testid="starter-uses"
    >
      {uses > 0
        ? t('marketingText.starters.uses', { count: uses })
        : t('marketingText.common.notUsed')}
    </span>
  );
}
