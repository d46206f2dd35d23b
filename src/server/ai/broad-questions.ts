import type { SourcedFact, TradeTermKind } from '#server/ingest/intelligence.ts';
import { foldKeepingOffsets } from '#server/text/han-script.ts';
import { scriptFamily, type ChatLanguage } from '#server/text/language.ts';
import { BOOTH_CUE, LOCATION_CUE } from '#server/vocabulary/document-cues.ts';
import { INTENT_CUES, TERMS_ASKED } from '#server/vocabulary/question-cues.ts';
import { intelligenceOf } from './card-intelligence.ts';
import type { Citation, Reply } from './provider.ts';
import { messagesFor, type BroadIntent } from './messages.ts';
import type { CardIndex } from './retrieval.ts';
import { normalize } from './text/normalize.ts';
import { inReadersScript } from './text/reader-script.ts';
import { rowSentence } from './text/row-sentence.ts';
import { analyseQuestion } from './text/question.ts';

/*
 * Broad questions, where buyers start ("What do you make?", "Tell me about your company",
 * 交货期和付款方式, "Where are you?", "Can I get a quotation?"): no single sentence answers
 * them, so they are answered from the card's document intelligence as a short summary, each
 * line with its source. A question that also names something specific ("What products are
 * CE certified?") is left to the retrieval.
 */

export type { BroadIntent } from './messages.ts';

/** The broad intent of a question, or null when it asks something specific. */
export function broadIntent(question: string): BroadIntent | null {
  const normalized = normalize(question).replace(/\s+/g, ' ').trim();
  const rule = INTENT_CUES.find((candidate) => candidate.pattern.test(normalized));
  if (!rule) return null;
  const specific = analyseQuestion(question).concepts.some(
    (concept) => !concept.isSoft && !rule.own.test(concept.label.replace(/(?<=[a-z])s$/u, '')),
  );
  return specific ? null : rule.intent;
}

const MAX_MESSAGE_CHARS = 600;
const MAX_LINE_CHARS = 200;
const MAX_EXCERPT_CHARS = 240;
/** A list answer names at most this many items: the ones that match the question. */
const MAX_ITEMS = 5;

interface Line {
  /** What the answer says (a product name, or the sentence itself). */
  text: string;
  source: SourcedFact;
}

function clipLine(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}

const sentence = (fact: SourcedFact): Line => ({ text: fact.text, source: fact });
const sourced = (text: { text: string; fileName: string; page: number | null }): SourcedFact => ({
  ...text,
  label: text.text,
});

/** Lines in the buyer's language first, keeping the documents' order otherwise. */
function buyerLanguageFirst(lines: Line[], language: ChatLanguage): Line[] {
  const family = language === 'en' ? 'en' : 'zh';
  const rank = (line: Line) => (scriptFamily(line.source.text) === family ? 0 : 1);
  return lines
    .map((line, order) => ({ line, order }))
    .sort((a, b) => rank(a.line) - rank(b.line) || a.order - b.order)
    .map((item) => item.line);
}

function uniqueLines(lines: Line[]): Line[] {
  const seen = new Set<string>();
  return lines.filter((line) => {
    const key = normalize(line.text).replace(/[^\p{L}\p{N}]+/gu, '');
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const TERM_ORDER: readonly TradeTermKind[] = [
  'payment',
  'delivery',
  'moq',
  'shipping',
  'samples',
  'warranty',
  'price',
  'oem',
];
/** The kinds a terms question names, first; the rest after them. */
function termsLines(terms: SourcedFact[], question: string): Line[] {
  const normalized = normalize(question);
  const asked = TERMS_ASKED.filter(([, cue]) => cue.test(normalized)).map(([kind]) => kind);
  // "What are your payment terms?" is answered with payment terms only.
  const order = asked.length > 0 ? asked : TERM_ORDER;
  return order.flatMap((kind) =>
    terms
      .filter((term) => term.label === kind && !isHeaderRow(term.text))
      .map((term) => sentence(term)),
  );
}

/** A table's header row ("Model · Name · Unit price (USD)"): labels without a value. */
function isHeaderRow(text: string): boolean {
  return text.includes(' · ') && !/[\d:：]/u.test(text);
}

/** Whether document text says it: folded, as the vocabulary is. */
const says = (cue: RegExp, text: string) => cue.test(foldKeepingOffsets(text));

/** The facts that answer an intent, best first. */
function linesFor(index: CardIndex, intent: BroadIntent, question: string): Line[] {
  const intelligence = intelligenceOf(index);
  const overview = intelligence.overviewSources.map(sourced);
  switch (intent) {
    case 'products': {
      const products = intelligence.productSources.map((fact) => ({
        text: fact.label,
        source: fact,
      }));
      // Ranges and series before single models: five lines show more of what is made.
      const ranges = products.filter((line) => !/\d/u.test(line.text));
      const models = products.filter((line) => /\d/u.test(line.text));
      return products.length > 0 ? [...ranges, ...models] : overview.map(sentence);
    }
    case 'company':
      return [
        ...overview.map(sentence),
        ...intelligence.businessHighlights.slice(0, 2).map(sourced).map(sentence),
      ];
    case 'terms':
      return termsLines(intelligence.tradeTerms, question);
    case 'contact':
      return intelligence.contactSources.map(sentence);
    case 'location': {
      const places = [...intelligence.contactSources, ...overview].filter((fact) =>
        says(LOCATION_CUE, fact.text),
      );
      const booths = intelligence.businessHighlights
        .map(sourced)
        .concat(findLines(index, BOOTH_CUE))
        .filter((fact) => says(BOOTH_CUE, fact.text));
      return [...places, ...booths.slice(0, 1)].map(sentence);
    }
    case 'quotation': {
      const prices = intelligence.tradeTerms.filter((term) => term.label === 'price');
      const terms = intelligence.tradeTerms.filter((term) =>
        ['moq', 'payment'].includes(term.label),
      );
      // Without contact details there is no way to ask for a quote: no summary then.
      if (intelligence.contactSources.length === 0 && prices.length === 0) return [];
      return [...prices, ...intelligence.contactSources, ...terms].map(sentence);
    }
  }
}

/** Short lines of the passages that match a pattern (for facts the intelligence does not keep). */
function findLines(index: CardIndex, pattern: RegExp): SourcedFact[] {
  const found: SourcedFact[] = [];
  for (const chunk of index.chunks) {
    if (!says(pattern, chunk.text)) continue;
    for (const line of chunk.text.split('\n')) {
      const text = line.trim();
      if (text.length >= 8 && text.length <= MAX_LINE_CHARS && says(pattern, text)) {
        found.push({ text, fileName: chunk.fileName, page: chunk.page, label: text });
      }
    }
    if (found.length >= 3) break;
  }
  return found;
}

/** The summary answer to a broad question, or null (not broad, or nothing to say). */
export function answerBroadQuestion(
  index: CardIndex,
  question: string,
  language: ChatLanguage,
): Reply | null {
  if (index.size === 0) return null;
  const intent = broadIntent(question);
  if (!intent) return null;
  const candidates = uniqueLines(linesFor(index, intent, question));
  if (candidates.length === 0) return null;
  const lines = intent === 'terms' ? candidates : buyerLanguageFirst(candidates, language);

  const messages = messagesFor(language);
  const citations: Citation[] = [];
  const keys: string[] = [];
  const body: string[] = [];
  let length = messages.broad(intent).length;
  for (const line of lines.slice(0, MAX_ITEMS)) {
    const key = `${line.source.fileName}:${line.source.page ?? ''}`;
    const number = keys.indexOf(key);
    const quoted = clipLine(rowSentence(line.text), MAX_LINE_CHARS);
    const { text: shown, original } = inReadersScript(quoted, language);
    const text = `• ${shown} [${number < 0 ? keys.length + 1 : number + 1}]`;
    if (length + text.length + 1 > MAX_MESSAGE_CHARS) break;
    if (number < 0) {
      keys.push(key);
      citations.push({
        documentName: line.source.fileName,
        page: line.source.page,
        excerpt: clipLine(line.source.text, MAX_EXCERPT_CHARS),
      });
    } else if (!citations[number]!.excerpt.includes(clipLine(line.source.text, 60))) {
      const joined = `${citations[number]!.excerpt} … ${line.source.text}`;
      citations[number]!.excerpt = clipLine(joined, MAX_EXCERPT_CHARS);
    }
    body.push(original ? `${text}\n  ${messages.original(original)}` : text);
    length += text.length + 1;
  }
  if (body.length === 0) return null;
  return { message: `${messages.broad(intent)}\n\n${body.join('\n')}`, citations };
}
