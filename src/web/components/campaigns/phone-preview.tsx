import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** How the campaign looks as a notification on a visitor's phone (updates as the owner types). */
export function PhonePreview({
  title,
  message,
  actionText,
}: {
  title: string;
  message: string;
  actionText: string;
}) {
  const { t } = useTranslation();
  return (
    <figure className="grid justify-items-center gap-2" data-testid="campaign-preview">
      <div
        aria-hidden="true"
        className="w-64 rounded-[2rem] border-8 border-slate-800 bg-gradient-to-b from-slate-700 to-slate-900 p-3 pt-8 shadow-lg"
      >
        <div className="mx-auto -mt-6 mb-4 h-4 w-20 rounded-full bg-slate-800" />
        <div className="rounded-xl bg-white/95 p-3 text-left shadow">
          <div className="mb-1 flex items-center gap-1.5 text-[11px] text-slate-500">
            <span className="inline-flex size-4 items-center justify-center rounded bg-brand-600 text-white">
              <BellRing className="size-2.5" />
            </span>
            <span className="font-medium">{t('campaigns.editor.previewApp')}</span>
            <span className="ml-auto">{t('campaigns.editor.previewNow')}</span>
          </div>
          <p className="text-sm font-semibold break-words text-slate-900">
            {title || t('campaigns.editor.titleField')}
          </p>
          <p className="line-clamp-4 text-xs break-words text-slate-700">
            {message || t('campaigns.editor.message')}
          </p>
          {actionText ? (
            <p className="mt-2 rounded-md bg-slate-100 py-1 text-center text-xs font-semibold text-brand-800">
              {actionText}
            </p>
          ) : null}
        </div>
        <div className="h-40" />
      </div>
      <figcaption className="text-xs text-slate-600">
        {t('campaigns.editor.previewHint')}
      </figcaption>
    </figure>
  );
}
