import { useTranslation } from 'react-i18next';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { WizardProgress } from '#web/components/wizard/wizard-progress.tsx';
import { LoadFailed, MissingSession } from '#web/components/wizard/wizard-states.tsx';
import { WizardUploader } from '#web/components/wizard/wizard-uploader.tsx';
import { isApiError } from '#web/lib/api.ts';
import { useCard } from '#web/lib/cards/queries.ts';
import { useWizardIds } from '#web/lib/cards/wizard-ids.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

/** /document-upload/{cardId}: step 2 of the wizard, once the card is known to exist. */
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
        <WizardUploader cardId={cardId} />
      )}
    </PageContainer>
  );
}
