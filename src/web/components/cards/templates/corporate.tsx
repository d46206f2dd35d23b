import { CARD_HEIGHT as H, CARD_WIDTH as W } from '#web/components/cards/card-image.ts';
import { capsLabel, detailValue, nameUnderLogo } from './text-looks.ts';
import type { TemplateSpec } from './types.ts';

const NAVY = '#1E3A8A';

/** A navy head band with the company in serif type; a navy foot band. */
export const corporate: TemplateSpec = {
  front: ({ view }) => ({
    backdrop: () => (
      <>
        <rect width={W} height={H} fill="#FFFFFF" />
        <rect width={W} height={176} fill={NAVY} />
        <rect y={176} width={W} height={6} fill={view.primaryColor} />
        <rect y={H - 14} width={W} height={14} fill={NAVY} />
      </>
    ),
    logo: {
      x: 72,
      y: 48,
      ring: '#FFFFFF',
      placeholderFill: '#FFFFFF',
      placeholderText: NAVY,
      family: 'serif',
    },
    company: {
      x: 176,
      y: 40,
      height: 96,
      valign: 'middle',
      width: 712,
      size: 38,
      minSize: 20,
      maxLines: 2,
      weight: 700,
      family: 'serif',
      fill: '#FFFFFF',
    },
    name: nameUnderLogo({ y: 210, height: 96, size: 42, minSize: 24, fill: '#0F172A' }),
    details: {
      kind: 'rows',
      x: 72,
      y: 344,
      step: 52,
      labelWidth: 120,
      width: 600,
      label: capsLabel('#64748B'),
      value: detailValue('#334155'),
    },
    qr: { x: 744, y: 360, stroke: '#CBD5E1' },
  }),
  back: {
    backdrop: ({ view }) => (
      <>
        <rect width={W} height={H} fill="#FFFFFF" />
        <rect width={W} height={28} fill={NAVY} />
        <rect y={28} width={W} height={4} fill={view.primaryColor} />
        <rect y={H - 14} width={W} height={14} fill={NAVY} />
      </>
    ),
    text: NAVY,
    muted: '#475569',
    scanFamily: 'serif',
    qrStroke: '#CBD5E1',
  },
};
