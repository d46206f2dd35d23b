import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCardTemplate } from '#shared/schemas/cards.ts';
import { CardSvg, type CardSvgProps } from '#web/components/cards/card-svg.tsx';
import { FlipCard } from './flip-card.tsx';

/**
 * A card as the result page and the showcase show it: the front and back SVG faces in a flip
 * card. `frontRef` points at the front face, which the PNG download draws.
 */
export function CardFlipView({
  template,
  view,
  texts,
  frontRef,
  autoFlip,
}: {
  template: TCardTemplate;
  view: CardSvgProps['view'];
  texts: CardSvgProps['texts'];
  frontRef: Ref<SVGSVGElement>;
  autoFlip?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const face = (side: 'front' | 'back') => (
    <CardSvg
      svgRef={side === 'front' ? frontRef : undefined}
      template={template}
      side={side}
      view={view}
      texts={texts}
      language={i18n.language}
      title={t(side === 'front' ? 'result.frontLabel' : 'result.backLabel', {
        name: view.name || view.company,
      })}
      className="block h-full w-full"
      testId={`card-${side}`}
    />
  );
  return <FlipCard autoFlip={autoFlip} front={face('front')} back={face('back')} />;
}
