import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UploadRow } from '#web/components/documents/upload-list.tsx';
import type {
  UploadRowData,
  useDocumentUploads,
} from '#web/components/documents/use-document-uploads.ts';
import { Loading } from '#web/components/ui/spinner.tsx';

/**
 * A card's documents and uploads under the drop zone: how many are ready, then one row each
 * (with the caller's extra actions); "no documents yet" when there are none.
 */
export function UploadRows({
  uploads,
  onRemove,
  actions,
}: {
  uploads: ReturnType<typeof useDocumentUploads>;
  onRemove: (row: UploadRowData) => void;
  actions?: (row: UploadRowData) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { rows, documents, ready, usable, processing } = uploads;
  if (rows.length === 0) {
    return documents.isPending ? (
      <Loading message={false} size="small" />
    ) : (
      <p className="rounded-lg bg-slate-50 p-4 text-center text-sm text-slate-600">
        {t('upload.empty')}
      </p>
    );
  }
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite" data-testid="upload-summary">
        {t('upload.summary', { ready, total: usable })}
        {processing > 0 ? ` · ${t('upload.summaryProcessing', { count: processing })}` : null}
      </p>
      <ul className="grid grid-cols-1 gap-3" data-testid="upload-list">
        {rows.map((row) => (
          <UploadRow
            key={row.key}
            row={row}
            locale={i18n.language}
            onRemove={() => onRemove(row)}
            actions={actions?.(row)}
          />
        ))}
      </ul>
    </>
  );
}
