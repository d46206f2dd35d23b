import { useTranslation } from 'react-i18next';
import type { TBusinessCard, TCardTemplate } from '#shared/schemas/cards.ts';
import { CardSvg } from '#web/components/cards/card-svg.tsx';
import { useCardTexts, useCardView } from '#web/components/cards/use-card-view.ts';

/** The card's front, small; in another template when one is given (the edit preview). */
export function CardThumbnail({
  card,
  template,
}: {
  card: TBusinessCard;
  template?: TCardTemplate;
}) {
  const { t, i18n } = useTranslation();
  const { view } = useCardView(card);
  const texts = useCardTexts();
  return (
    <CardSvg
      template={template ?? card.cardTemplate}
      side="front"
      view={view}
      texts={texts}
      language={i18n.language}
      title={t('result.frontLabel', { name: view.name || view.company })}
      className="block h-auto w-full rounded-[2.5%/4.1667%] shadow-md shadow-slate-900/10"
    />
  );
}
