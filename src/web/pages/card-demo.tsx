import { useQuery } from '@tanstack/react-query';
import {
  ArrowLeft,
  Award,
  Building2,
  CalendarDays,
  Download,
  Maximize2,
  Package,
  Pause,
  Play,
  PlusCircle,
  Share2,
  Sparkles,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TCardTemplate } from '#shared/schemas/cards.ts';
import {
  cardFileName,
  renderCardPng,
  saveBlob,
  shareImage,
} from '#web/components/cards/card-image.ts';
import { CardSvg, type CardView } from '#web/components/cards/card-svg.tsx';
import { CardFlipView } from '#web/components/cards/card-flip-view.tsx';
import { TemplatePicker } from '#web/components/cards/template-picker.tsx';
import { makeQr, useCardTexts } from '#web/components/cards/use-card-view.ts';
import { PageContainer, PageHeader } from '#web/components/layout/app-layout.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import {
  POPULAR_TEMPLATE,
  SHOWCASE_AUTOPLAY_MS,
  SHOWCASE_SAMPLES,
  type ShowcaseSample,
} from '#web/lib/showcase/samples.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';
import { cn } from '#web/lib/utils.ts';

/** The sample's QR leads back to this gallery: scanning it shows what a visitor would get. */
function useSampleQr(): string | null {
  const url = `${window.location.origin}/card-demo`;
  const qr = useQuery({
    queryKey: ['card-asset', 'qr', url],
    queryFn: () => makeQr(url),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  return qr.data ?? null;
}

function useSampleView(sample: ShowcaseSample, qr: string | null): CardView {
  const { t } = useTranslation();
  const key = `showcase.samples.${sample.id}`;
  return {
    name: t(`${key}.name`),
    company: t(`${key}.company`),
    email: sample.email,
    phone: sample.phone,
    website: sample.website,
    address: t(`${key}.address`),
    logo: null,
    qr,
    primaryColor: sample.primaryColor,
    secondaryColor: sample.secondaryColor,
  };
}

export default function CardDemoPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('showcase.title'));
  const [index, setIndex] = useState(0);
  const [templateChoice, setTemplateChoice] = useState<TCardTemplate | null>(null);
  const [autoplay, setAutoplayState] = useState(true);
  // Read by the timer, so a pick wins even if a tick is already due before the effect cleans up.
  const autoplayOn = useRef(true);
  const setAutoplay = (next: boolean | ((current: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(autoplayOn.current) : next;
    autoplayOn.current = value;
    setAutoplayState(value);
  };
  const [busy, setBusy] = useState<'download' | 'share' | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const front = useRef<SVGSVGElement>(null);
  const sample = SHOWCASE_SAMPLES[index] ?? SHOWCASE_SAMPLES[0]!;
  const template = templateChoice ?? sample.template;
  const qr = useSampleQr();
  const view = useSampleView(sample, qr);
  const texts = useCardTexts();
  const key = `showcase.samples.${sample.id}`;

  // Autoplay: the next sample every 4 s, each in its own template, until a manual pick.
  useEffect(() => {
    if (!autoplay) return;
    const timer = setInterval(() => {
      if (!autoplayOn.current) return;
      setIndex((current) => (current + 1) % SHOWCASE_SAMPLES.length);
      setTemplateChoice(null);
    }, SHOWCASE_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [autoplay]);

  const pickSample = (next: number) => {
    setAutoplay(false);
    setIndex(next);
    setTemplateChoice(null);
  };
  const pickTemplate = (next: TCardTemplate) => {
    setAutoplay(false);
    setTemplateChoice(next);
  };

  const fileName = cardFileName(template, `sample-${sample.id}`);
  const makePng = async (): Promise<Blob | null> => {
    if (!front.current) return null;
    try {
      return await renderCardPng(front.current);
    } catch (error) {
      console.warn('[DocuCard] the sample card picture could not be made', error);
      return null;
    }
  };

  const download = async () => {
    setAutoplay(false);
    setBusy('download');
    const blob = await makePng();
    setBusy(null);
    if (!blob) {
      toast({
        title: t('general.errorTitle'),
        description: t('general.tryAgain'),
        variant: 'destructive',
      });
      return;
    }
    saveBlob(blob, fileName);
    toast({ title: t('result.downloadedTitle'), variant: 'success' });
  };

  const share = async () => {
    setAutoplay(false);
    setBusy('share');
    const blob = await makePng();
    if (!blob) {
      setBusy(null);
      toast({
        title: t('result.saveFailedTitle'),
        description: t('result.saveFailedText'),
        variant: 'destructive',
      });
      return;
    }
    const outcome = await shareImage(blob, fileName, view.company);
    setBusy(null);
    if (outcome === 'copied') toast({ title: t('result.copiedImage'), variant: 'success' });
    if (outcome === 'downloaded') toast({ title: t('result.downloadedTitle'), variant: 'success' });
  };

  const label = (side: 'front' | 'back') =>
    t(side === 'front' ? 'result.frontLabel' : 'result.backLabel', { name: view.name });

  const lists = [
    { id: 'products', icon: Package, items: sample.products },
    { id: 'fairs', icon: CalendarDays, items: sample.fairs },
    { id: 'honors', icon: Award, items: sample.honors },
  ] as const;

  return (
    <PageContainer width="wide">
      <PageHeader
        title={t('showcase.title')}
        description={t('showcase.subtitle')}
        action={
          <Button asChild>
            <Link href="/user-details" data-testid="showcase-create">
              <PlusCircle aria-hidden="true" />
              {t('showcase.createOwn')}
            </Link>
          </Button>
        }
      />

      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)_20rem]">
        <Card className="min-w-0 self-start">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
            <CardTitle className="text-lg">{t('showcase.samplesTitle')}</CardTitle>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setAutoplay((value) => !value)}
              aria-pressed={autoplay}
              data-testid="autoplay-toggle"
            >
              {autoplay ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
              {t('showcase.autoplay')}
            </Button>
          </CardHeader>
          <CardContent>
            <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1" data-testid="sample-list">
              {SHOWCASE_SAMPLES.map((item, itemIndex) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => pickSample(itemIndex)}
                    aria-pressed={itemIndex === index}
                    className={cn(
                      'flex min-h-11 w-full min-w-0 items-center gap-2 rounded-lg border px-3 py-2 text-left text-sm transition-colors duration-150 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                      itemIndex === index
                        ? 'border-brand-600 bg-brand-50 text-brand-900'
                        : 'border-slate-200 bg-white text-slate-800 hover:bg-slate-50',
                    )}
                    data-testid={`sample-${item.id}`}
                  >
                    <Building2 aria-hidden="true" className="size-4 shrink-0" />
                    <span className="min-w-0 truncate">
                      {t(`showcase.samples.${item.id}.industry`)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <div
            className="rounded-2xl bg-gradient-to-br from-slate-100 to-slate-200/70 p-4 sm:p-8"
            data-testid="showcase-preview"
            data-sample={sample.id}
            data-template={template}
          >
            <CardFlipView template={template} view={view} texts={texts} frontRef={front} />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <Button
              size="lg"
              onClick={() => void download()}
              disabled={busy !== null || !qr}
              data-testid="showcase-download"
            >
              {busy === 'download' ? (
                <Spinner size="small" className="text-current" />
              ) : (
                <Download aria-hidden="true" />
              )}
              {t('showcase.download')}
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => void share()}
              disabled={busy !== null || !qr}
              data-testid="showcase-share"
            >
              {busy === 'share' ? (
                <Spinner size="small" className="text-current" />
              ) : (
                <Share2 aria-hidden="true" />
              )}
              {t('showcase.share')}
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={() => {
                setAutoplay(false);
                setPreviewOpen(true);
              }}
              data-testid="showcase-preview-button"
            >
              <Maximize2 aria-hidden="true" />
              {t('showcase.preview')}
            </Button>
          </div>

          <Card>
            <CardHeader>
              <CardTitle className="text-lg" data-testid="sample-company">
                {view.company}
              </CardTitle>
              <p className="text-sm text-slate-600">
                {view.name} · {t(`${key}.title`)}
              </p>
            </CardHeader>
            <CardContent className="grid gap-5 sm:grid-cols-3">
              {lists.map(({ id, icon: Icon, items }) => (
                <div key={id} className="min-w-0">
                  <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                    <Icon aria-hidden="true" className="size-4 text-brand-700" />
                    {t(`showcase.lists.${id}`)}
                  </h3>
                  <ul
                    className="mt-2 grid gap-1 text-sm text-slate-700"
                    data-testid={`sample-${id}`}
                  >
                    {items.map((item) => (
                      <li key={item} className="break-words">
                        {t(`${key}.${id}.${item}`)}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </CardContent>
          </Card>
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('showcase.templatesTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <TemplatePicker
                columns={2}
                value={template}
                onChange={pickTemplate}
                popular={POPULAR_TEMPLATE}
              />
              <p className="mt-3 text-sm text-slate-600" data-testid="template-description">
                {t(`showcase.templates.${template}`)}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t('showcase.featuresTitle')}</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-2 text-sm text-slate-700" data-testid="sample-features">
                {sample.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2">
                    <Sparkles
                      aria-hidden="true"
                      className="mt-0.5 size-4 shrink-0 text-amber-600"
                    />
                    {t(`showcase.featureItems.${feature}`)}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <nav aria-label={t('showcase.linksLabel')} className="grid gap-2">
            <Button asChild variant="ghost" className="justify-start">
              <Link href="/">
                <ArrowLeft aria-hidden="true" />
                {t('showcase.backHome')}
              </Link>
            </Button>
            <Button asChild variant="ghost" className="justify-start">
              <Link href="/corporate-dashboard">{t('nav.corporate')}</Link>
            </Button>
          </nav>
        </div>
      </div>

      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        <DialogContent
          closeLabel={t('common.close')}
          className="max-w-5xl"
          data-testid="showcase-preview-dialog"
        >
          <DialogTitle className="pr-10 text-lg font-semibold text-slate-900">
            {t('showcase.previewTitle', { company: view.company })}
          </DialogTitle>
          <DialogDescription className="sr-only">{t('showcase.previewText')}</DialogDescription>
          <div className="grid gap-4">
            {(['front', 'back'] as const).map((side) => (
              <CardSvg
                key={side}
                template={template}
                side={side}
                view={view}
                texts={texts}
                language={i18n.language}
                title={label(side)}
                className="block h-auto w-full rounded-3xl shadow-lg"
              />
            ))}
          </div>
        </DialogContent>
      </Dialog>
    </PageContainer>
  );
}
