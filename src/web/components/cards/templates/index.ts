import type { TCardTemplate } from '#shared/schemas/cards.ts';
import { chinese, GOLD, RED } from './chinese.tsx';
import { corporate } from './corporate.tsx';
import { gradient } from './gradient.tsx';
import { minimal } from './minimal.tsx';
import { modern } from './modern.tsx';
import { CYAN, tech } from './tech.tsx';
import type { TemplateSpec } from './types.ts';

export type { CardTexts, CardView } from './types.ts';

export const TEMPLATE_SPECS: Record<TCardTemplate, TemplateSpec> = {
  modern,
  minimal,
  gradient,
  corporate,
  chinese,
  tech,
};

/** Small colour swatches for the template picker. */
export const TEMPLATE_SWATCHES: Record<TCardTemplate, { background: string; accent: string }> = {
  modern: { background: '#FFFFFF', accent: '#3B82F6' },
  minimal: { background: '#FAFAFA', accent: '#171717' },
  gradient: { background: 'linear-gradient(135deg, #2563EB, #7C3AED)', accent: '#FFFFFF' },
  corporate: { background: `linear-gradient(#1E3A8A 0 38%, #FFFFFF 38%)`, accent: '#1E3A8A' },
  chinese: { background: RED, accent: GOLD },
  tech: { background: '#0F172A', accent: CYAN },
};
