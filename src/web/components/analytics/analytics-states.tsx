import { CircleAlert, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

/** No visitor yet: the one thing that changes that is sharing the QR code. */
export function NoVisitorsYet() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={QrCode}
      title={t('analytics.emptyTitle')}
      text={t('analytics.emptyText')}
      testId="analytics-empty"
      action={
        <Button asChild>
          <Link href="/my-cards">{t('analytics.emptyAction')}</Link>
        </Button>
      }
    />
  );
}

/** The figures could not be loaded; offers a retry. */
export function AnalyticsLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" data-testid="analytics-error">
      <CircleAlert aria-hidden="true" />
      <div className="grid gap-3">
        <p>{t('analytics.loadFailed')}</p>
        <div>
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
