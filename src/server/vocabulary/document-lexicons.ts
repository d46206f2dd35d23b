import { bucket, wordsFor } from './concepts.ts';
import { cuePattern } from './patterns.ts';

/*
 * The words behind the document analysis (ingest/analyse.ts): which industry a card's documents
 * are about and what kinds of document they are. The term counter finds English words whole (a
 * trailing "s" or "es" allowed) and Chinese words anywhere, in text folded with its offsets kept.
 */

export type IndustryGroup = 'manufacturing' | 'tech' | 'finance' | 'service' | 'trade' | 'none';

export interface IndustryLexicon {
  id: string;
  /** English name used in the readable reasoning. */
  label: string;
  group: IndustryGroup;
  terms: readonly string[];
}

const INDUSTRY_WORDS = wordsFor('industry');

const industry = (id: string, label: string, group: IndustryGroup): IndustryLexicon => ({
  id,
  label,
  group,
  terms: bucket(INDUSTRY_WORDS, id),
});

export const INDUSTRIES: readonly IndustryLexicon[] = [
  industry('building-materials', 'ceramics and building materials', 'manufacturing'),
  industry('machinery', 'machinery and industrial equipment', 'manufacturing'),
  industry('electronics', 'electronics', 'manufacturing'),
  industry('textiles', 'textiles and apparel', 'manufacturing'),
  industry('chemicals', 'chemicals', 'manufacturing'),
  industry('food', 'food and beverages', 'manufacturing'),
  industry('furniture', 'furniture', 'manufacturing'),
  industry('medical', 'medical devices and healthcare', 'manufacturing'),
  industry('automotive', 'automotive parts', 'manufacturing'),
  industry('software', 'software and IT services', 'tech'),
  industry('professional-services', 'professional and marketing services', 'service'),
  industry('trade-retail', 'trade and retail', 'trade'),
  industry('finance', 'finance and insurance', 'finance'),
];

export const GENERAL_INDUSTRY = {
  id: 'general',
  label: 'a general business',
  group: 'none',
} as const;

const DOCUMENT_WORDS = wordsFor('doc');

/** Signs of a business that sells its time and know-how. */
export const SERVICE_TERMS = bucket(DOCUMENT_WORDS, 'service');
/** Signs of a business that sells goods. */
export const PRODUCT_TERMS = bucket(DOCUMENT_WORDS, 'product');
export const TECHNICAL_TERMS = bucket(DOCUMENT_WORDS, 'technical');
export const FINANCIAL_TERMS = bucket(DOCUMENT_WORDS, 'financial');
export const LEGAL_TERMS = bucket(DOCUMENT_WORDS, 'legal');
export const MARKETING_TERMS = bucket(DOCUMENT_WORDS, 'marketing');
export const MANUAL_TERMS = bucket(DOCUMENT_WORDS, 'manual');
export const PROFILE_TERMS = bucket(DOCUMENT_WORDS, 'profile');
export const CATALOGUE_TERMS = bucket(DOCUMENT_WORDS, 'catalogue');
export const TRADE_TERMS = bucket(DOCUMENT_WORDS, 'trade');

/** An FAQ says so ("FAQ", "frequently asked", 常见问题). */
export const FAQ_CUE = cuePattern(bucket(DOCUMENT_WORDS, 'faq'), 'u');
/** A price list says so. */
export const PRICE_LIST_CUE = cuePattern(bucket(DOCUMENT_WORDS, 'price-list'), 'u');
