import {
  addCounts,
  type AnalysisLanguage,
  countScripts,
  EMPTY_COUNTS,
  LANGUAGE_NAMES,
  languageVolumes,
} from '#server/text/language.ts';
import {
  DOCUMENT_TERMS,
  FAQ_CUE,
  GENERAL_INDUSTRY,
  INDUSTRIES,
  type IndustryGroup,
  PRICE_LIST_CUE,
} from '#server/vocabulary/document-lexicons.ts';
import type { DocumentKind } from './detect.ts';
import type { ExtractedSection } from './extract/types.ts';
import { cappedScore, countTerms, termText, type TermText } from './term-counter.ts';

/*
 * What the documents are, computed from their text: languages by script counts, industry by
 * keyword lexicons, complexity by length and numeric density, content types per document, and
 * from all of that the recommended model with a sentence a person can check against the files.
 */

export interface AnalysedDocument {
  fileName: string;
  kind: DocumentKind;
  sections: readonly ExtractedSection[];
}

export const CONTENT_TYPES = [
  'product-catalogue',
  'company-profile',
  'faq',
  'price-list',
  'technical-manual',
  'presentation',
  'trade-terms',
  'product-label',
  'marketing-brochure',
  'contract',
  'general-document',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export type Complexity = 'high' | 'medium' | 'low';
export type RecommendedModel = 'openai' | 'deepseek';

export interface DocumentAnalysis {
  primaryLanguage: AnalysisLanguage;
  secondaryLanguages: AnalysisLanguage[];
  /** An id from INDUSTRIES (vocabulary/document-lexicons.ts) or 'general'. */
  industry: string;
  documentComplexity: Complexity;
  contentTypes: ContentType[];
  technicalTerms: boolean;
  financialData: boolean;
  legalContent: boolean;
  marketingContent: boolean;
  recommendedModel: RecommendedModel;
  reasoning: string;
  /** 0-1: how clearly the evidence points one way. */
  confidence: number;
  documentCount: number;
  /** The numbers behind the decisions, for the summary JSON and for debugging. */
  evidence: {
    languageShares: Partial<Record<AnalysisLanguage, number>>;
    industryScores: Record<string, number>;
    offering: 'products' | 'services' | 'mixed';
    modelScores: Record<RecommendedModel, number>;
    characters: number;
  };
}

const MODEL_CODE = /\b[A-Z]{1,4}-?[A-Z]{0,2}\d{2,}[A-Z0-9]*(?:-[A-Z0-9]+)*\b/g;
const UNIT_AFTER_NUMBER =
  /\d\s?(?:mm|cm|m²|㎡|m2|kg|g|pcs|ml|l|w|kw|kwh|v|hz|mhz|ghz|°c|℃|%|mpa|bar|rpm|gsm|ft|inch|")(?![\p{L}])/giu;
/*
 * An amount before its currency has a bounded number part: unbounded, it was tried again from
 * each digit of a long run of digits and read to its end each time (30,000 digits: 5 s). The
 * count is the same, since a match still starts in every run that ends in a currency.
 */
const CURRENCY_AMOUNT =
  /(?:usd|us\$|hk\$|\$|€|eur|rmb|cny|¥|￥)\s?\d[\d,.]*|\d[\d,.]{0,30}\s?(?:usd|eur|rmb|cny|元|万元|萬元|美元|dollars?)/giu;
// "\s*(?:\d+\s*)?" rather than "\s*\d*\s*": the two \s* could share a run of spaces in every
// way, quadratic after a "q" followed by a long run of whitespace (30,000: 2.5 s).
const QUESTION_LINE = /^(?:q|question|问|問)\s*(?:\d+\s*)?[:：.]/gimu;

interface DocumentProfile {
  fileName: string;
  text: string;
  lower: string;
  language: AnalysisLanguage | null;
  volume: number;
  types: ContentType[];
}

const distinctMatches = (text: string, pattern: RegExp) => new Set(text.match(pattern) ?? []).size;
const countMatches = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

function contentTypesOf(kind: DocumentKind, text: string, terms: TermText): ContentType[] {
  const { lower } = terms;
  const types: ContentType[] = [];
  const modelCodes = distinctMatches(text, MODEL_CODE);
  const units = countMatches(lower, UNIT_AFTER_NUMBER);
  const distinct = (list: readonly string[]) => countTerms(terms, list).distinct;
  if ((modelCodes >= 2 && units >= 2) || distinct(DOCUMENT_TERMS.catalogue) >= 3) {
    types.push('product-catalogue');
  }
  if (distinct(DOCUMENT_TERMS.profile) >= 2) types.push('company-profile');
  if (countMatches(text, QUESTION_LINE) >= 2 || FAQ_CUE.test(terms.folded)) {
    types.push('faq');
  }
  if (countMatches(lower, CURRENCY_AMOUNT) >= 3 || PRICE_LIST_CUE.test(terms.folded)) {
    types.push('price-list');
  }
  if (distinct(DOCUMENT_TERMS.manual) >= 3) types.push('technical-manual');
  if (kind === 'pptx') types.push('presentation');
  if (distinct(DOCUMENT_TERMS.trade) >= 2) types.push('trade-terms');
  if ((kind === 'png' || kind === 'jpg') && text.length < 600 && (modelCodes > 0 || units > 0)) {
    types.push('product-label');
  }
  if (distinct(DOCUMENT_TERMS.legal) >= 4) types.push('contract');
  if (types.length === 0 && distinct(DOCUMENT_TERMS.marketing) >= 3)
    types.push('marketing-brochure');
  return types.length > 0 ? types : ['general-document'];
}

function profileDocument(
  doc: AnalysedDocument,
): DocumentProfile & { counts: ReturnType<typeof countScripts> } {
  const text = doc.sections.map((section) => section.text).join('\n');
  const lower = text.toLowerCase();
  const counts = countScripts(text);
  const volumes = [...languageVolumes(counts)].sort((a, b) => b[1] - a[1]);
  const [top] = volumes;
  return {
    fileName: doc.fileName,
    text,
    lower,
    counts,
    language: top ? top[0] : null,
    volume: volumes.reduce((sum, [, volume]) => sum + volume, 0),
    types: contentTypesOf(doc.kind, text, termText(lower)),
  };
}

function decideComplexity(text: string, terms: TermText): Complexity {
  const characters = text.length;
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}.,]*/gu) ?? [];
  const numeric = tokens.filter((token) => /\d/.test(token)).length;
  const numericShare = tokens.length ? numeric / tokens.length : 0;
  const lines = text.split('\n').filter((line) => line.trim());
  const tableLike = lines.filter(
    (line) => line.includes('|') || line.includes('\t') || (line.match(/\d+/g)?.length ?? 0) >= 3,
  ).length;
  const tableShare = lines.length ? tableLike / lines.length : 0;
  const modelCodes = distinctMatches(text, MODEL_CODE);
  const technicalPerThousand =
    (countTerms(terms, DOCUMENT_TERMS.technical).total +
      countMatches(terms.lower, UNIT_AFTER_NUMBER)) /
    Math.max(1, characters / 1000);
  let score = 0;
  if (characters > 50_000) score += 2;
  else if (characters > 10_000) score += 1;
  if (numericShare > 0.15) score += 2;
  else if (numericShare > 0.06) score += 1;
  if (tableShare > 0.25) score += 1;
  if (modelCodes >= 10) score += 1;
  if (technicalPerThousand > 5) score += 1;
  // A few pages are never "high", however dense: there is little to reason over.
  if (score >= 4 && characters >= 5_000) return 'high';
  return score >= 2 ? 'medium' : 'low';
}

const CONTENT_TYPE_LABELS: Record<ContentType, [singular: string, plural: string]> = {
  'product-catalogue': ['a product catalogue', 'product catalogues'],
  'company-profile': ['a company profile', 'company profiles'],
  faq: ['an FAQ', 'FAQs'],
  'price-list': ['a price list', 'price lists'],
  'technical-manual': ['a technical manual', 'technical manuals'],
  presentation: ['a presentation', 'presentations'],
  'trade-terms': ['trade terms', 'trade terms'],
  'product-label': ['a product label', 'product labels'],
  'marketing-brochure': ['a marketing brochure', 'marketing brochures'],
  contract: ['a contract', 'contracts'],
  'general-document': ['a general document', 'general documents'],
};

function listPhrase(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round2 = (value: number) => Math.round(value * 100) / 100;

export function analyseDocuments(docs: readonly AnalysedDocument[]): DocumentAnalysis {
  const profiles = docs.map(profileDocument).filter((profile) => profile.text.trim());
  const allText = profiles.map((profile) => profile.text).join('\n');
  const allLower = allText.toLowerCase();
  const allTerms = termText(allLower);

  // Languages
  const counts = profiles.reduce((sum, profile) => addCounts(sum, profile.counts), EMPTY_COUNTS);
  const volumes = [...languageVolumes(counts)].sort((a, b) => b[1] - a[1]);
  const totalVolume = volumes.reduce((sum, [, volume]) => sum + volume, 0);
  const primaryLanguage: AnalysisLanguage = volumes[0]?.[0] ?? 'unknown';
  const secondaryLanguages = volumes
    .slice(1)
    .filter(
      ([language, volume]) =>
        language !== 'unknown' && volume >= 15 && volume / totalVolume >= 0.08,
    )
    .map(([language]) => language);
  const languageShares = Object.fromEntries(
    volumes.map(([language, volume]) => [language, round2(volume / totalVolume)]),
  );

  // Industry
  const industryScores: Record<string, number> = {};
  for (const industry of INDUSTRIES) {
    const count = countTerms(allTerms, industry.terms);
    industryScores[industry.id] = cappedScore(count, 6) + count.distinct;
  }
  const ranked = Object.entries(industryScores).sort((a, b) => b[1] - a[1]);
  const [bestId, bestScore = 0] = ranked[0] ?? [];
  const secondScore = ranked[1]?.[1] ?? 0;
  const industry =
    bestScore >= 5
      ? (INDUSTRIES.find((entry) => entry.id === bestId) ?? GENERAL_INDUSTRY)
      : GENERAL_INDUSTRY;
  const industryClarity = bestScore > 0 ? (bestScore - secondScore) / bestScore : 0;

  // Features
  const documentComplexity = decideComplexity(allText, allTerms);
  const perThousand = (hits: number) => hits / Math.max(1, allText.length / 1000);
  const technical = countTerms(allTerms, DOCUMENT_TERMS.technical);
  const unitHits = countMatches(allLower, UNIT_AFTER_NUMBER);
  // Measurements with units ("0.005 mm", "15 kW") are technical vocabulary too.
  const technicalTerms =
    technical.distinct + Math.min(unitHits, 3) >= 3 && perThousand(technical.total + unitHits) >= 3;
  const financial = countTerms(allTerms, DOCUMENT_TERMS.financial);
  const financialData =
    countMatches(allLower, CURRENCY_AMOUNT) >= 2 ||
    (financial.distinct >= 3 && financial.total >= 4);
  const legal = countTerms(allTerms, DOCUMENT_TERMS.legal);
  const legalContent =
    legal.distinct >= 3 || (legal.distinct >= 2 && perThousand(legal.total) >= 2);
  const marketingContent = countTerms(allTerms, DOCUMENT_TERMS.marketing).distinct >= 3;

  const typeCounts = new Map<ContentType, number>();
  for (const profile of profiles) {
    for (const type of profile.types) typeCounts.set(type, (typeCounts.get(type) ?? 0) + 1);
  }
  const contentTypes = [...typeCounts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([type]) => type)
    .filter((type) => type !== 'general-document' || typeCounts.size === 1);

  // What the business sells
  const serviceScore = cappedScore(countTerms(allTerms, DOCUMENT_TERMS.service));
  const productScore = cappedScore(countTerms(allTerms, DOCUMENT_TERMS.product));
  const offering =
    serviceScore >= 4 && serviceScore > productScore * 1.5
      ? 'services'
      : productScore > serviceScore
        ? 'products'
        : 'mixed';

  // Model: deepseek for manufacturing, tech, finance and complex products; openai for
  // service, retail, trade and marketing (the model choices a card offers).
  const scores: Record<RecommendedModel, number> = { deepseek: 0, openai: 0 };
  const groupWeight: Record<IndustryGroup, [RecommendedModel, number] | null> = {
    manufacturing: ['deepseek', 2],
    finance: ['deepseek', 2],
    tech: ['deepseek', 1],
    service: ['openai', 2],
    trade: ['openai', 2],
    none: null,
  };
  const fromGroup = groupWeight[industry.group];
  if (fromGroup) scores[fromGroup[0]] += fromGroup[1];
  if (offering === 'services') scores.openai += 2;
  if (offering === 'products') scores.deepseek += 1;
  if (technicalTerms) scores.deepseek += 1;
  if (documentComplexity === 'high') scores.deepseek += 1;
  if (documentComplexity === 'low') scores.openai += 0.5;
  if (financialData) scores.deepseek += 1;
  if (marketingContent) scores.openai += 1;
  if (secondaryLanguages.length > 0) scores.openai += 0.5;
  const recommendedModel: RecommendedModel =
    scores.deepseek > scores.openai ? 'deepseek' : 'openai';

  const margin =
    Math.abs(scores.deepseek - scores.openai) / Math.max(1, scores.deepseek + scores.openai);
  const evidenceAmount = Math.min(1, totalVolume / 300);
  const confidence =
    profiles.length === 0
      ? 0.2
      : round2(
          clamp(0.4 + 0.35 * margin + 0.15 * evidenceAmount + 0.1 * industryClarity, 0.3, 0.95),
        );

  const reasoning =
    profiles.length === 0
      ? 'No readable text was found in the documents, so nothing points to either model; OpenAI is suggested as the general conversational choice.'
      : buildReasoning({
          profiles,
          primaryLanguage,
          typeCounts,
          contentTypes,
          industryLabel: industry.label,
          technicalTerms,
          financialData,
          legalContent,
          marketingContent,
          offering,
          documentComplexity,
          recommendedModel,
        });

  return {
    primaryLanguage,
    secondaryLanguages,
    industry: industry.id,
    documentComplexity,
    contentTypes,
    technicalTerms,
    financialData,
    legalContent,
    marketingContent,
    recommendedModel,
    reasoning,
    confidence,
    documentCount: docs.length,
    evidence: {
      languageShares,
      industryScores,
      offering,
      modelScores: scores,
      characters: allText.length,
    },
  };
}

interface ReasoningInput {
  profiles: DocumentProfile[];
  primaryLanguage: AnalysisLanguage;
  typeCounts: Map<ContentType, number>;
  contentTypes: ContentType[];
  industryLabel: string;
  technicalTerms: boolean;
  financialData: boolean;
  legalContent: boolean;
  marketingContent: boolean;
  offering: 'products' | 'services' | 'mixed';
  documentComplexity: Complexity;
  recommendedModel: RecommendedModel;
}

function buildReasoning(input: ReasoningInput): string {
  const { profiles } = input;
  const files = profiles.length;
  const byLanguage = new Map<AnalysisLanguage, number>();
  for (const profile of profiles) {
    if (profile.language)
      byLanguage.set(profile.language, (byLanguage.get(profile.language) ?? 0) + 1);
  }
  const languageDetail =
    byLanguage.size > 1
      ? ` (${[...byLanguage.entries()]
          .sort((a, b) => b[1] - a[1])
          .map(([language, count], index) =>
            index === 0
              ? `${LANGUAGE_NAMES[language]} in ${count} of ${files} files`
              : `${LANGUAGE_NAMES[language]} in ${count}`,
          )
          .join(', ')})`
      : '';
  const types = input.contentTypes.slice(0, 4).map((type) => {
    const [singular, plural] = CONTENT_TYPE_LABELS[type];
    return (input.typeCounts.get(type) ?? 0) > 1 ? plural : singular;
  });
  const features: string[] = [];
  if (input.technicalTerms) {
    features.push(
      input.documentComplexity === 'low'
        ? 'some technical details'
        : 'many technical specifications',
    );
  }
  if (input.financialData) features.push('financial figures');
  if (input.legalContent) features.push('legal terms');
  if (input.offering === 'services') features.push('service descriptions');
  if (input.marketingContent && input.recommendedModel === 'openai')
    features.push('a marketing tone');
  const subject = files === 1 ? 'The document is' : 'The documents are';
  const model =
    input.recommendedModel === 'deepseek'
      ? "DeepSeek's analytical depth fits best"
      : "OpenAI's creative, multilingual conversation fits best";
  return (
    `${subject} mainly ${LANGUAGE_NAMES[input.primaryLanguage]}${languageDetail}: ` +
    `${listPhrase(types)} for ${input.industryLabel}` +
    (features.length > 0 ? `, with ${listPhrase(features)}` : '') +
    `, so ${model}.`
  );
}
