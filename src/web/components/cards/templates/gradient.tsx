import { CARD_HEIGHT as H, CARD_WIDTH as W } from '#web/components/cards/card-image.ts';
import { capsLabel, companyBesideLogo, detailValue, nameUnderLogo } from './text-looks.ts';
import type { TemplateContext, TemplateSpec } from './types.ts';

const backdrop = ({ id }: TemplateContext) => (
  <>
    <linearGradient id={`${id}-gradient`} x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stopColor="#2563EB" />
      <stop offset="0.55" stopColor="#4F46E5" />
      <stop offset="1" stopColor="#7C3AED" />
    </linearGradient>
    <rect width={W} height={H} fill={`url(#${id}-gradient)`} />
    <circle cx={880} cy={40} r={200} fill="#FFFFFF" opacity={0.08} />
    <circle cx={90} cy={560} r={160} fill="#FFFFFF" opacity={0.06} />
  </>
);

/** The details on a frosted panel over the blue-violet gradient. */
const panel = (
  <>
    <rect
      x={48}
      y={336}
      width={864}
      height={192}
      rx={24}
      fill="#1E1B4B"
      fillOpacity={0.28}
      stroke="#FFFFFF"
      strokeOpacity={0.35}
    />
    <rect x={49} y={337} width={862} height={60} rx={23} fill="#FFFFFF" opacity={0.05} />
  </>
);

/** White type on a blue-to-violet gradient. */
export const gradient: TemplateSpec = {
  front: () => ({
    backdrop,
    logo: {
      x: 72,
      y: 64,
      ring: '#FFFFFF',
      placeholderFill: '#FFFFFF',
      placeholderText: '#4F46E5',
      family: 'sans',
    },
    company: companyBesideLogo({ size: 26, minSize: 15, weight: 500, fill: '#FFFFFF' }),
    name: nameUnderLogo({ y: 176, height: 140, size: 58, minSize: 30, fill: '#FFFFFF' }),
    ornament: panel,
    details: {
      kind: 'rows',
      x: 88,
      y: 374,
      step: 50,
      labelWidth: 120,
      width: 600,
      label: capsLabel('#E0E7FF'),
      value: detailValue('#FFFFFF', { weight: 600 }),
    },
    qr: { x: 752, y: 360 },
  }),
  back: { backdrop, text: '#FFFFFF', muted: '#E0E7FF', scanFamily: 'sans' },
};
