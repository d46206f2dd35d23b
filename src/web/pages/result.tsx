import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ContactRound,
  Download,
  LayoutGrid,
  MessageSquareText,
  PencilLine,
  PlusCircle,
  Share2,
  ShieldAlert,
} from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, useParams } from 'wouter';
import type { TBusinessCard, TCardTemplate } from '#shared/schemas/cards.ts';
import {
  cardFileName,
  renderCardPng,
  saveBlob,
  shareImage,
} from '../components/cards/card-image.ts';
import { CardDetailsDialog } from '../components/cards/card-details-dialog.tsx';
import { CardFlipView } from '../components/cards/card-flip-view.tsx';
import { QuestionsLink } from '../components/answers/questions-link.tsx';
import { CardDocuments } from '../components/documents/card-documents.tsx';
import { TemplatePicker } from '../components/cards/template-picker.tsx';
import { useCardTexts, useCardView } from '../components/cards/use-card-view.ts';
import { PageContainer, PageHeader } from '../components/layout/app-layout.tsx';
import { WizardProgress } from '../components/wizard/wizard-progress.tsx';
import { LoadFailed } from '../components/wizard/wizard-states.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { PrintQr } from '../components/cards/print-qr.tsx';
import { QrDestination } from '../components/cards/phone-reach.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, errorText, isApiError } from '../lib/api.ts';
import { CARDS_KEY, cardKey, useAuthExpiredHandler, useCard } from '../lib/cards/queries.ts';
import { resumePath } from '../lib/cards/resume-step.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import NotFoundPage from './not-found.tsx';

export default function ResultPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('result.title'));
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const card = useCard(id);

  // A missing or foreign card is the not-found page, not a "100 % complete" step 4; a draft
  // goes back into the wizard where it stopped.
  if (card.isError && isApiError(card.error) && card.error.status === 404) return <NotFoundPage />;
  if (card.data?.status === 'draft') return <Redirect to={resumePath(card.data)} replace />;

  return (
    <PageContainer width="wide">
      <PageHeader title={t('result.title')} description={t('result.subtitle')} />
      <WizardProgress step={4} next={t('wizard.next.card')} />
      {card.isPending ? (
        <Loading fullPage />
      ) : card.isError ? (
        isApiError(card.error) && card.error.status === 404 ? (
          <Alert variant="destructive" data-testid="card-not-found">
            <div className="grid gap-3">
              <p>{t('result.notFound')}</p>
              <div>
                <Button asChild size="sm">
                  <Link href="/my-cards">{t('nav.myCards')}</Link>
                </Button>
              </div>
            </div>
          </Alert>
        ) : (
          <LoadFailed onRetry={() => void card.refetch()} />
        )
      ) : (
        <CardResult card={card.data} />
      )}
    </PageContainer>
  );
}

function CardResult({ card }: { card: TBusinessCard }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const handleAuthExpired = useAuthExpiredHandler();
  const { view, ready } = useCardView(card);
  const texts = useCardTexts();
  const front = useRef<SVGSVGElement>(null);
  const [autoFlip, setAutoFlip] = useState(false);
  const [busy, setBusy] = useState<'download' | 'share' | null>(null);
  const [editing, setEditing] = useState(false);
  const autoFlipId = useId();
  const template = card.cardTemplate;

  const changeTemplate = useMutation({
    mutationFn: (next: TCardTemplate) =>
      apiRequest<TBusinessCard>('PUT', `/api/business-cards/${card.id}`, { cardTemplate: next }),
    onMutate: (next) => {
      const previous = queryClient.getQueryData<TBusinessCard>(cardKey(card.id));
      queryClient.setQueryData<TBusinessCard>(cardKey(card.id), (current) =>
        current ? { ...current, cardTemplate: next } : current,
      );
      return { previous };
    },
    onSuccess: (updated) => {
      queryClient.setQueryData(cardKey(card.id), updated);
      void queryClient.invalidateQueries({ queryKey: CARDS_KEY });
    },
    onError: (error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(cardKey(card.id), context.previous);
      if (handleAuthExpired(error)) return;
      toast({
        title: t('result.updateFailedTitle'),
        description: errorText(error, t('result.updateFailedText')),
        variant: 'destructive',
      });
    },
  });

  const makePng = async (): Promise<Blob | null> => {
    if (!front.current) return null;
    try {
      return await renderCardPng(front.current);
    } catch (error) {
      console.warn('[DocuCard] the card picture could not be made', error);
      return null;
    }
  };

  const download = async () => {
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
    saveBlob(blob, cardFileName(template, card.id));
    toast({ title: t('result.downloadedTitle'), variant: 'success' });
  };

  const share = async () => {
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
    const outcome = await shareImage(
      blob,
      cardFileName(template, card.id),
      view.company || view.name,
    );
    setBusy(null);
    if (outcome === 'copied') toast({ title: t('result.copiedImage'), variant: 'success' });
    if (outcome === 'downloaded') toast({ title: t('result.downloadedTitle'), variant: 'success' });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        <div className="rounded-2xl bg-gradient-to-br from-slate-100 to-slate-200/70 p-4 sm:p-8">
          <CardFlipView
            template={template}
            view={view}
            texts={texts}
            frontRef={front}
            autoFlip={autoFlip}
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600">
          <p>{t('result.flipHint')}</p>
          <label htmlFor={autoFlipId} className="inline-flex cursor-pointer items-center gap-2">
            <input
              id={autoFlipId}
              type="checkbox"
              checked={autoFlip}
              onChange={(event) => setAutoFlip(event.target.checked)}
              className="size-4 accent-brand-600"
              data-testid="auto-flip"
            />
            {t('result.autoFlip')}
          </label>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          <Button
            size="lg"
            onClick={() => void download()}
            disabled={!ready || busy !== null}
            data-testid="download-card"
          >
            {busy === 'download' ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {t('result.download')}
          </Button>
          <Button
            size="lg"
            variant="outline"
            onClick={() => void share()}
            disabled={!ready || busy !== null}
            data-testid="share-card"
          >
            {busy === 'share' ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <Share2 aria-hidden="true" />
            )}
            {t('result.share')}
          </Button>
          <Button size="lg" variant="outline" asChild>
            <a href={`/api/business-cards/${card.id}/vcard`} download data-testid="save-contact">
              <ContactRound aria-hidden="true" />
              {t('result.saveContact')}
            </a>
          </Button>
          <Button size="lg" variant="secondary" asChild>
            <Link href={card.qrCode} data-testid="open-chat">
              <MessageSquareText aria-hidden="true" />
              {t('result.openChat')}
            </Link>
          </Button>
          <Button size="lg" variant="secondary" asChild>
            <Link
              href={`/red-list-management?businessCardId=${card.id}`}
              data-testid="red-list-link"
            >
              <ShieldAlert aria-hidden="true" />
              {t('result.redList')}
            </Link>
          </Button>
          <QuestionsLink cardId={card.id} />
          <Button size="lg" variant="secondary" asChild>
            <Link href="/user-details" data-testid="create-new-card">
              <PlusCircle aria-hidden="true" />
              {t('result.createNew')}
            </Link>
          </Button>
        </div>
        {/* Where the QR code leads, and whether a phone can get there, right above the files. */}
        <QrDestination chatUrl={card.chatUrl} />
        {card.finalized && <PrintQr cardId={card.id} reachWarning={false} />}
        {card.finalized && <CardDocuments cardId={card.id} />}
      </div>

      <div className="grid min-w-0 grid-cols-1 content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t('result.templateTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <TemplatePicker
              columns={2}
              value={template}
              onChange={(next) => changeTemplate.mutate(next)}
            />
            <p className="mt-3 min-h-5 text-xs text-slate-600" aria-live="polite">
              {changeTemplate.isPending
                ? t('result.savingTemplate')
                : changeTemplate.isSuccess
                  ? t('result.templateSaved')
                  : ''}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-center justify-between gap-3">
            <CardTitle className="text-lg">{t('result.infoTitle')}</CardTitle>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(true)}
              data-testid="edit-card-details"
            >
              <PencilLine aria-hidden="true" />
              {t('cardEdit.open')}
            </Button>
          </CardHeader>
          <CardContent>
            <InfoPanel card={card} />
          </CardContent>
        </Card>
        <CardDetailsDialog card={card} open={editing} onOpenChange={setEditing} />
        <Button asChild variant="ghost" className="justify-self-start">
          <Link href="/my-cards">
            <LayoutGrid aria-hidden="true" />
            {t('result.allCards')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function InfoPanel({ card }: { card: TBusinessCard }) {
  const { t } = useTranslation();
  const dash = t('result.none');
  const rows: Array<[string, ReactNode, string]> = [
    [t('result.infoUsername'), card.contactPerson ?? (card.user.username || dash), 'info-username'],
    [t('result.infoCompany'), card.companyName ?? card.user.companyName ?? dash, 'info-company'],
    ...contactRows(card, t),
    [t('result.infoDocuments'), String(card.documentCount), 'info-documents'],
    [t('result.infoTemplate'), t(`cardTemplates.names.${card.cardTemplate}`), 'info-template'],
  ];
  return (
    <dl className="grid grid-cols-1 gap-3 text-sm" data-testid="result-info">
      {rows.map(([label, value, testId]) => (
        <div
          key={testId}
          className="flex items-baseline justify-between gap-4 border-b border-slate-100 pb-2 last:border-0 last:pb-0"
        >
          <dt className="shrink-0 text-slate-600">{label}</dt>
          <dd
            className="min-w-0 text-right font-medium break-words text-slate-900"
            data-testid={testId}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The contact fields beyond the wizard's, where the card has them. */
function contactRows(
  card: TBusinessCard,
  t: (key: string) => string,
): Array<[string, ReactNode, string]> {
  const rows: Array<[string, string | null, string]> = [
    [t('cardEdit.jobTitle'), card.jobTitle, 'info-job-title'],
    [t('cardEdit.phone'), card.phone, 'info-phone'],
    [t('cardEdit.email'), card.email, 'info-email'],
    [t('cardEdit.wechatId'), card.wechatId, 'info-wechat'],
    [t('cardEdit.whatsapp'), card.whatsapp, 'info-whatsapp'],
    [t('cardEdit.linkedinUrl'), card.linkedinUrl, 'info-linkedin'],
  ];
  return rows.filter((row): row is [string, string, string] => Boolean(row[1]));
}
