import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '#web/lib/utils.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/**
 * Something could not be loaded: the message and a Retry button. `destructive` (the default)
 * for a whole screen that cannot show, `warning` for one section of a screen that still works.
 */
export function RetryAlert({
  message,
  onRetry,
  variant = 'destructive',
  testId,
}: {
  message: string;
  onRetry: () => void;
  variant?: 'destructive' | 'warning';
  testId?: string;
}) {
  const { t } = useTranslation();
  const Icon = variant === 'warning' ? TriangleAlert : CircleAlert;
  return (
    <Alert variant={variant} data-testid={testId}>
      <Icon aria-hidden="true" />
      <div className={cn('grid', variant === 'warning' ? 'gap-2' : 'gap-3')}>
        <p>{message}</p>
        <div>
          <Button size="sm" variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
