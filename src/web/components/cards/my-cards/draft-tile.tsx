import { ArrowRight, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { TBusinessCard } from '#shared/schemas/cards.ts';
import { TileFacts, TileHeading, tileTitle } from '#web/components/cards/my-cards/tile-parts.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { resumePath, resumeStep } from '#web/lib/cards/resume-step.ts';

/**
 * A card the wizard did not finish: no public QR, link or chat yet, only the way back into
 * the wizard at the step it stopped (worked out from what the card already has).
 */
export function DraftTile({ card, onDelete }: { card: TBusinessCard; onDelete: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <li
      data-testid="draft-tile"
      data-card-id={card.id}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border border-dashed border-amber-300 bg-amber-50/40 p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <TileHeading id={headingId} title={tileTitle(card, t)} />
          <p className="text-sm text-slate-600" data-testid="draft-next-step">
            {t(`myCards.continueStep_${resumeStep(card)}`)}
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
          {t('myCards.draft')}
        </span>
      </div>
      <TileFacts card={card} />
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link href={resumePath(card)} data-testid="draft-continue">
            {t('myCards.continue')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onDelete}
          data-testid="draft-delete"
        >
          <Trash2 aria-hidden="true" />
          {t('myCards.delete')}
        </Button>
      </div>
    </li>
  );
}
