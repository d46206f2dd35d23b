import { CARD_HEIGHT as H, CARD_WIDTH as W } from '#web/components/cards/card-image.ts';
import { FitText } from '#web/components/cards/svg-parts.tsx';
import { companyBesideLogo, detailValue, nameUnderLogo } from './text-looks.ts';
import type { TemplateContext, TemplateSpec } from './types.ts';

export const CYAN = '#22D3EE';

/** The glow (`${id}-glow`): the shape, blurred in its own colour, under itself. */
function glowFilter(id: string, deviation: number) {
  return (
    <filter id={id} x="-30%" y="-30%" width="160%" height="160%">
      <feGaussianBlur in="SourceGraphic" stdDeviation={deviation} result="blur" />
      <feMerge>
        <feMergeNode in="blur" />
        <feMergeNode in="SourceGraphic" />
      </feMerge>
    </filter>
  );
}

const backdrop = ({ id }: TemplateContext) => (
  <>
    <pattern id={`${id}-grid`} width={32} height={32} patternUnits="userSpaceOnUse">
      <path d="M32 0H0V32" fill="none" stroke={CYAN} strokeWidth={1} opacity={0.14} />
    </pattern>
    <radialGradient id={`${id}-glow-a`}>
      <stop offset="0" stopColor={CYAN} stopOpacity={0.32} />
      <stop offset="1" stopColor={CYAN} stopOpacity={0} />
    </radialGradient>
    <radialGradient id={`${id}-glow-b`}>
      <stop offset="0" stopColor="#3B82F6" stopOpacity={0.3} />
      <stop offset="1" stopColor="#3B82F6" stopOpacity={0} />
    </radialGradient>
    {glowFilter(`${id}-glow`, 5)}
    <rect width={W} height={H} fill="#0F172A" />
    <rect width={W} height={H} fill={`url(#${id}-grid)`} />
    <circle cx={840} cy={70} r={280} fill={`url(#${id}-glow-a)`} />
    <circle cx={60} cy={560} r={260} fill={`url(#${id}-glow-b)`} />
    <rect x={0} y={0} width={W} height={3} fill={CYAN} opacity={0.8} />
  </>
);

/** A dark grid with cyan glow and monospaced details, like a terminal. */
export const tech: TemplateSpec = {
  front: ({ fonts }) => ({
    backdrop,
    glow: true,
    logo: {
      x: 72,
      y: 64,
      ring: CYAN,
      ringWidth: 2,
      placeholderFill: '#0E7490',
      placeholderText: '#ECFEFF',
      family: 'mono',
    },
    company: companyBesideLogo({
      size: 24,
      minSize: 13,
      weight: 500,
      family: 'mono',
      fill: '#67E8F9',
    }),
    name: nameUnderLogo({ y: 180, height: 126, size: 56, minSize: 28, fill: '#FFFFFF' }),
    ornament: (
      <FitText
        text="> contact --list"
        x={72}
        y={322}
        width={400}
        size={14}
        minSize={10}
        family={fonts.mono}
        fill="#64748B"
      />
    ),
    details: {
      kind: 'rows',
      x: 72,
      y: 360,
      step: 48,
      labelWidth: 130,
      width: 620,
      labelSuffix: ':',
      label: { size: 15, minSize: 10, family: 'mono', fill: CYAN },
      value: detailValue('#E2E8F0', { size: 18, minSize: 11, family: 'mono' }),
    },
    qr: { x: 744, y: 360, stroke: CYAN, strokeWidth: 2 },
  }),
  back: {
    backdrop,
    text: '#FFFFFF',
    muted: '#A5F3FC',
    scanFamily: 'mono',
    qrStroke: CYAN,
    qrStrokeWidth: 2,
    glow: true,
  },
};
