import { CARD_HEIGHT as H, CARD_WIDTH as W } from '#web/components/cards/card-image.ts';
import { companyBesideLogo, detailValue, nameUnderLogo } from './text-looks.ts';
import type { TemplateContext, TemplateSpec } from './types.ts';

export const RED = '#B91C1C';
export const GOLD = '#D4AF37';

function cloudPattern(id: string) {
  return (
    <pattern id={`${id}-clouds`} width={120} height={84} patternUnits="userSpaceOnUse">
      <g fill="none" stroke={GOLD} strokeWidth={2} strokeLinecap="round" opacity={0.16}>
        <path d="M14 52c0-9 8-15 16-12 2-9 14-12 20-5 6-6 18-3 18 7 7 0 11 10 4 14H18c-3 0-4-2-4-4z" />
        <path d="M30 40c0 6 8 7 9 2" />
        <path d="M74 22c0-5 5-8 9-6 1-5 8-7 11-3 4-3 10-1 10 4 4 0 6 6 2 8H78c-2 0-4-1-4-3z" />
      </g>
    </pattern>
  );
}

/** The double gold frame: a bold outer line, a finer inner one. */
const FRAMES = [
  { inset: 20, radius: 14, strokeWidth: 2, opacity: undefined },
  { inset: 30, radius: 10, strokeWidth: 1, opacity: 0.7 },
];

/** The gold corner brackets, one per corner, pointing inwards. */
const CORNERS = [
  [30, 30, 1, 1],
  [W - 30, 30, -1, 1],
  [30, H - 30, 1, -1],
  [W - 30, H - 30, -1, -1],
] as const;

const backdrop = ({ id }: TemplateContext) => (
  <>
    {cloudPattern(id)}
    <rect width={W} height={H} fill={RED} />
    <rect width={W} height={H} fill={`url(#${id}-clouds)`} />
    {FRAMES.map(({ inset, radius, strokeWidth, opacity }) => (
      <rect
        key={inset}
        x={inset}
        y={inset}
        width={W - inset * 2}
        height={H - inset * 2}
        rx={radius}
        fill="none"
        stroke={GOLD}
        strokeWidth={strokeWidth}
        opacity={opacity}
      />
    ))}
    {CORNERS.map(([x, y, dx, dy]) => (
      <path
        key={`${x}-${y}`}
        d={`M${x + dx * 4} ${y + dy * 30} V${y + dy * 4} H${x + dx * 30} M${x + dx * 12} ${y + dy * 22} V${y + dy * 12} H${x + dx * 22}`}
        fill="none"
        stroke={GOLD}
        strokeWidth={2}
      />
    ))}
  </>
);

/** Gold on red with a cloud pattern and a double frame. */
export const chinese: TemplateSpec = {
  front: () => ({
    backdrop,
    logo: {
      x: 72,
      y: 64,
      ring: GOLD,
      placeholderFill: '#7F1D1D',
      placeholderText: '#FDE68A',
      family: 'cjkSerif',
    },
    company: companyBesideLogo({
      width: 700,
      size: 38,
      minSize: 20,
      weight: 700,
      family: 'cjkSerif',
      fill: '#FDE68A',
      letterSpacing: 1,
    }),
    name: nameUnderLogo({
      y: 180,
      height: 126,
      width: 640,
      size: 52,
      minSize: 28,
      fill: '#FFFFFF',
    }),
    ornament: (
      <>
        <line x1={72} x2={280} y1={324} y2={324} stroke={GOLD} strokeWidth={2} />
        <path d={`M290 324 l8 -8 l8 8 l-8 8 z`} fill={GOLD} />
      </>
    ),
    details: {
      kind: 'rows',
      x: 72,
      y: 356,
      step: 50,
      labelWidth: 110,
      width: 600,
      label: {
        size: 14,
        minSize: 10,
        family: 'sans',
        weight: 600,
        fill: '#FCD34D',
        letterSpacing: 1,
      },
      value: detailValue('#FEF3C7'),
    },
    qr: { x: 744, y: 360, stroke: GOLD, strokeWidth: 2 },
  }),
  back: {
    backdrop,
    text: '#FDE68A',
    muted: '#FEF3C7',
    scanFamily: 'cjkSerif',
    qrStroke: GOLD,
    qrStrokeWidth: 2,
  },
};
