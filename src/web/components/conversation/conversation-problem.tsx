import { ArrowLeft, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageContainer } from '#web/components/layout/app-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';

/** The conversation is not there (another owner's, or deleted), or could not be read. */
export function ConversationProblem({
  notFound,
  onRetry,
}: {
  notFound: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PageContainer width="narrow">
      <div
        className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm"
        data-testid={notFound ? 'conversation-not-found' : 'conversation-error'}
      >
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <div className="grid gap-1">
          <h1 className="text-xl font-semibold text-slate-900">
            {notFound ? t('conversation.notFoundTitle') : t('general.errorTitle')}
          </h1>
          <p className="text-sm text-slate-600">
            {notFound ? t('conversation.notFoundText') : t('conversation.loadFailed')}
          </p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">
          {notFound ? null : (
            <Button variant="outline" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          )}
          <Button asChild>
            <Link href="/my-cards">
              <ArrowLeft aria-hidden="true" />
              {t('conversation.back')}
            </Link>
          </Button>
        </div>
      </div>
    </PageContainer>
  );
}
