import type { TPosterTemplate } from '#shared/marketing/poster.ts';
import type { Language } from '#shared/limits.ts';
import { translate } from '#server/lib/i18n.ts';

/* The six poster templates; names and features in the request's language. */

type TemplateDef = Omit<TPosterTemplate, 'name' | 'description' | 'features' | 'category'> & {
  category: string;
  features: string[];
};

const TEMPLATES: TemplateDef[] = [
  {
    id: 'corporate-minimal',
    category: 'business',
    layout: 'hero',
    style: 'corporate',
    colorScheme: 'corporate',
    features: ['logo', 'messages', 'qr'],
    popularity: 5,
  },
  {
    id: 'tech-innovation',
    category: 'technology',
    layout: 'split',
    style: 'tech',
    colorScheme: 'cool',
    features: ['grid', 'messages', 'qr'],
    popularity: 5,
  },
  {
    id: 'exhibition-classic',
    category: 'exhibition',
    layout: 'hero',
    style: 'modern',
    colorScheme: 'vibrant',
    features: ['booth', 'messages', 'qr'],
    popularity: 4,
  },
  {
    id: 'conference-elegant',
    category: 'conference',
    layout: 'frame',
    style: 'professional',
    colorScheme: 'monochrome',
    features: ['frame', 'agenda', 'qr'],
    popularity: 4,
  },
  {
    id: 'startup-dynamic',
    category: 'startup',
    layout: 'diagonal',
    style: 'creative',
    colorScheme: 'warm',
    features: ['shapes', 'messages', 'qr'],
    popularity: 4,
  },
  {
    id: 'luxury-premium',
    category: 'luxury',
    layout: 'frame',
    style: 'minimalist',
    colorScheme: 'monochrome',
    features: ['frame', 'logo', 'qr'],
    popularity: 3,
  },
];

export function findTemplate(id: string | undefined): TemplateDef | undefined {
  return TEMPLATES.find((template) => template.id === id);
}

export function posterTemplates(language: Language): TPosterTemplate[] {
  const t = (key: string) => translate(language, key);
  return TEMPLATES.map((template) => ({
    ...template,
    name: t(`posters.templates.${template.id}.name`),
    description: t(`posters.templates.${template.id}.description`),
    category: t(`posters.categories.${template.category}`),
    features: template.features.map((feature) => t(`posters.features.${feature}`)),
  }));
}
