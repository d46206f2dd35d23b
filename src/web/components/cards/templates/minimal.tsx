import { CARD_HEIGHT as H, CARD_WIDTH as W } from '#web/components/cards/card-image.ts';
import { capsLabel, detailValue } from './text-looks.ts';
import type { TemplateSpec } from './types.ts';

const backdrop = () => <rect width={W} height={H} fill="#FFFFFF" />;

/** Black on white, a thin rule, a grey logo top right. */
export const minimal: TemplateSpec = {
  front: () => ({
    backdrop,
    logo: {
      x: 784,
      y: 72,
      ring: '#E5E5E5',
      ringWidth: 1.5,
      placeholderFill: '#171717',
      placeholderText: '#FFFFFF',
      family: 'sans',
      grayscale: true,
    },
    company: {
      x: 96,
      y: 244,
      width: 660,
      size: 17,
      minSize: 11,
      maxLines: 2,
      lineHeight: 1.4,
      weight: 500,
      family: 'sans',
      fill: '#525252',
      letterSpacing: 4,
      uppercase: true,
    },
    name: {
      x: 96,
      y: 72,
      height: 150,
      valign: 'bottom',
      width: 660,
      size: 54,
      minSize: 28,
      maxLines: 2,
      weight: 300,
      family: 'sans',
      fill: '#111111',
    },
    ornament: <line x1={96} x2={864} y1={318.5} y2={318.5} stroke="#171717" strokeWidth={1} />,
    details: {
      kind: 'rows',
      x: 96,
      y: 360,
      step: 50,
      labelWidth: 132,
      width: 576,
      label: capsLabel('#737373', { letterSpacing: 3 }),
      value: detailValue('#171717'),
    },
    qr: { x: 720, y: 356, pad: 0, radius: 0 },
  }),
  back: { backdrop, text: '#111111', muted: '#525252', scanFamily: 'sans' },
};
