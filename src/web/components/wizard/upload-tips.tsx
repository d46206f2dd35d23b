import { Lightbulb } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MAX_DOCUMENTS_PER_UPLOAD } from '#shared/schemas/cards.ts';

/** What to upload for good answers, what else helps, and the limits. */
export function UploadTips() {
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
      <Tip title={t('upload.tipBestTitle')} text={t('upload.tipBestText')} />
      <Tip title={t('upload.tipAlsoTitle')} text={t('upload.tipAlsoText')} />
      <Tip
        title={t('upload.tipLimitsTitle')}
        text={t('upload.tipLimitsText', { count: MAX_DOCUMENTS_PER_UPLOAD, size: '150 MB' })}
      />
    </section>
  );
}

function Tip({ title, text }: { title: string; text: string }) {
  return (
    <div className="grid content-start gap-1">
      <p className="font-medium">{title}</p>
      <p className="text-brand-900/80">{text}</p>
    </div>
  );
}
