import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBusinessCard } from '#shared/schemas/cards.ts';

/** What a tile calls the card: its company, the owner's company, its contact, or "Untitled". */
export function tileTitle(card: TBusinessCard, t: TFunction): string {
  return card.companyName ?? card.user.companyName ?? card.contactPerson ?? t('myCards.untitled');
}

/** The tile's heading, cut to one line with the whole title on hover. */
export function TileHeading({ id, title }: { id: string; title: string }) {
  return (
    <h3 id={id} className="truncate font-semibold text-slate-900" title={title}>
      {title}
    </h3>
  );
}

/** The small facts under a tile's heading: (what comes first,) documents, date created. */
export function TileFacts({ card, children }: { card: TBusinessCard; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const created = new Date(card.createdAt);
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {children}
      <li>{t('myCards.documentCount', { count: card.documentCount })}</li>
      {Number.isNaN(created.getTime()) ? null : (
        <li>{t('myCards.createdOn', { date: created.toLocaleDateString(i18n.language) })}</li>
      )}
    </ul>
  );
}
