import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDocument } from '#shared/schemas/cards.ts';
import { toast } from '../ui/use-toast.ts';
import { apiRequest, errorText } from '#web/lib/api.ts';
import {
  CARDS_KEY,
  cardDocumentsKey,
  cardKey,
  isDocumentBusy,
  useAuthExpiredHandler,
  useCardDocuments,
} from '#web/lib/cards/queries.ts';
import { isAbort, uploadDocument } from '#web/lib/cards/upload-document.ts';
import { selectDocuments, type DocumentRejection } from '#web/lib/cards/upload-rules.ts';

/*
 * Uploading documents to a card, one place for the wizard's upload step and the card page:
 * two files travel at once, the rest wait; each shows its bytes, then the server's processing
 * status (polled); a refused file says why; removing a row stops its upload or deletes it.
 */

/** Two files travel at once; the rest wait their turn. */
const PARALLEL_UPLOADS = 2;

export type UploadPhase = 'queued' | 'uploading' | 'uploaded' | 'rejected' | 'failed';

export interface UploadItem {
  key: string;
  file: File;
  phase: UploadPhase;
  loaded: number;
  /** The server's document once the upload went through. */
  document?: TDocument;
  rejection?: DocumentRejection;
  /** The server's own words for a refused upload. */
  error?: string;
}

/** A row of the list: a local upload, or a document the card already had. */
export interface UploadRowData {
  key: string;
  name: string;
  size: number;
  item?: UploadItem;
  document?: TDocument;
}

let itemCounter = 0;

export function useDocumentUploads(cardId: number) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const documents = useCardDocuments(cardId);
  const [items, setItems] = useState<UploadItem[]>([]);
  const aborts = useRef(new Map<string, () => void>());
  const queue = useRef<UploadItem[]>([]);
  const active = useRef(0);
  const batch = useRef({ sent: 0, failed: 0 });

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  /** The list, and the card (its document count and analysis follow the documents). */
  const refreshDocuments = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: cardDocumentsKey(cardId) });
    void queryClient.invalidateQueries({ queryKey: cardKey(cardId) });
    void queryClient.invalidateQueries({ queryKey: CARDS_KEY, exact: true });
  }, [queryClient, cardId]);

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

  const rows: UploadRowData[] = [
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

  /** Stops a row's upload, or deletes its document on the server. True when it is gone. */
  const removeRow = async (row: UploadRowData): Promise<boolean> => {
    const { item, document } = row;
    if (item) {
      queue.current = queue.current.filter((queued) => queued.key !== item.key);
      aborts.current.get(item.key)?.();
      setItems((current) => current.filter((entry) => entry.key !== item.key));
    }
    if (!document) return true;
    try {
      await apiRequest('DELETE', `/api/documents/${document.id}`);
      return true;
    } catch (error) {
      if (handleAuthExpired(error)) return false;
      toast({
        title: t('upload.removeFailedTitle'),
        description: errorText(error, t('general.tryAgain')),
        variant: 'destructive',
      });
      return false;
    } finally {
      void refreshDocuments();
    }
  };

  const uploading = items.some((item) => item.phase === 'queued' || item.phase === 'uploading');
  const usable = rows.filter(
    (row) => row.document !== undefined && row.document.status !== 'failed',
  );
  const ready = usable.filter((row) => row.document?.status === 'ready').length;
  const processing = usable.filter((row) => row.document && isDocumentBusy(row.document)).length;

  return {
    documents,
    rows,
    addFiles,
    removeRow,
    uploading,
    usable: usable.length,
    ready,
    processing,
  };
}
