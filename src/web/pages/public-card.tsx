import { useQuery } from '@tanstack/react-query';
import {
  ContactRound,
  Download,
  Globe,
  BriefcaseBusiness,
  Mail,
  MapPin,
  MessageCircle,
  MessageSquareText,
  Phone,
  TriangleAlert,
} from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { withSource } from '#shared/chat-source.ts';
import type { TPublicCard } from '#shared/schemas/public-card.ts';
import { cardFileName, renderCardPng, saveBlob } from '../components/cards/card-image.ts';
import { CardFlipView } from '../components/cards/card-flip-view.tsx';
import { useCardTexts, useCardView } from '../components/cards/use-card-view.ts';
import { PageContainer } from '../components/layout/app-layout.tsx';
import { Alert } from '../components/ui/alert.tsx';
import { Button } from '../components/ui/button.tsx';
import { Loading, Spinner } from '../components/ui/spinner.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest, isApiError } from '../lib/api.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import NotFoundPage from './not-found.tsx';

const publicCardKey = (id: number) => ['/api/cards', id, 'public'] as const;

/** /card/:id — a finished card as a buyer sees it from a shared link. */
export default function PublicCardPage() {
  const { t } = useTranslation();
  const id = Number(useParams<{ id: string }>().id);
  const card = useQuery({
    queryKey: publicCardKey(id),
    queryFn: ({ signal }) =>
      apiRequest<TPublicCard>('GET', `/api/cards/${id}/public`, undefined, { signal }),
    retry: (failures, error) => !(isApiError(error) && error.status < 500) && failures < 2,
  });
  useDocumentTitle(
    card.data?.companyName
      ? t('publicCard.title', { company: card.data.companyName })
      : t('publicCard.fallbackTitle'),
  );

  if (card.isPending) return <Loading fullPage />;
  if (card.isError) {
    if (isApiError(card.error) && card.error.status < 500) return <NotFoundPage />;
    return (
      <PageContainer>
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <p>{t('publicCard.loadFailed')}</p>
        </Alert>
      </PageContainer>
    );
  }
  return <PublicCard card={card.data} />;
}

function PublicCard({ card }: { card: TPublicCard }) {
  const { t } = useTranslation();
  const { view, ready } = useCardView(card);
  const texts = useCardTexts();
  const front = useRef<SVGSVGElement>(null);
  const [downloading, setDownloading] = useState(false);
  const chatHref = withSource(card.chatUrl, 'link');

  const download = async () => {
    if (!front.current) return;
    setDownloading(true);
    try {
      saveBlob(await renderCardPng(front.current), cardFileName(card.cardTemplate, card.id));
    } catch {
      toast({ title: t('publicCard.downloadFailed'), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <PageContainer>
      <article className="mx-auto grid max-w-2xl gap-6" data-testid="public-card">
        <header className="grid gap-1 text-center">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
            {card.companyName ?? t('publicCard.fallbackTitle')}
          </h1>
          {card.contactPerson ? (
            <p className="text-base text-slate-700" data-testid="public-card-person">
              {card.contactPerson}
              {card.jobTitle ? ` · ${card.jobTitle}` : ''}
            </p>
          ) : null}
        </header>

        <div className="grid gap-2">
          <CardFlipView template={card.cardTemplate} view={view} texts={texts} frontRef={front} />
          <p className="text-center text-sm text-slate-600">{t('publicCard.flipHint')}</p>
        </div>

        <div className="grid gap-3 sm:grid-cols-3">
          <Button asChild size="lg" className="sm:col-span-3">
            {/* The chat is its own page (chat.html), loaded as a QR scan would load it. */}
            <a href={chatHref} data-testid="public-card-chat">
              <MessageSquareText aria-hidden="true" />
              {t('publicCard.chat')}
            </a>
          </Button>
          <Button asChild size="lg" variant="outline" className="sm:col-span-2">
            <a href={card.vcardUrl} download data-testid="public-card-save-contact">
              <ContactRound aria-hidden="true" />
              {t('publicCard.saveContact')}
            </a>
          </Button>
          <Button
            size="lg"
            variant="outline"
            disabled={!ready || downloading}
            onClick={() => void download()}
            data-testid="public-card-download"
          >
            {downloading ? (
              <Spinner size="small" className="text-current" />
            ) : (
              <Download aria-hidden="true" />
            )}
            {downloading ? t('publicCard.downloading') : t('publicCard.download')}
          </Button>
        </div>
        <p className="text-center text-sm text-slate-600">{t('publicCard.chatHint')}</p>

        <ContactList card={card} />
      </article>
    </PageContainer>
  );
}

/** The card's details as text a phone can read and tap (the card picture is only a picture). */
function ContactList({ card }: { card: TPublicCard }) {
  const { t } = useTranslation();
  const whatsappDigits = card.whatsapp?.replace(/\D/g, '');
  const rows: { key: string; icon: ReactNode; label: string; value: string; href?: string }[] = [];
  if (card.phone)
    rows.push({
      key: 'phone',
      icon: <Phone aria-hidden="true" />,
      label: t('publicCard.phone'),
      value: card.phone,
      href: `tel:${card.phone.replace(/[^\d+]/g, '')}`,
    });
  if (card.email)
    rows.push({
      key: 'email',
      icon: <Mail aria-hidden="true" />,
      label: t('publicCard.email'),
      value: card.email,
      href: `mailto:${card.email}`,
    });
  if (card.website)
    rows.push({
      key: 'website',
      icon: <Globe aria-hidden="true" />,
      label: t('publicCard.website'),
      value: card.website.replace(/^https?:\/\//, ''),
      href: /^https?:\/\//.test(card.website) ? card.website : `https://${card.website}`,
    });
  if (card.wechatId)
    rows.push({
      key: 'wechat',
      icon: <MessageCircle aria-hidden="true" />,
      label: t('publicCard.wechat'),
      value: card.wechatId,
    });
  if (card.whatsapp && whatsappDigits)
    rows.push({
      key: 'whatsapp',
      icon: <MessageCircle aria-hidden="true" />,
      label: t('publicCard.whatsapp'),
      value: card.whatsapp,
      href: `https://wa.me/${whatsappDigits}`,
    });
  if (card.linkedinUrl)
    rows.push({
      key: 'linkedin',
      icon: <BriefcaseBusiness aria-hidden="true" />,
      label: t('publicCard.linkedin'),
      value: card.linkedinUrl.replace(/^https?:\/\/(www\.)?/, ''),
      href: card.linkedinUrl,
    });
  if (card.address)
    rows.push({
      key: 'address',
      icon: <MapPin aria-hidden="true" />,
      label: t('publicCard.address'),
      value: card.address,
    });
  if (rows.length === 0) return null;

  return (
    <section
      aria-labelledby="public-card-contact"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="public-card-contact" className="mb-3 text-base font-semibold text-slate-900">
        {t('publicCard.contactTitle')}
      </h2>
      <dl className="grid gap-3" data-testid="public-card-contact">
        {rows.map((row) => (
          // dt and dd sit directly in the row's div (a <dl> allows nothing between); the icon
          // is drawn in the row's left padding.
          <div key={row.key} className="relative grid min-w-0 pl-8">
            <dt className="text-sm text-slate-600">
              <span className="absolute top-0.5 left-0 text-brand-700 [&>svg]:size-5">
                {row.icon}
              </span>
              {row.label}
            </dt>
            <dd className="text-base break-words text-slate-900">
              {row.href ? (
                <a
                  href={row.href}
                  className="text-brand-700 hover:underline"
                  rel={row.href.startsWith('http') ? 'noopener noreferrer' : undefined}
                  target={row.href.startsWith('http') ? '_blank' : undefined}
                >
                  {row.value}
                </a>
              ) : (
                row.value
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
