import type { TCardTemplate } from '#shared/schemas/cards.ts';

/** Showcase autoplay step. */
export const SHOWCASE_AUTOPLAY_MS = 4000;

/** The template carrying the hot badge. */
export const POPULAR_TEMPLATE: TCardTemplate = 'chinese';

/**
 * A sample exhibitor for the gallery. Words a
 * reader sees (name, title, company, industry, address, products, fairs, honours) live in the
 * locale files under `showcase.samples.<id>`; contact details are the same in every language.
 */
export interface ShowcaseSample {
  id: string;
  email: string;
  phone: string;
  website: string;
  template: TCardTemplate;
  primaryColor: string;
  secondaryColor: string;
  /** Keys under showcase.samples.<id>.products / fairs / honors. */
  products: readonly string[];
  fairs: readonly string[];
  honors: readonly string[];
  /** Keys under showcase.featureItems. */
  features: readonly string[];
}

const LISTS = { products: ['a', 'b', 'c'], fairs: ['a', 'b'], honors: ['a', 'b'] } as const;

export const SHOWCASE_SAMPLES: readonly ShowcaseSample[] = [
  {
    id: 'machinery',
    email: 'sales@hengtai-machinery.example',
    phone: '+86 20 8888 6612',
    website: 'hengtai-machinery.example',
    template: 'modern',
    primaryColor: '#3B82F6',
    secondaryColor: '#1E40AF',
    ...LISTS,
    features: ['chat', 'languages', 'catalogue'],
  },
  {
    id: 'textiles',
    email: 'export@jinsi-textiles.example',
    phone: '+86 571 8765 4321',
    website: 'jinsi-textiles.example',
    template: 'minimal',
    primaryColor: '#171717',
    secondaryColor: '#525252',
    ...LISTS,
    features: ['samples', 'languages', 'leads'],
  },
  {
    id: 'electronics',
    email: 'hello@brightwave-tech.example',
    phone: '+86 755 2233 8899',
    website: 'brightwave-tech.example',
    template: 'tech',
    primaryColor: '#22D3EE',
    secondaryColor: '#0F172A',
    ...LISTS,
    features: ['chat', 'specs', 'live'],
  },
  {
    id: 'tea',
    email: 'trade@yunwu-tea.example',
    phone: '+86 591 8311 2200',
    website: 'yunwu-tea.example',
    template: 'chinese',
    primaryColor: '#B91C1C',
    secondaryColor: '#D4AF37',
    ...LISTS,
    features: ['story', 'languages', 'leads'],
  },
  {
    id: 'medical',
    email: 'intl@kangning-med.example',
    phone: '+86 21 6098 7711',
    website: 'kangning-med.example',
    template: 'corporate',
    primaryColor: '#1E3A8A',
    secondaryColor: '#3B82F6',
    ...LISTS,
    features: ['certificates', 'chat', 'live'],
  },
  {
    id: 'lighting',
    email: 'sales@lumina-led.example',
    phone: '+852 2123 4567',
    website: 'lumina-led.example',
    template: 'gradient',
    primaryColor: '#2563EB',
    secondaryColor: '#7C3AED',
    ...LISTS,
    features: ['catalogue', 'specs', 'leads'],
  },
];
