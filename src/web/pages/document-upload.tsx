import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  CircleAlert,
  CircleCheck,
  Clock,
  FileText,
  FileUp,
  Lightbulb,
  Trash2,
} from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import {
  DOCUMENT_ACCEPT,
  MAX_DOCUMENTS_PER_UPLOAD,
  type TDocument,
} from '#shared/schemas/cards.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { WizardProgress } from '../components/wizard/wizard-progress.tsx';
import { LoadFailed, MissingSession } from '../components/wizard/wizard-states.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import {
  cardDocumentsKey,
  isDocumentBusy,
  useAuthExpiredHandler,
  useCard,
  useCardDocuments,
} from '../lib/cards/queries.ts';
import { isAbort, uploadDocument } from '../lib/cards/upload-document.ts';
import { formatBytes, selectDocuments, type DocumentRejection } from '../lib/cards/upload-rules.ts';
import { useWizardIds } from '../lib/cards/wizard-ids.ts';
import { cn } from '../lib/utils.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';

/** Two files travel at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 2;

type Phase = 'queued' | 'uploading' | 'uploaded' | 'rejected' | 'failed';

interface UploadItem {
  key: string;
  file: File;
  phase: Phase;
  loaded: number;
  /** The server's document once the upload went through. */
  document?: TDocument;
  rejection?: DocumentRejection;
  /** The server's own words for a refused upload. */
  error?: string;
}

/** A row of the list: a local upload, or a document the card already had. */
interface Row {
  key: string;
  name: string;
  size: number;
  item?: UploadItem;
  document?: TDocument;
}

let itemCounter = 0;

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
  const queryClient = useQueryClient();
  const { pathId, query } = useWizardIds();
  const handleAuthExpired = useAuthExpiredHandler();
  const documents = useCardDocuments(cardId);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [nextError, setNextError] = useState<string | null>(null);
  const aborts = useRef(new Map<string, () => void>());
  const queue = useRef<UploadItem[]>([]);
  const active = useRef(0);
  const batch = useRef({ sent: 0, failed: 0 });

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  const refreshDocuments = useCallback(
    () => queryClient.invalidateQueries({ queryKey: cardDocumentsKey(cardId) }),
    [queryClient, cardId],
  );

  const pump = useCallback(() => {
    while (active.current < PARALLEL_UPLOADS && queue.current.length > 0) {
      const item = queue.current.shift();
      if (!item) break;
      active.current += 1;
      update(item.key, { phase: 'uploading' });
      const handle = uploadDocument(cardId, item.file, (loaded) => update(item.key, { loaded }));
      aborts.current.set(item.key, handle.abort);
      handle.promise
        .then((document) => {
          batch.current.sent += 1;
          update(item.key, { phase: 'uploaded', loaded: item.file.size, document });
          void refreshDocuments();
        })
        .catch((error: unknown) => {
          if (isAbort(error)) return;
          batch.current.failed += 1;
          if (handleAuthExpired(error)) {
            update(item.key, { phase: 'failed', error: t('wizard.authFailedText') });
            return;
          }
          update(item.key, { phase: 'failed', error: errorText(error, t('upload.failedText')) });
        })
        .finally(() => {
          aborts.current.delete(item.key);
          active.current -= 1;
          if (active.current === 0 && queue.current.length === 0) {
            const { sent, failed } = batch.current;
            batch.current = { sent: 0, failed: 0 };
            if (sent > 0 && failed === 0) {
              toast({
                title: t('upload.uploadedTitle'),
                description: t('upload.uploadedText', { count: sent }),
                variant: 'success',
              });
            } else if (failed > 0) {
              toast({
                title: t('upload.failedTitle'),
                description: t('upload.someFailed', { count: failed }),
                variant: 'destructive',
              });
            }
          }
          pump();
        });
    }
  }, [cardId, handleAuthExpired, refreshDocuments, t, update]);

  // Leaving the page stops uploads still running.
  useEffect(() => {
    const running = aborts.current;
    return () => {
      queue.current = [];
      for (const abort of running.values()) abort();
    };
  }, []);

  const serverDocuments = documents.data ?? [];
  const claimed = new Set(items.map((item) => item.document?.id).filter(Boolean));
  const earlier = serverDocuments.filter((document) => !claimed.has(document.id));
  const byId = new Map(serverDocuments.map((document) => [document.id, document]));

  const rows: Row[] = [
    ...earlier.map((document) => ({
      key: `doc-${document.id}`,
      name: document.fileName,
      size: document.fileSize,
      document,
    })),
    ...items.map((item) => ({
      key: item.key,
      name: item.file.name,
      size: item.file.size,
      item,
      document: item.document ? (byId.get(item.document.id) ?? item.document) : undefined,
    })),
  ];

  /** Documents that count against the limit of 10: on the server or on their way. */
  const counted =
    earlier.filter((document) => document.status !== 'failed').length +
    items.filter(
      (item) =>
        item.phase === 'queued' ||
        item.phase === 'uploading' ||
        (item.phase === 'uploaded' &&
          (byId.get(item.document?.id ?? 0) ?? item.document)?.status !== 'failed'),
    ).length;

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    setNextError(null);
    const { accepted, rejected } = selectDocuments(files, counted);
    const fresh: UploadItem[] = [
      ...accepted.map((file) => ({
        key: `up-${++itemCounter}`,
        file,
        phase: 'queued' as const,
        loaded: 0,
      })),
      ...rejected.map(({ file, reason }) => ({
        key: `up-${++itemCounter}`,
        file,
        phase: 'rejected' as const,
        loaded: 0,
        rejection: reason,
      })),
    ];
    setItems((current) => [...current, ...fresh]);
    queue.current.push(...fresh.filter((item) => item.phase === 'queued'));
    if (rejected.length > 0) {
      toast({
        title: t('upload.rejectedTitle'),
        description: t('upload.rejectedText', { count: rejected.length }),
        variant: 'destructive',
      });
    }
    pump();
  };

  const removeRow = async (row: Row) => {
    const { item, document } = row;
    if (item) {
      queue.current = queue.current.filter((queued) => queued.key !== item.key);
      aborts.current.get(item.key)?.();
      setItems((current) => current.filter((entry) => entry.key !== item.key));
    }
    if (document) {
      try {
        await apiRequest('DELETE', `/api/documents/${document.id}`);
      } catch (error) {
        if (handleAuthExpired(error)) return;
        toast({
          title: t('upload.removeFailedTitle'),
          description: errorText(error, t('general.tryAgain')),
          variant: 'destructive',
        });
      } finally {
        void refreshDocuments();
      }
    }
  };

  const uploading = items.some((item) => item.phase === 'queued' || item.phase === 'uploading');
  const usable = rows.filter(
    (row) => row.document !== undefined && row.document.status !== 'failed',
  );
  const ready = usable.filter((row) => row.document?.status === 'ready').length;
  const processing = usable.filter((row) => row.document && isDocumentBusy(row.document)).length;

  const goNext = () => {
    if (uploading) {
      setNextError(t('upload.waitForUploads'));
      return;
    }
    if (usable.length === 0) {
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
                {t('upload.summary', { ready, total: usable.length })}
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
                    onRemove={() => void removeRow(row)}
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

function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
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

type RowStatus =
  'queued' | 'uploading' | 'pending' | 'processing' | 'ready' | 'failed' | 'rejected';

function rowStatus(row: Row): RowStatus {
  const phase = row.item?.phase;
  if (phase === 'queued' || phase === 'uploading' || phase === 'rejected') return phase;
  if (phase === 'failed') return 'failed';
  return row.document?.status ?? 'pending';
}

function UploadRow({ row, locale, onRemove }: { row: Row; locale: string; onRemove: () => void }) {
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
