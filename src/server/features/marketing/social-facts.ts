import { and, eq, inArray } from 'drizzle-orm';
import type { Assistant } from '#server/ai/assistant.ts';
import type { AppContext } from '#server/context.ts';
import { documents } from '#server/db/schema.ts';
import { findOwnedCard } from '#server/features/cards/service.ts';
import {
  isProductLabel,
  type DocumentIntelligence,
  type SourcedText,
} from '#server/ingest/intelligence.ts';
import { INDUSTRY_MENTIONS } from '#server/vocabulary/industries.ts';

/*
 * What the text generators know about a company: the card row (name, contact, website) and
 * what its documents say (assistant.intelligence), reduced to short facts. Optionally limited
 * to some of the card's documents. The owner check (404 for another owner's card) is here.
 */

export interface CompanyFacts {
  cardId: number;
  selectedAiModel: string;
  companyName: string | null;
  /** Every spelling known (the card's, the documents', other languages): see inLanguage(). */
  companyNames: string[];
  contactPerson: string | null;
  jobTitle: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  /** First sentences of the documents' own description of the company. */
  overview: string;
  products: string[];
  highlights: string[];
  certifications: string[];
  /** Trade terms as written (payment, MOQ, delivery...), with their kind. */
  tradeTerms: Array<{ kind: string; text: string }>;
  /** Industry words found (lower-case English, for hashtags and topics). */
  industries: string[];
  /** True when there is at least one fact from a document. */
  hasDocuments: boolean;
}

const MAX_FACT_CHARS = 160;
/** Products kept for every language together (a bilingual catalogue names each twice). */
const MAX_PRODUCTS = 16;

function clean(text: string): string {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return [...flat].length > MAX_FACT_CHARS ? [...flat].slice(0, MAX_FACT_CHARS).join('') : flat;
}

function unique(values: Iterable<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const text = clean(value);
    const key = text.toLowerCase();
    if (text && !seen.has(key)) {
      seen.add(key);
      out.push(text);
    }
  }
  return out;
}

function industriesOf(texts: readonly string[]): string[] {
  const joined = texts.join('\n');
  return INDUSTRY_MENTIONS.filter(([, pattern]) => pattern.test(joined)).map(([name]) => name);
}

/** Abbreviations whose full stop does not end a sentence ("Co., Ltd. designs ..."). */
export const ABBREVIATION = /\b(?:co|ltd|inc|corp|no|mr|mrs|ms|dr|st|e\.g|i\.e|etc|vs|approx)\.$/iu;

/**
 * Sentences of a text in any of our scripts: Chinese ones end at 。！？, Latin ones at . ! ?
 * followed by a space (so "sales@x.example", "1.5 kW" and "Co., Ltd." stay whole); a line
 * break always ends one.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const line of text.split(/\n+/u)) {
    let buffer = '';
    for (const part of line.split(/(?<=[。！？])|(?<=[.!?])(?=\s)/u)) {
      buffer += part;
      const trimmed = buffer.trim();
      if (/[。！？!?]$/u.test(trimmed) || (/\.$/u.test(trimmed) && !ABBREVIATION.test(trimmed))) {
        sentences.push(trimmed);
        buffer = '';
      }
    }
    if (buffer.trim()) sentences.push(buffer.trim());
  }
  return sentences;
}

function firstSentences(text: string, maxChars: number): string {
  const sentences = splitSentences(text).map((sentence) =>
    /\p{Script=Han}/u.test(sentence) ? sentence : `${sentence} `,
  );
  let out = '';
  for (const sentence of sentences) {
    if ([...(out + sentence)].length > maxChars) break;
    out += sentence;
  }
  return (out || text.slice(0, maxChars)).replace(/\s+/gu, ' ').trim();
}

async function fileNamesOf(
  ctx: AppContext,
  cardId: number,
  documentIds: readonly number[],
): Promise<Set<string> | null> {
  if (documentIds.length === 0) return null;
  const rows = await ctx.db
    .select({ fileName: documents.fileName })
    .from(documents)
    .where(and(eq(documents.businessCardId, cardId), inArray(documents.id, [...documentIds])));
  return rows.length > 0 ? new Set(rows.map((row) => row.fileName)) : null;
}

function fromDocuments(
  intelligence: DocumentIntelligence | null,
  files: Set<string> | null,
): Pick<
  CompanyFacts,
  'overview' | 'products' | 'highlights' | 'certifications' | 'tradeTerms' | 'industries'
> & { names: string[] } {
  if (!intelligence) {
    return {
      names: [],
      overview: '',
      products: [],
      highlights: [],
      certifications: [],
      tradeTerms: [],
      industries: [],
    };
  }
  const kept = <T extends SourcedText>(items: readonly T[]) =>
    files ? items.filter((item) => files.has(item.fileName)) : items;
  const overviewSources = kept(intelligence.overviewSources);
  const overview =
    files && overviewSources.length > 0
      ? overviewSources.map((source) => source.text).join(' ')
      : intelligence.companyOverview;
  const products = files
    ? kept(intelligence.productSources).map((fact) => fact.label)
    : intelligence.keyProducts;
  const highlights = kept(intelligence.businessHighlights).map((item) => item.text);
  return {
    names: [intelligence.companyName ?? '', ...intelligence.alternativeCompanyNames].filter(
      Boolean,
    ),
    overview: firstSentences(overview, 400),
    // The reader keeps products only (isProductLabel); the language is chosen before the count.
    products: unique(products.filter(isProductLabel)).slice(0, MAX_PRODUCTS),
    highlights: unique(highlights).slice(0, 6),
    certifications: unique(kept(intelligence.certifications).map((fact) => fact.label)).slice(0, 6),
    tradeTerms: kept(intelligence.tradeTerms)
      .slice(0, 6)
      .map((term) => ({ kind: term.label, text: clean(term.text) })),
    industries: industriesOf([overview, ...products, ...highlights]),
  };
}

export async function companyFacts(
  ctx: AppContext,
  assistant: Assistant,
  options: { ownerId: number; cardId: number; documentIds?: readonly number[] },
): Promise<CompanyFacts> {
  const card = await findOwnedCard(ctx, options.ownerId, options.cardId);
  const [intelligence, files] = await Promise.all([
    assistant.intelligence(card.id),
    fileNamesOf(ctx, card.id, options.documentIds ?? []),
  ]);
  const docs = fromDocuments(intelligence, files);
  return {
    cardId: card.id,
    selectedAiModel: card.selectedAiModel,
    companyName: card.companyName?.trim() || docs.names[0] || null,
    companyNames: unique([card.companyName ?? '', ...docs.names]),
    contactPerson: card.contactPerson?.trim() || null,
    jobTitle: card.jobTitle?.trim() || null,
    website: card.website?.trim() || null,
    email: card.email?.trim() || null,
    phone: card.phone?.trim() || null,
    overview: docs.overview,
    products: docs.products,
    highlights: docs.highlights,
    certifications: docs.certifications,
    tradeTerms: docs.tradeTerms,
    industries: docs.industries,
    hasDocuments: Boolean(docs.overview || docs.products.length || docs.highlights.length),
  };
}

/** The facts as plain lines, for a model (as data) and for effectiveness checks. */
export function factsAsText(facts: CompanyFacts): string {
  const lines = [
    facts.companyName && `Company: ${facts.companyName}`,
    facts.overview && `Overview: ${facts.overview}`,
    facts.products.length > 0 && `Products: ${facts.products.join('; ')}`,
    ...facts.highlights.map((item) => `Highlight: ${item}`),
    facts.certifications.length > 0 && `Certifications: ${facts.certifications.join(', ')}`,
    ...facts.tradeTerms.map((term) => `Trade term (${term.kind}): ${term.text}`),
    facts.website && `Website: ${facts.website}`,
    facts.contactPerson && `Contact: ${facts.contactPerson}`,
  ];
  return lines.filter((line): line is string => Boolean(line)).join('\n');
}

const hasHan = (text: string) => /\p{Script=Han}/u.test(text);

/**
 * Items written in the language's script. A Chinese text falls back to the others when none is
 * (its readers read "Marble Look Series"); an English text never quotes Chinese, which its
 * readers cannot read (decision 034), so a Chinese-only fact is left out of it.
 */
function preferScript<T>(items: readonly T[], chinese: boolean, textOf: (item: T) => string): T[] {
  const kept = items.filter((item) => hasHan(textOf(item)) === chinese);
  return kept.length > 0 || !chinese ? kept : [...items];
}

/**
 * The facts as a text in one language should quote them: a bilingual company's documents
 * give an English post the English lines and a Chinese post the Chinese ones (and the name
 * spelt in that script); a Chinese post falls back to English lines where nothing else exists,
 * an English post leaves Chinese-only lines out (see preferScript).
 */
export function inLanguage(facts: CompanyFacts, language: 'zh-CN' | 'en'): CompanyFacts {
  const chinese = language === 'zh-CN';
  const sentences = splitSentences(facts.overview);
  const name =
    facts.companyNames.find((candidate) => hasHan(candidate) === chinese) ?? facts.companyName;
  return {
    ...facts,
    companyName: name,
    overview: preferScript(sentences, chinese, (s) => s)
      .map((s) => s.trim())
      .join(chinese ? '' : ' '),
    products: preferScript(facts.products, chinese, (p) => p),
    highlights: preferScript(facts.highlights, chinese, (h) => h),
    tradeTerms: preferScript(facts.tradeTerms, chinese, (term) => term.text),
  };
}

/** Units and the "x" of dimensions: not what a product is called ("200 x 1200 mm plank"). */
const UNIT_WORD = /^(?:x|mm|cm|m|km|kg|g|t|kw|w|v|hz|l|min|h|in|inch|ft|pcs|set|sets)$/iu;

/**
 * A product as said in a sentence: "AQ-150S: stainless steel submersible pump" ->
 * "AQ-150S steel submersible pump", "4SD8-26: 4-inch submersible deep well pump" ->
 * "4SD8-26 deep well pump" (the last words of the description, up to three, no units).
 */
export function shortProduct(label: string): string {
  const [head, ...rest] = label.split(/[:：]/u);
  if (rest.length === 0 || !head || hasHan(label)) return label;
  const description = rest
    .join(' ')
    .split(/\b(?:with|for|and|in)\b|[,;(]/u)[0]!
    .trim();
  const words: string[] = [];
  for (const word of description.split(/\s+/u).reverse()) {
    if (!/^[A-Za-z][A-Za-z-]*$/u.test(word) || UNIT_WORD.test(word) || words.length === 3) break;
    words.unshift(word);
  }
  return words.length > 0 ? `${head.trim()} ${words.join(' ')}` : head.trim();
}
