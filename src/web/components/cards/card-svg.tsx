import { useId, type Ref } from 'react';
import type { TCardTemplate } from '#shared/schemas/cards.ts';
import { CARD_HEIGHT, CARD_RADIUS, CARD_WIDTH } from '#web/components/cards/card-image.ts';
import {
  READABLE_TEXT_CLASS,
  useReadableSvgText,
} from '#web/components/cards/readable-svg-text.ts';
import { fontStacks } from '#web/components/cards/svg-parts.tsx';
import { CardBack } from '#web/components/cards/templates/card-back.tsx';
import { CardFront } from '#web/components/cards/templates/card-front.tsx';
import { TEMPLATE_SPECS } from '#web/components/cards/templates/index.ts';
import type {
  CardTexts,
  CardView,
  TemplateContext,
} from '#web/components/cards/templates/types.ts';

export type { CardTexts, CardView };

export interface CardSvgProps {
  template: TCardTemplate;
  side: 'front' | 'back';
  view: CardView;
  texts: CardTexts;
  language: string;
  /** The accessible name of the picture. */
  title: string;
  className?: string;
  svgRef?: Ref<SVGSVGElement>;
  testId?: string;
}

/**
 * One face of a card as a single 960×576 SVG. The page shows this element and the download
 * draws this very element, so both look the same.
 */
export function CardSvg({
  template,
  side,
  view,
  texts,
  language,
  title,
  className,
  svgRef,
  testId,
}: CardSvgProps) {
  const rawId = useId();
  const id = `c${rawId.replace(/[^a-zA-Z0-9]/g, '')}`;
  const ctx: TemplateContext = { id, view, texts, fonts: fontStacks(language) };
  const spec = TEMPLATE_SPECS[template];
  // Text that would show under 12 px at the card's size is hidden (pages repeat it as HTML).
  const readableRef = useReadableSvgText(svgRef);
  return (
    <svg
      ref={readableRef}
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${CARD_WIDTH} ${CARD_HEIGHT}`}
      role="img"
      aria-label={title}
      className={className ? `${className} ${READABLE_TEXT_CLASS}` : READABLE_TEXT_CLASS}
      data-testid={testId}
      data-template={template}
      data-side={side}
    >
      <defs>
        <clipPath id={`${id}-card`}>
          <rect width={CARD_WIDTH} height={CARD_HEIGHT} rx={CARD_RADIUS} />
        </clipPath>
      </defs>
      <g clipPath={`url(#${id}-card)`}>
        {side === 'front' ? (
          <CardFront ctx={ctx} layout={spec.front(ctx)} />
        ) : (
          <CardBack ctx={ctx} theme={spec.back} />
        )}
      </g>
    </svg>
  );
}
