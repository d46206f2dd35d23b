import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { RetryAlert } from '../ui/retry-alert.tsx';

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
    <RetryAlert message={t('analytics.loadFailed')} onRetry={onRetry} testId="analytics-error" />
  );
}
