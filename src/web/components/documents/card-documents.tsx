import { useQuery } from '@tanstack/react-query';
import { ScanText } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TDocument, TDocumentText } from '#shared/schemas/cards.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import {
  LazySourceViewer,
  type ViewerState,
} from '#web/components/source-preview/lazy-source-viewer.tsx';
import { SourceThumbnail } from '#web/components/source-preview/answer-sources.tsx';
import { Loading } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { apiRequest } from '#web/lib/api.ts';
import { pagePreviewPath, type PreviewSlide } from '#web/lib/source-preview.ts';
import { DropZone } from '#web/components/documents/upload-list.tsx';
import { UploadRows } from '#web/components/documents/upload-rows.tsx';
import {
  useDocumentUploads,
  type UploadRowData,
} from '#web/components/documents/use-document-uploads.ts';

/**
 * The card page's documents: add (the wizard's upload, progress and processing), remove after a
 * confirmation, and open "What the assistant reads" for each ready document.
 */
export function CardDocuments({ cardId }: { cardId: number }) {
  const { t } = useTranslation();
  const uploads = useDocumentUploads(cardId);
  const [confirming, setConfirming] = useState<UploadRowData | null>(null);
  const [removing, setRemoving] = useState(false);
  const [reading, setReading] = useState<TDocument | null>(null);

  const remove = (row: UploadRowData) => {
    // An upload still on its way just stops; a stored document is asked about first.
    if (!row.document) void uploads.removeRow(row);
    else setConfirming(row);
  };

  const confirmRemove = async () => {
    if (!confirming) return;
    setRemoving(true);
    const gone = await uploads.removeRow(confirming);
    setRemoving(false);
    setConfirming(null);
    if (gone) toast({ title: t('cardDocuments.removedTitle'), variant: 'success' });
  };

  return (
    <Card data-testid="card-documents">
      <CardHeader>
        <CardTitle className="text-lg">{t('cardDocuments.title')}</CardTitle>
        <p className="text-sm text-slate-600">{t('cardDocuments.subtitle')}</p>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <DropZone onFiles={uploads.addFiles} />
        <UploadRows
          uploads={uploads}
          onRemove={remove}
          actions={(row) =>
            row.document?.status === 'ready' ? (
              <Button
                variant="ghost"
                size="icon"
                className="size-9 text-slate-600 hover:text-brand-700"
                aria-label={`${t('cardDocuments.viewText')}: ${row.name}`}
                title={t('cardDocuments.viewText')}
                onClick={() => setReading(row.document ?? null)}
                data-testid="view-text"
              >
                <ScanText aria-hidden="true" />
              </Button>
            ) : null
          }
        />
      </CardContent>

      <AlertDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !removing && setConfirming(null)}
      >
        <AlertDialogContent data-testid="remove-document-dialog">
          <AlertDialogHeader>
            <AlertDialogTitle>
              {t('cardDocuments.removeTitle', { name: confirming?.name ?? '' })}
            </AlertDialogTitle>
            <AlertDialogDescription>{t('cardDocuments.removeText')}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={removing}>
              {t('cardDocuments.removeCancel')}
            </AlertDialogCancel>
            <AlertDialogAction
              destructive
              disabled={removing}
              data-testid="confirm-remove-document"
              onClick={(event) => {
                event.preventDefault();
                void confirmRemove();
              }}
            >
              {removing ? t('cardDocuments.removing') : t('cardDocuments.removeConfirm')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <DocumentTextDialog document={reading} onClose={() => setReading(null)} />
    </Card>
  );
}

/** "What the assistant reads": the document's text page by page, as the assistant has it. */
function DocumentTextDialog({
  document,
  onClose,
}: {
  document: TDocument | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const text = useQuery({
    queryKey: [`/api/documents/${document?.id ?? 0}/text`],
    queryFn: ({ signal }) =>
      apiRequest<TDocumentText>('GET', `/api/documents/${document?.id ?? 0}/text`, undefined, {
        signal,
      }),
    enabled: document !== null,
    staleTime: 0,
    retry: false,
  });
  const pages = text.data?.pages ?? [];
  const characters = pages.reduce((sum, page) => sum + page.text.length, 0);
  // Each page as the buyer sees it when the assistant cites it (a page that cannot be drawn
  // keeps only its text). Slides are keyed by the page's place in the list.
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const closeViewer = useCallback(() => setViewer(null), []);
  const slides: PreviewSlide[] = [];
  pages.forEach(({ page }, index) => {
    if (document && !failed.has(`${index}`))
      slides.push({
        key: `${index}`,
        src: pagePreviewPath(document.id, page),
        label:
          page === null
            ? document.fileName
            : `${document.fileName} · ${t('cardDocuments.page', { page })}`,
      });
  });

  return (
    <Dialog open={document !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        closeLabel={t('cardDocuments.close')}
        className="flex max-h-[90dvh] max-w-3xl flex-col"
        data-testid="document-text-dialog"
      >
        <DialogHeader>
          <DialogTitle className="break-words">
            {t('cardDocuments.viewerTitle', { name: document?.fileName ?? '' })}
          </DialogTitle>
          <DialogDescription>{t('cardDocuments.viewerDescription')}</DialogDescription>
        </DialogHeader>
        <div className="min-h-32 overflow-y-auto" data-testid="document-text">
          {text.isPending ? (
            <Loading message={t('cardDocuments.viewerLoading')} size="small" />
          ) : text.isError ? (
            <div
              className="grid justify-items-start gap-3"
              role="alert"
              data-testid="document-text-error"
            >
              <p className="text-sm text-red-800">{t('cardDocuments.viewerError')}</p>
              <Button size="sm" variant="outline" onClick={() => void text.refetch()}>
                {t('cardDocuments.retry')}
              </Button>
            </div>
          ) : text.data.status !== 'ready' ? (
            <p className="text-sm text-slate-600">{t('cardDocuments.viewerNotReady')}</p>
          ) : pages.length === 0 ? (
            <p className="text-sm text-slate-600" data-testid="document-text-empty">
              {t('cardDocuments.viewerEmpty')}
            </p>
          ) : (
            <div className="grid gap-4">
              <p className="text-xs text-slate-600">
                {t('cardDocuments.characters', {
                  count: characters,
                  formattedCount: characters.toLocaleString(i18n.language),
                })}
              </p>
              {pages.map((page, index) => {
                const slide = slides.findIndex((candidate) => candidate.key === `${index}`);
                return (
                  <section key={`${page.page ?? 'x'}-${index}`} className="grid gap-1">
                    <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                      {page.page === null
                        ? t('cardDocuments.noPage')
                        : t('cardDocuments.page', { page: page.page })}
                    </h3>
                    <div className="flex items-start gap-3">
                      {slide === -1 ? null : (
                        <SourceThumbnail
                          src={slides[slide]!.src}
                          label={t('cardDocuments.pagePreview', { page: page.page ?? 1 })}
                          onOpen={() => setViewer({ slides, index: slide })}
                          onFail={() => setFailed((current) => new Set(current).add(`${index}`))}
                        />
                      )}
                      <p
                        className="min-w-0 flex-1 rounded-lg bg-slate-50 p-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800"
                        data-testid="document-text-page"
                      >
                        {page.text}
                      </p>
                    </div>
                  </section>
                );
              })}
            </div>
          )}
        </div>
        <LazySourceViewer
          t={(key, values) => t(key, values)}
          state={viewer}
          onClose={closeViewer}
        />
      </DialogContent>
    </Dialog>
  );
}
