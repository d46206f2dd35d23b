import { CalendarDays, Copy, Download, Eye, MapPin, Users } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPoster } from '#shared/marketing/poster.ts';
import { errorText } from '#web/lib/api.ts';
import { cn } from '#web/lib/utils.ts';
import { QrDownloadsReach } from '../cards/phone-reach.tsx';
import { Button } from '../ui/button.tsx';
import { Card, CardContent } from '../ui/card.tsx';
import { Dialog, DialogContent, DialogTitle } from '../ui/dialog.tsx';
import { toast } from '../ui/use-toast.ts';
import { downloadPoster } from './poster-queries.ts';

/** The QR code the download adds, shown on the preview in the same corner. */
function useQrDataUrl(path: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(new URL(path, window.location.origin).toString(), { margin: 1, width: 240 })
      .then((data) => live && setUrl(data))
      .catch(() => live && setUrl(null));
    return () => {
      live = false;
    };
  }, [path]);
  return url;
}

export function PosterVersions({
  posters,
  selectedId,
  onSelect,
}: {
  posters: TPoster[];
  selectedId: number;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  if (posters.length < 2) return null;
  return (
    <section aria-label={t('posters.page.versions')} className="mb-4">
      <h2 className="mb-2 text-sm font-semibold text-slate-700">{t('posters.page.versions')}</h2>
      <ul className="flex gap-3 overflow-x-auto pb-1">
        {posters.map((poster, index) => (
          <li key={poster.id} className="shrink-0">
            <button
              type="button"
              onClick={() => onSelect(poster.id)}
              aria-pressed={poster.id === selectedId}
              className={cn(
                'block w-24 cursor-pointer overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                poster.id === selectedId ? 'border-brand-600' : 'border-transparent',
              )}
            >
              <img
                src={poster.imageUrl}
                alt={t('posters.page.version', { number: index + 1 })}
                className="aspect-[4/5] w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function PosterDetail({ poster }: { poster: TPoster }) {
  const { t } = useTranslation();
  const qr = useQrDataUrl(poster.qrCode);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(
        new URL(poster.imageUrl, window.location.origin).toString(),
      );
      toast({ title: t('posters.page.copied') });
    } catch {
      toast({ title: t('posters.page.copyFailed'), variant: 'destructive' });
    }
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPoster(poster);
    } catch (error) {
      toast({
        title: t('posters.page.downloadFailed'),
        description: errorText(error, t('posters.page.downloadFailed')),
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card data-testid="poster-detail">
      <CardContent className="grid gap-4 p-4">
        <div className="relative overflow-hidden rounded-lg bg-slate-100">
          <img
            src={poster.imageUrl}
            alt={t('posters.page.imageAlt', { title: poster.title })}
            className="aspect-[4/5] w-full object-cover"
            data-testid="poster-image"
          />
          {qr ? (
            <div className="absolute right-[3.7%] bottom-[3%] w-[13.5%] rounded-md bg-white p-1 text-center shadow">
              <img src={qr} alt={t('posters.page.qrAlt')} className="w-full" />
              <span className="block text-[0.5rem] leading-tight font-semibold whitespace-nowrap text-slate-900 sm:text-[0.6rem]">
                {t('posters.page.scan')}
              </span>
            </div>
          ) : null}
        </div>
        <div className="grid gap-1">
          <h2 className="text-xl font-semibold text-slate-900">{poster.title}</h2>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {poster.eventDate ? (
              <span className="inline-flex items-center gap-1">
                <CalendarDays aria-hidden="true" className="size-4" />
                {poster.eventDate}
              </span>
            ) : null}
            {poster.eventLocation ? (
              <span className="inline-flex items-center gap-1">
                <MapPin aria-hidden="true" className="size-4" />
                {poster.eventLocation}
              </span>
            ) : null}
          </p>
          <p className="text-xs text-slate-500">
            {t(`posters.styles.${poster.style}`)} · {t(`posters.schemes.${poster.colorScheme}`)}
          </p>
        </div>
        <p className="text-slate-700">{poster.description}</p>
        {poster.keyMessages.length > 0 ? (
          <div>
            <h3 className="mb-1 text-sm font-semibold text-slate-900">
              {t('posters.page.keyMessages')}
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
              {poster.keyMessages.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('posters.page.networking')}
        </p>
        <QrDownloadsReach />
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => void download()}
            disabled={downloading}
            data-testid="poster-download"
          >
            <Download aria-hidden="true" />
            {t('posters.page.download')}
          </Button>
          <Button variant="outline" onClick={() => void copyLink()}>
            <Copy aria-hidden="true" />
            {t('posters.page.copyLink')}
          </Button>
          <Button variant="outline" onClick={() => setPreviewOpen(true)}>
            <Eye aria-hidden="true" />
            {t('posters.page.preview')}
          </Button>
        </div>
      </CardContent>
      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        <DialogContent
          className="max-w-2xl"
          closeLabel={t('posters.page.closePreview')}
          aria-describedby={undefined}
        >
          <DialogTitle>{poster.title}</DialogTitle>
          <img
            src={poster.imageUrl}
            alt={t('posters.page.imageAlt', { title: poster.title })}
            className="max-h-[75vh] w-full object-contain"
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
