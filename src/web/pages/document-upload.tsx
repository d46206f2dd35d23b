import { ArrowLeft, ArrowRight, Lightbulb } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { MAX_DOCUMENTS_PER_UPLOAD } from '#shared/schemas/cards.ts';
import { DropZone, UploadRow } from '../components/documents/upload-list.tsx';
import { useDocumentUploads } from '../components/documents/use-document-uploads.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { WizardProgress } from '../components/wizard/wizard-progress.tsx';
import { LoadFailed, MissingSession } from '../components/wizard/wizard-states.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { isApiError } from '../lib/api.ts';
import { useCard } from '../lib/cards/queries.ts';
import { useWizardIds } from '../lib/cards/wizard-ids.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

export default function DocumentUploadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('upload.title'));
  const { cardId } = useWizardIds();
  const card = useCard(cardId);

  return (
    <PageContainer>
      <PageHeader title={t('upload.title')} description={t('upload.subtitle')} />
      <WizardProgress step={2} next={t('wizard.next.upload')} />
      {cardId === null ? (
        <MissingSession />
      ) : card.isPending ? (
        <Loading />
      ) : card.isError ? (
        isApiError(card.error) && card.error.status === 404 ? (
          <MissingSession />
        ) : (
          <LoadFailed onRetry={() => void card.refetch()} />
        )
      ) : (
        <Uploader cardId={cardId} />
      )}
    </PageContainer>
  );
}

function Uploader({ cardId }: { cardId: number }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { pathId, query } = useWizardIds();
  const uploads = useDocumentUploads(cardId);
  const { documents, rows, uploading, usable, ready, processing } = uploads;
  const [nextError, setNextError] = useState<string | null>(null);

  const addFiles = (files: File[]) => {
    if (files.length > 0) setNextError(null);
    uploads.addFiles(files);
  };

  const goNext = () => {
    if (uploading) {
      setNextError(t('upload.waitForUploads'));
      return;
    }
    if (usable === 0) {
      setNextError(t('upload.atLeastOne'));
      toast({ title: t('upload.atLeastOne'), variant: 'destructive' });
      return;
    }
    navigate(`/ai-model-selection/${pathId ?? cardId}${query}`);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <Recommendations />
      <Card>
        <CardHeader>
          <CardTitle>{t('upload.filesTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <DropZone onFiles={addFiles} />
          {rows.length > 0 ? (
            <>
              <p className="text-sm text-slate-700" aria-live="polite" data-testid="upload-summary">
                {t('upload.summary', { ready, total: usable })}
                {processing > 0
                  ? ` · ${t('upload.summaryProcessing', { count: processing })}`
                  : null}
              </p>
              <ul className="grid grid-cols-1 gap-3" data-testid="upload-list">
                {rows.map((row) => (
                  <UploadRow
                    key={row.key}
                    row={row}
                    locale={i18n.language}
                    onRemove={() => void uploads.removeRow(row)}
                  />
                ))}
              </ul>
            </>
          ) : documents.isPending ? (
            <Loading message={false} size="small" />
          ) : (
            <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">
              {t('upload.empty')}
            </p>
          )}
          {nextError ? (
            <p role="alert" className="text-sm font-medium text-red-700" data-testid="upload-error">
              {nextError}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-between">
            <Button asChild variant="outline">
              <Link href="/user-details">
                <ArrowLeft aria-hidden="true" />
                {t('wizard.back')}
              </Link>
            </Button>
            <Button onClick={goNext} data-testid="upload-next">
              {t('wizard.nextButton')}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function Recommendations() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="upload-tips"
      className="grid gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900 sm:grid-cols-3 sm:p-5"
    >
      <h2 id="upload-tips" className="flex items-center gap-2 font-semibold sm:col-span-3">
        <Lightbulb aria-hidden="true" className="size-5" />
        {t('upload.tipsTitle')}
      </h2>
      <div className="grid content-start gap-1">
        <p className="font-medium">{t('upload.tipBestTitle')}</p>
        <p className="text-brand-900/80">{t('upload.tipBestText')}</p>
      </div>
      <div className="grid content-start gap-1">
        <p className="font-medium">{t('upload.tipAlsoTitle')}</p>
        <p className="text-brand-900/80">{t('upload.tipAlsoText')}</p>
      </div>
      <div className="grid content-start gap-1">
        <p className="font-medium">{t('upload.tipLimitsTitle')}</p>
        <p className="text-brand-900/80">
          {t('upload.tipLimitsText', { count: MAX_DOCUMENTS_PER_UPLOAD, size: '150 MB' })}
        </p>
      </div>
    </section>
  );
}
