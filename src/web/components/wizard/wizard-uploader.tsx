import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { DropZone } from '#web/components/documents/upload-list.tsx';
import { UploadRows } from '#web/components/documents/upload-rows.tsx';
import { useDocumentUploads } from '#web/components/documents/use-document-uploads.ts';
import { UploadTips } from '#web/components/wizard/upload-tips.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useWizardIds } from '#web/lib/cards/wizard-ids.ts';

/**
 * The wizard's second step: the documents of the card, added and processed here; Next waits
 * for the uploads and needs one usable document.
 */
export function WizardUploader({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { pathId, query } = useWizardIds();
  const uploads = useDocumentUploads(cardId);
  const { uploading, usable } = uploads;
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
      <UploadTips />
      <Card>
        <CardHeader>
          <CardTitle>{t('upload.filesTitle')}</CardTitle>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <DropZone onFiles={addFiles} />
          <UploadRows uploads={uploads} onRemove={(row) => void uploads.removeRow(row)} />
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
