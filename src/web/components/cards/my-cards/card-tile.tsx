import {
  ExternalLink,
  Eye,
  MessageSquareText,
  Pencil,
  Share2,
  ShieldAlert,
  Trash2,
} from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { publicCardPath } from '#shared/schemas/public-card.ts';
import { CardThumbnail } from '#web/components/cards/my-cards/card-thumbnail.tsx';
import { TileAction, type TileActionProps } from '#web/components/cards/my-cards/tile-action.tsx';
import { TileFacts, TileHeading, tileTitle } from '#web/components/cards/my-cards/tile-parts.tsx';
import { PrintQr } from '#web/components/cards/print-qr.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';

/** A finished card: its picture, facts, the six actions, its public page and printable QR. */
export function CardTile({
  card,
  onEdit,
  onShare,
  onDelete,
}: {
  card: TBusinessCard;
  onEdit: () => void;
  onShare: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const title = tileTitle(card, t);
  const headingId = useId();
  const actions: TileActionProps[] = [
    {
      icon: <Pencil aria-hidden="true" />,
      label: t('myCards.edit'),
      onClick: onEdit,
      testId: 'card-edit',
    },
    {
      icon: <Eye aria-hidden="true" />,
      label: t('myCards.preview'),
      href: `/result/${card.id}`,
      testId: 'card-preview',
    },
    {
      icon: <Share2 aria-hidden="true" />,
      label: t('myCards.share'),
      onClick: onShare,
      testId: 'card-share',
    },
    {
      icon: <MessageSquareText aria-hidden="true" />,
      label: t('myCards.testChat'),
      href: `/chat/card/${card.id}`,
      testId: 'card-test-chat',
    },
    {
      icon: <ShieldAlert aria-hidden="true" />,
      label: t('myCards.redList'),
      href: `/red-list-management?businessCardId=${card.id}`,
      testId: 'card-red-list',
    },
    {
      icon: <Trash2 aria-hidden="true" />,
      label: t('myCards.delete'),
      onClick: onDelete,
      destructive: true,
      testId: 'card-delete',
    },
  ];
  return (
    <li
      data-testid="card-tile"
      data-card-id={card.id}
      data-template={card.cardTemplate}
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      {/* The link lies over the drawing rather than around it: its name says what it opens,
          and the card's drawn text is not part of that name. */}
      <div className="relative bg-slate-100 p-4">
        <CardThumbnail card={card} />
        <Link
          href={`/result/${card.id}`}
          className="absolute inset-0 block focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
          aria-label={t('myCards.previewOf', { name: title })}
        />
      </div>
      <div className="grid min-w-0 flex-1 grid-cols-1 gap-3 p-4">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <TileHeading id={headingId} title={title} />
            <p className="truncate text-sm text-slate-600">
              {card.contactPerson ?? card.user.username}
            </p>
          </div>
          <span
            className={cn(
              'shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium',
              card.finalized ? 'bg-emerald-50 text-emerald-800' : 'bg-amber-50 text-amber-900',
            )}
          >
            {card.finalized ? t('myCards.finalized') : t('myCards.draft')}
          </span>
        </div>
        <TileFacts card={card}>
          <li data-testid="card-template-name">{t(`cardTemplates.names.${card.cardTemplate}`)}</li>
        </TileFacts>
        <div className="mt-auto grid grid-cols-3 gap-2 border-t border-slate-100 pt-3">
          {actions.map((action) => (
            <TileAction key={action.testId} {...action} />
          ))}
        </div>
        <div className="grid gap-3 border-t border-slate-100 pt-3">
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <Link href={publicCardPath(card.id)} data-testid="card-public-page">
              <ExternalLink aria-hidden="true" />
              {t('myCards.publicPage')}
            </Link>
          </Button>
          <PrintQr cardId={card.id} />
        </div>
      </div>
    </li>
  );
}
