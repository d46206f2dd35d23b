import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Building2, Files, HardDrive, QrCode, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { AnalysisSummary } from '../components/cards/analysis-summary.tsx';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { WizardProgress } from '../components/wizard/wizard-progress.tsx';
import { LoadFailed, MissingSession } from '../components/wizard/wizard-states.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { cardKey, invalidateCardQueries, useAuthExpiredHandler } from '../lib/cards/queries.ts';
import { formatBytes } from '../lib/cards/upload-rules.ts';
import { useCardAnalysis } from '../lib/cards/use-card-analysis.ts';
import { useWizardIds } from '../lib/cards/wizard-ids.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function AnalysisPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('analysis.title'));
  const { cardId } = useWizardIds();
  return (
    <PageContainer>
      <PageHeader title={t('analysis.title')} description={t('analysis.subtitle')} />
      <WizardProgress step={3} next={t('wizard.next.analysis')} />
      {cardId === null ? <MissingSession /> : <Summary cardId={cardId} />}
    </PageContainer>
  );
}

function Summary({ cardId }: { cardId: number }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { pathId, query } = useWizardIds();
  const handleAuthExpired = useAuthExpiredHandler();
  const { card, documents, processing, ready, analysis, estimated } = useCardAnalysis(cardId);

  const finalize = useMutation({
    mutationFn: () =>
      apiRequest<TBusinessCard>('POST', `/api/business-cards/${cardId}/finalize`, {
        cardDesign: 'default',
      }),
    onSuccess: async (finished) => {
      queryClient.setQueryData(cardKey(finished.id), finished);
      await invalidateCardQueries(queryClient);
      toast({ title: t('analysis.generatedTitle'), variant: 'success' });
      navigate(`/result/${finished.id}`);
    },
    onError: (error) => {
      if (handleAuthExpired(error)) return;
      toast({
        title: t('general.errorTitle'),
        description: errorText(error, t('analysis.generateFailed')),
        variant: 'destructive',
      });
    },
  });

  if (card.isPending) return <Loading />;
  if (card.isError) {
    return isApiError(card.error) && card.error.status === 404 ? (
      <MissingSession />
    ) : (
      <LoadFailed onRetry={() => void card.refetch()} />
    );
  }

  const data = card.data;
  const usable = documents.filter((document) => document.status !== 'failed');
  const totalSize = usable.reduce((sum, document) => sum + document.fileSize, 0);
  const dash = t('result.none');

  return (
    <div className="grid grid-cols-1 gap-6">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="analysis-facts">
        <Fact
          icon={<UserRound aria-hidden="true" />}
          label={t('analysis.username')}
          value={data.contactPerson ?? (data.user.username || dash)}
        />
        <Fact
          icon={<Building2 aria-hidden="true" />}
          label={t('analysis.company')}
          value={data.companyName ?? data.user.companyName ?? dash}
        />
        <Fact
          icon={<Files aria-hidden="true" />}
          label={t('analysis.documents')}
          value={String(usable.length)}
          testId="analysis-document-count"
        />
        <Fact
          icon={<HardDrive aria-hidden="true" />}
          label={t('analysis.totalSize')}
          value={formatBytes(totalSize, i18n.language)}
        />
      </dl>

      <Card>
        <CardHeader>
          <CardTitle>{t('analysis.resultTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          {processing ? (
            <p className="flex items-center gap-2 text-sm text-slate-700" role="status">
              <Spinner size="small" />
              {t('modelSelection.processingText', { ready, total: documents.length })}
            </p>
          ) : null}
          {analysis ? (
            <AnalysisSummary analysis={analysis} estimated={estimated} />
          ) : (
            <Loading message={t('modelSelection.analysingText')} size="small" />
          )}
          <p className="border-t border-slate-100 pt-4 text-sm text-slate-700">
            {t('analysis.selectedModel')}{' '}
            <span className="font-semibold text-slate-900" data-testid="analysis-selected-model">
              {t(`modelSelection.models.${data.selectedAiModel}.name`)}
            </span>
          </p>
        </CardContent>
      </Card>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button asChild variant="outline">
          <Link href={`/document-upload/${pathId ?? cardId}${query}`}>
            <ArrowLeft aria-hidden="true" />
            {t('wizard.back')}
          </Link>
        </Button>
        <Button
          size="lg"
          disabled={finalize.isPending}
          onClick={() => finalize.mutate()}
          data-testid="generate-card"
        >
          {finalize.isPending ? (
            <Spinner size="small" className="text-current" />
          ) : (
            <QrCode aria-hidden="true" />
          )}
          {finalize.isPending ? t('analysis.generating') : t('analysis.generate')}
        </Button>
      </div>
    </div>
  );
}

function Fact({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-2 text-xs font-medium tracking-wide text-slate-500 uppercase [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-brand-700">
        {icon}
        {label}
      </dt>
      <dd
        className="mt-1.5 line-clamp-2 text-lg font-semibold break-words text-slate-900"
        title={value}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
