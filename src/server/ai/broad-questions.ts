import type { SourcedFact, TradeTermKind } from '#server/ingest/intelligence.ts';
import { intelligenceOf } from './card-intelligence.ts';
import type { Citation, Reply } from './provider.ts';
import { messagesFor, type BroadIntent } from './messages.ts';
import type { CardIndex } from './retrieval.ts';
import { scriptFamily, type ChatLanguage } from './text/language.ts';
import { normalize } from './text/normalize.ts';
import { analyseQuestion } from './text/question.ts';

/*
 * Broad questions, where buyers start ("What do you make?", "Tell me about your company",
 * 交货期和付款方式, "Where are you?", "Can I get a quotation?"): no single sentence answers
 * them, so they are answered from the card's document intelligence as a short summary, each
 * line with its source. A question that also names something specific ("What products are
 * CE certified?") is left to the retrieval.
 */

export type { BroadIntent } from './messages.ts';

interface IntentRule {
  intent: BroadIntent;
  /** Over the normalized question (lower case, Traditional folded to Simplified). */
  pattern: RegExp;
  /** The question's own concepts that belong to the intent (anything else: not broad). */
  own: RegExp;
}

const INTENTS: readonly IntentRule[] = [
  {
    intent: 'terms',
    pattern:
      /\b(?:delivery|payment|trade|trading|shipping|sales|business) terms?\b|\bterms of (?:payment|delivery|trade|sale)\b|\bincoterms?\b|\byour terms\b|\b(?:delivery|lead time)\b.*\bpayment\b|\bpayment\b.*\b(?:delivery|lead time)\b|(?:交货|交期|货期).*(?:付款|支付)|(?:付款|支付).*(?:交货|交期|货期)|贸易条款|贸易条件|交易条件|交易条款|合作条件/u,
    own: /^(?:delivery|deliver|payment|payment term|term|trade|trading|shipping|sale|business|incoterm|lead time|交货|交货期|交期|货期|付款|付款方式|支付|支付方式|方式|贸易|条款|条件|交易|合作)$/u,
  },
  {
    intent: 'quotation',
    pattern:
      /\b(?:get|send|give|request|need|want|have|receive)(?: me| us)? (?:a |an |the |your )?(?:quote|quotation|price list|price offer|pricing)\b|\bhow (?:can|do) (?:i|we) get (?:a |the )?(?:quote|quotation|price|prices)\b|\bprice list\b|\bquotation\b|报价|询价|价格表|价目表|价格单/u,
    own: /^(?:quote|quotation|price list|price|pricing|offer|send|receive|报价|询价|价格表|价目表|价格单|价格|提供|发|给)$/u,
  },
  {
    intent: 'contact',
    pattern:
      /\bhow (?:can|do|could|should|may) (?:i|we) (?:contact|reach|call|email|e-mail|get in touch with)\b|\bcontact (?:details?|info(?:rmation)?|you|person|number|numbers)\b|\b(?:phone|telephone|whatsapp|wechat) (?:number|no)\b|\byour (?:email|e-mail|phone|telephone|whatsapp|wechat)\b|\bget in touch\b|(?:怎么|如何|怎样)联系|联系方式|联系电话|联络方式|(?:你们|贵司|贵公司|公司)的?(?:电话|邮箱|微信)/u,
    own: /^(?:contact|contact person|reach|call|email|phone|telephone|whatsapp|wechat|touch|detail|number|联系|联系方式|联系电话|联络|联络方式|电话|邮箱|微信|方式|号码)$/u,
  },
  {
    intent: 'location',
    pattern:
      /\bwhere (?:are|is) (?:you|your (?:company|factory|office|headquarters|plant|business|firm))\b|\bwhere are you (?:from|located|based)\b|\b(?:your|company|factory|office) (?:address|location)\b|\bwhat is your address\b|(?:你们|贵司|贵公司|公司|工厂|厂家|总部)(?:在|位于|设在)(?:哪|什么地方|何处)|(?:你们|公司|工厂)的?(?:地址|位置)/u,
    own: /^(?:located|locate|based|address|location|from|headquarters|office|factory|地址|位置|位于|在|公司|工厂|厂家|总部)$/u,
  },
  {
    intent: 'products',
    pattern:
      /\bwhat (?:do|does|can) (?:you|your (?:company|factory)|the company|they) (?:make|produce|manufacture|sell|offer|supply|do)\b|\bwhat (?:kinds? of |types? of |sort of )?(?:products?|goods|items) (?:do|does|can|are|have)\b|\bwhat (?:are|is) your (?:main )?(?:products?|business|product range)\b|\b(?:your|main) (?:products?|product range|product line)\b|(?:什么|哪些|啥)产品|产品有(?:哪些|什么)|主营|主要产品|(?:生产|做|卖|经营)(?:什么|哪些|啥)/u,
    own: /^(?:make|produce|manufacture|sell|offer|supply|product|goods|item|range|line|business|main|生产|产品|主营|经营|卖|做|主要产品)$/u,
  },
  {
    intent: 'company',
    pattern:
      /\babout (?:your|the) (?:company|business|factory|firm)\b|\bwho are you\b|\b(?:company|business) (?:profile|overview|introduction|background)\b|\bintroduce (?:your|the) (?:company|business|factory)\b|\bintroduce yourselves?\b|公司(?:介绍|简介|概况|情况|背景)|介绍(?:一下)?(?:你们|贵|你们的)?(?:公司|企业|工厂)|企业(?:介绍|简介)|你们是(?:谁|什么公司|做什么的)|关于你们/u,
    own: /^(?:company|business|factory|firm|profile|overview|introduction|introduce|background|公司|企业|工厂|介绍|简介|概况|情况|背景)$/u,
  },
];

/** The broad intent of a question, or null when it asks something specific. */
export function broadIntent(question: string): BroadIntent | null {
  const normalized = normalize(question).replace(/\s+/g, ' ').trim();
  const rule = INTENTS.find((candidate) => candidate.pattern.test(normalized));
  if (!rule) return null;
  const specific = analyseQuestion(question).concepts.some(
    (concept) => !concept.isSoft && !rule.own.test(concept.label.replace(/(?<=[a-z])s$/u, '')),
  );
  return specific ? null : rule.intent;
}

const MAX_MESSAGE_CHARS = 600;
const MAX_LINE_CHARS = 200;
const MAX_EXCERPT_CHARS = 240;

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
const TERM_ASKED: ReadonlyArray<[TradeTermKind, RegExp]> = [
  ['payment', /payment|pay\b|付款|支付/u],
  ['delivery', /delivery|lead time|交货|交期|货期/u],
  ['moq', /\bmoq\b|minimum order|起订/u],
  ['shipping', /shipping|port|incoterm|装运|港口|运输/u],
];

/** The kinds a terms question names, first; the rest after them. */
function termsLines(terms: SourcedFact[], question: string): Line[] {
  const normalized = normalize(question);
  const asked = TERM_ASKED.filter(([, cue]) => cue.test(normalized)).map(([kind]) => kind);
  const order = [...asked, ...TERM_ORDER.filter((kind) => !asked.includes(kind))];
  return order.flatMap((kind) =>
    terms.filter((term) => term.label === kind).map((term) => sentence(term)),
  );
}

const LOCATION =
  /\b(?:located|based|headquartered|address|situated)\b|\bin [A-Z][\w-]+(?:,\s*[A-Z][\w-]+)+|位于|地处|坐落|地址|位於|地處/u;
const BOOTH = /\b(?:booth|stand|hall)\b|展位|展台|展馆|摊位/iu;

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
      return products.length > 0 ? products : overview.map(sentence);
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
        LOCATION.test(fact.text),
      );
      const booths = intelligence.businessHighlights
        .map(sourced)
        .concat(findLines(index, BOOTH))
        .filter((fact) => BOOTH.test(fact.text));
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
    if (!pattern.test(chunk.text)) continue;
    for (const line of chunk.text.split('\n')) {
      const text = line.trim();
      if (text.length >= 8 && text.length <= MAX_LINE_CHARS && pattern.test(text)) {
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
  for (const line of lines) {
    const key = `${line.source.fileName}:${line.source.page ?? ''}`;
    const number = keys.indexOf(key);
    const text = `• ${clipLine(line.text, MAX_LINE_CHARS)} [${number < 0 ? keys.length + 1 : number + 1}]`;
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
    body.push(text);
    length += text.length + 1;
  }
  if (body.length === 0) return null;
  return { message: `${messages.broad(intent)}\n\n${body.join('\n')}`, citations };
}
