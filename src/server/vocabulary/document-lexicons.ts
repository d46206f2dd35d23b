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

const DOCUMENT_TERM_KINDS = [
  'service',
  'product',
  'technical',
  'financial',
  'legal',
  'marketing',
  'manual',
  'profile',
  'catalogue',
  'trade',
] as const;
type DocumentTermKind = (typeof DOCUMENT_TERM_KINDS)[number];

const INDUSTRY_WORDS = wordsFor('industry');
const INDUSTRY_GROUPS: ReadonlySet<string> = new Set([
  'manufacturing',
  'tech',
  'finance',
  'service',
  'trade',
]);

/** The industries in the order they are scored: id, group, and the name the reasoning gives. */
const INDUSTRY_NAMES = `
  building-materials      manufacturing  ceramics and building materials
  machinery               manufacturing  machinery and industrial equipment
  electronics             manufacturing  electronics
  textiles                manufacturing  textiles and apparel
  chemicals               manufacturing  chemicals
  food                    manufacturing  food and beverages
  furniture               manufacturing  furniture
  medical                 manufacturing  medical devices and healthcare
  automotive              manufacturing  automotive parts
  software                tech           software and IT services
  professional-services   service        professional and marketing services
  trade-retail            trade          trade and retail
  finance                 finance        finance and insurance
`;

export const INDUSTRIES: readonly IndustryLexicon[] = INDUSTRY_NAMES.trim()
  .split('\n')
  .map((line) => {
    const [, id = '', group = '', label = ''] = /^\s*(\S+)\s+(\S+)\s+(.+)$/u.exec(line) ?? [];
    if (!INDUSTRY_GROUPS.has(group)) throw new Error(`industry ${id}: no group ${group}`);
    return { id, label, group: group as IndustryGroup, terms: bucket(INDUSTRY_WORDS, id) };
  });

export const GENERAL_INDUSTRY = {
  id: 'general',
  label: 'a general business',
  group: 'none',
} as const;

const DOCUMENT_WORDS = wordsFor('doc');

/**
 * Signs of each kind of document, counted: service (a business that sells its time and
 * know-how), product (one that sells goods), technical, financial, legal, marketing, manual,
 * profile, catalogue and trade terms.
 */
export const DOCUMENT_TERMS = Object.fromEntries(
  DOCUMENT_TERM_KINDS.map((kind) => [kind, bucket(DOCUMENT_WORDS, kind)]),
) as Readonly<Record<DocumentTermKind, readonly string[]>>;

/** An FAQ says so ("FAQ", "frequently asked", 常见问题). */
export const FAQ_CUE = cuePattern(bucket(DOCUMENT_WORDS, 'faq'), 'u');
/** A price list says so. */
export const PRICE_LIST_CUE = cuePattern(bucket(DOCUMENT_WORDS, 'price-list'), 'u');
