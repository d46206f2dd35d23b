import { CircleAlert, CircleCheck, Clock, FileText, FileUp, Trash2 } from 'lucide-react';
import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT, MAX_DOCUMENTS_PER_UPLOAD } from '#shared/schemas/cards.ts';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { formatBytes } from '#web/lib/cards/upload-rules.ts';
import { cn } from '#web/lib/utils.ts';
import type { UploadRowData } from './use-document-uploads.ts';

/* The pieces of a document upload list: the drop zone, a row with its progress and status. */

export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    onFiles([...event.dataTransfer.files]);
  };
  return (
    <label
      htmlFor={id}
      data-testid="upload-dropzone"
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors duration-150 has-[:focus-visible]:border-brand-500 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
        over
          ? 'border-brand-500 bg-brand-50'
          : 'border-slate-300 bg-slate-50/60 hover:border-brand-400 hover:bg-brand-50/50',
      )}
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
        <FileUp aria-hidden="true" className="size-6" />
      </span>
      <span className="grid gap-1">
        <span className="font-medium text-slate-900">{t('upload.dropTitle')}</span>
        <span className="text-sm text-slate-600">{t('upload.dropText')}</span>
      </span>
      <span className="inline-flex h-9 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white shadow-sm">
        {t('upload.chooseFiles')}
      </span>
      <input
        id={id}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        className="sr-only"
        data-testid="upload-input"
        aria-label={t('upload.chooseFiles')}
        onChange={(event) => {
          onFiles([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </label>
  );
}

export type RowStatus =
  'queued' | 'uploading' | 'pending' | 'processing' | 'ready' | 'failed' | 'rejected';

export function rowStatus(row: UploadRowData): RowStatus {
  const phase = row.item?.phase;
  if (phase === 'queued' || phase === 'uploading' || phase === 'rejected') return phase;
  if (phase === 'failed') return 'failed';
  return row.document?.status ?? 'pending';
}

export function UploadRow({
  row,
  locale,
  onRemove,
  actions,
}: {
  row: UploadRowData;
  locale: string;
  onRemove: () => void;
  /** More buttons for the row (the card page's "What the assistant reads"). */
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const status = rowStatus(row);
  const { item } = row;
  const percent =
    item && row.size > 0 ? Math.min(100, Math.round((item.loaded / row.size) * 100)) : 0;
  const reason =
    status === 'rejected' && item?.rejection
      ? t(`upload.rejection.${item.rejection}`, { count: MAX_DOCUMENTS_PER_UPLOAD })
      : status === 'failed'
        ? (item?.error ?? row.document?.error ?? t('upload.processingFailed'))
        : null;
  return (
    <li
      data-testid="upload-item"
      data-status={status}
      data-name={row.name}
      className={cn(
        'grid grid-cols-1 gap-2 rounded-lg border p-3 sm:p-4',
        status === 'failed' || status === 'rejected'
          ? 'border-red-200 bg-red-50/60'
          : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex items-center gap-3">
        <FileText aria-hidden="true" className="size-5 shrink-0 text-slate-500" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900" title={row.name}>
            {row.name}
          </p>
          <p className="text-xs text-slate-600">{formatBytes(row.size, locale)}</p>
        </div>
        <StatusChip status={status} percent={percent} />
        {actions}
        <Button
          variant="ghost"
          size="icon"
          className="size-9 text-slate-500 hover:text-red-700"
          aria-label={t('upload.remove', { name: row.name })}
          onClick={onRemove}
          data-testid="upload-remove"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {status === 'uploading' ? (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={t('upload.progressLabel', { name: row.name })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className="h-full rounded-full bg-brand-600 transition-[width] duration-150"
              style={{ width: `${percent}%` }}
            />
          </div>
          <p className="text-xs text-slate-600">
            {t('upload.bytesSent', {
              sent: formatBytes(item?.loaded ?? 0, locale),
              total: formatBytes(row.size, locale),
            })}
          </p>
        </div>
      ) : null}
      {row.document?.progressText && status !== 'failed' ? (
        <p className="text-xs text-slate-600" aria-live="polite" data-testid="upload-item-progress">
          {row.document.progressText}
        </p>
      ) : null}
      {reason ? (
        <p className="text-sm text-red-800" data-testid="upload-item-error">
          {reason}
        </p>
      ) : null}
    </li>
  );
}

function StatusChip({ status, percent }: { status: RowStatus; percent: number }) {
  const { t } = useTranslation();
  const styles: Record<RowStatus, string> = {
    queued: 'bg-slate-100 text-slate-700',
    uploading: 'bg-brand-50 text-brand-800',
    pending: 'bg-slate-100 text-slate-700',
    processing: 'bg-amber-50 text-amber-900',
    ready: 'bg-emerald-50 text-emerald-800',
    failed: 'bg-red-100 text-red-800',
    rejected: 'bg-red-100 text-red-800',
  };
  const icon =
    status === 'ready' ? (
      <CircleCheck aria-hidden="true" className="size-3.5" />
    ) : status === 'failed' || status === 'rejected' ? (
      <CircleAlert aria-hidden="true" className="size-3.5" />
    ) : status === 'processing' || status === 'uploading' ? (
      <Spinner size="small" className="size-3.5 text-current" />
    ) : (
      <Clock aria-hidden="true" className="size-3.5" />
    );
  return (
    <span
      data-testid="upload-status"
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-medium whitespace-nowrap',
        styles[status],
      )}
    >
      {icon}
      {status === 'uploading'
        ? t('upload.status.uploading', { percent })
        : t(`upload.status.${status}`)}
    </span>
  );
}
