import { BarChart3, ImageUp, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/** Logo upload, the newest card's analysis, and a refresh of the list. */
export function QuickActions({
  newest,
  isFetching,
  onRefresh,
}: {
  newest: TBusinessCard | undefined;
  isFetching: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="quick-actions"
      className="mt-6 flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <h2 id="quick-actions" className="px-2 text-sm font-semibold text-slate-800">
        {t('myCards.quickActions')}
      </h2>
      <Button asChild variant="ghost" size="sm">
        <Link href="/logo-upload" data-testid="quick-logo-upload">
          <ImageUp aria-hidden="true" />
          {t('myCards.uploadLogo')}
        </Link>
      </Button>
      {newest ? (
        <Button asChild variant="ghost" size="sm">
          <Link href={`/analysis/${newest.userId}?businessCardId=${newest.id}`}>
            <BarChart3 aria-hidden="true" />
            {t('myCards.viewAnalysis')}
          </Link>
        </Button>
      ) : (
        <Button variant="ghost" size="sm" disabled>
          <BarChart3 aria-hidden="true" />
          {t('myCards.viewAnalysis')}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        onClick={onRefresh}
        disabled={isFetching}
        data-testid="cards-refresh"
      >
        <RefreshCw aria-hidden="true" className={cn(isFetching && 'motion-safe:animate-spin')} />
        {t('myCards.refresh')}
      </Button>
    </section>
  );
}
