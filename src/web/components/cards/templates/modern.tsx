import { CARD_HEIGHT as H, CARD_WIDTH as W } from '#web/components/cards/card-image.ts';
import { capsLabel, companyBesideLogo, detailValue, nameUnderLogo } from './text-looks.ts';
import type { TemplateContext, TemplateSpec } from './types.ts';

const backdrop = ({ id, view }: TemplateContext) => (
  <>
    <linearGradient id={`${id}-accent`} x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stopColor={view.primaryColor} />
      <stop offset="1" stopColor={view.secondaryColor} />
    </linearGradient>
    <rect width={W} height={H} fill="#FFFFFF" />
    <circle cx={W} cy={0} r={230} fill={view.primaryColor} opacity={0.07} />
    <circle cx={W - 40} cy={40} r={120} fill={view.primaryColor} opacity={0.06} />
    <rect width={20} height={H} fill={`url(#${id}-accent)`} />
  </>
);

/** White with a colour bar down the left edge; details two to a row. */
export const modern: TemplateSpec = {
  front: ({ view }) => ({
    backdrop,
    logo: {
      x: 72,
      y: 64,
      ring: '#E2E8F0',
      placeholderFill: view.primaryColor,
      placeholderText: '#FFFFFF',
      family: 'sans',
    },
    company: companyBesideLogo({ size: 28, minSize: 16, weight: 600, fill: view.secondaryColor }),
    name: nameUnderLogo({ y: 184, height: 130, size: 60, minSize: 30, fill: '#0F172A' }),
    ornament: <rect x={72} y={334} width={56} height={4} rx={2} fill={view.primaryColor} />,
    details: {
      kind: 'grid',
      x: 72,
      y: 372,
      columnStep: 320,
      rowStep: 76,
      width: 296,
      label: capsLabel('#64748B', { size: 13, minSize: 10 }),
      value: detailValue('#1E293B', { size: 20, minSize: 13 }),
    },
    qr: { x: 744, y: 368, stroke: '#E2E8F0' },
  }),
  back: {
    backdrop,
    text: '#0F172A',
    muted: '#475569',
    scanFamily: 'sans',
    qrStroke: '#E2E8F0',
  },
};
