import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { RetryAlert } from '../ui/retry-alert.tsx';

/** No card to work on ("Missing business card session. Please start over."). */
export function MissingSession() {
  const { t } = useTranslation();
  return (
    <Alert variant="destructive" data-testid="missing-session">
      <CircleAlert aria-hidden="true" />
      <div className="grid gap-3">
        <p className="font-medium">{t('wizard.missingSession')}</p>
        <div>
          <Button asChild size="sm">
            <Link href="/user-details">{t('wizard.startOver')}</Link>
          </Button>
        </div>
      </div>
    </Alert>
  );
}

/** The card or its documents could not be loaded for another reason than "not found". */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <RetryAlert message={t('wizard.loadFailed')} onRetry={onRetry} />;
}
