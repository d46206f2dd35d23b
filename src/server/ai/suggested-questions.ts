import { translate } from '#server/lib/i18n.ts';
import { intelligenceOf } from './card-intelligence.ts';
import type { CardIndex } from './retrieval.ts';
import type { ChatLanguage } from '#server/text/language.ts';

/*
 * The questions a visitor is offered before typing, computed per card from what its documents
 * really contain: the product range, one real product, the trade terms found, a certification
 * named. Candidates are written in the visitor's language (locale section
 * "assistant.suggested"); the caller keeps only those the assistant answers with a citation.
 */

/** Suggestions shown (the chat page has room for three or four). */
export const MAX_SUGGESTIONS = 4;

/** A model code at the start of a product line ("HT-M8080: glazed porcelain"). */
const CODE = /^([A-Z]{1,5}-?[A-Z0-9]{0,4}\d[A-Z0-9-]*)\b/u;
const MAX_PRODUCT_CHARS = 32;

/** The product to ask about: a model code when there is one, else a short product name. */
function productToAskAbout(labels: readonly string[]): string | null {
  for (const label of labels) {
    const code = CODE.exec(label)?.[1];
    if (code) return code;
  }
  return labels.find((label) => label.length >= 3 && label.length <= MAX_PRODUCT_CHARS) ?? null;
}

/** Candidate questions in order of preference (more than are shown: some may not be answered). */
export function suggestionCandidates(index: CardIndex, language: ChatLanguage): string[] {
  if (index.size === 0) return [];
  const intelligence = intelligenceOf(index);
  const t = (key: string, params: Record<string, string> = {}) =>
    translate(language, `assistant.suggested.${key}`, params);
  const candidates: string[] = [];
  const kinds = new Set(intelligence.tradeTerms.map((term) => term.label));

  if (intelligence.productSources.length > 0) candidates.push(t('products'));
  const product = productToAskAbout(intelligence.productSources.map((fact) => fact.label));
  if (product) candidates.push(t('product', { product }));
  if (kinds.has('payment') && kinds.has('delivery')) candidates.push(t('terms'));
  const certification = intelligence.certifications[0]?.label;
  if (certification) candidates.push(t('certification', { certification }));
  for (const kind of ['moq', 'delivery', 'payment', 'samples', 'warranty'] as const) {
    if (kinds.has(kind)) candidates.push(t(kind));
  }
  if (intelligence.overviewSources.length > 0) candidates.push(t('company'));
  if (intelligence.contactSources.length > 0) candidates.push(t('contact'));
  return [...new Set(candidates)];
}
