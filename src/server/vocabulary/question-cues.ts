import { bucket, wordsFor } from './concepts.ts';
import type { TradeTermKind } from './document-cues.ts';
import { cuePattern, escapePattern } from './patterns.ts';

/*
 * How a buyer's broad question reads ("What do you make?", 交货期和付款方式, "Can I get a
 * quotation?"): the phrases of each intent, the question's own words that belong to it, and the
 * trade terms a terms question names. Tested on the normalized question (lower case, folded).
 */

/** What a broad question asks for: answered from the card's document intelligence. */
export type BroadIntent = 'products' | 'company' | 'terms' | 'location' | 'contact' | 'quotation';

const ASKS = wordsFor('asks');
const BROAD = wordsFor('broad');

const latin = (words: readonly string[]) => words.filter((word) => !/\p{Script=Han}/u.test(word));
const cjk = (words: readonly string[]) => words.filter((word) => /\p{Script=Han}/u.test(word));
const anyOf = (words: readonly string[]) => words.map(escapePattern).join('|');
const either = (words: readonly string[]) => `(?:${anyOf(words)})`;

/** A question's concept that is one of these words (a trailing plural "s" dropped) is the intent's own. */
function ownWords(intent: BroadIntent, grammar: readonly string[] = []): RegExp {
  return new RegExp(`^${either([...bucket(BROAD, intent), ...grammar])}$`, 'u');
}

const DELIVERY = bucket(ASKS, 'delivery');
const PAYMENT = bucket(ASKS, 'payment');

export interface IntentCue {
  intent: BroadIntent;
  /** Over the normalized question (lower case, Traditional folded to Simplified). */
  pattern: RegExp;
  /** The question's own concepts that belong to the intent (anything else: not broad). */
  own: RegExp;
}

/** The intents in the order a question is matched against them. */
export const INTENT_CUES: readonly IntentCue[] = [
  {
    intent: 'terms',
    pattern: new RegExp(
      [
        String.raw`\b(?:delivery|payment|trade|trading|shipping|sales|business) terms?\b`,
        String.raw`\bterms of (?:payment|delivery|trade|sale)\b|\bincoterms?\b|\byour terms\b`,
        String.raw`\b${either(latin(DELIVERY))}\b.*\bpayment\b|\bpayment\b.*\b${either(latin(DELIVERY))}\b`,
        `${either(cjk(DELIVERY))}.*${either(cjk(PAYMENT))}|${either(cjk(PAYMENT))}.*${either(cjk(DELIVERY))}`,
        '贸易条款|贸易条件|交易条件|交易条款|合作条件',
      ].join('|'),
      'u',
    ),
    own: ownWords('terms', ['方式']),
  },
  {
    intent: 'quotation',
    pattern: new RegExp(
      String.raw`\b(?:get|send|give|request|need|want|have|receive)(?: me| us)? (?:a |an |the |your )?(?:quote|quotation|price list|price offer|pricing)\b|\bhow (?:can|do) (?:i|we) get (?:a |the )?(?:quote|quotation|price|prices)\b|\bprice list\b|\bquotation\b|${anyOf(bucket(ASKS, 'price'))}`,
      'u',
    ),
    own: ownWords('quotation', ['send', 'receive', '发', '给']),
  },
  {
    intent: 'contact',
    pattern: new RegExp(
      String.raw`\bhow (?:can|do|could|should|may) (?:i|we) (?:contact|reach|call|email|e-mail|get in touch with)\b|\bcontact (?:details?|info(?:rmation)?|you|person|number|numbers)\b|\b(?:phone|telephone|whatsapp|wechat) (?:number|no)\b|\byour (?:email|e-mail|phone|telephone|whatsapp|wechat)\b|\bget in touch\b|(?:怎么|如何|怎样)联系|${anyOf(bucket(ASKS, 'contact'))}|(?:你们|贵司|贵公司|公司)的?(?:电话|邮箱|微信)`,
      'u',
    ),
    own: ownWords('contact', ['detail', 'number', '方式', '号码']),
  },
  {
    intent: 'location',
    pattern:
      /\bwhere (?:are|is) (?:you|your (?:company|factory|office|headquarters|plant|business|firm))\b|\bwhere are you (?:from|located|based)\b|\b(?:your|company|factory|office) (?:address|location)\b|\bwhat is your address\b|(?:你们|贵司|贵公司|公司|工厂|厂家|总部)(?:在|位于|设在)(?:哪|什么地方|何处)|(?:你们|公司|工厂)的?(?:地址|位置)/u,
    own: ownWords('location', ['from', '在']),
  },
  {
    intent: 'products',
    pattern:
      /\bwhat (?:do|does|can) (?:you|your (?:company|factory)|the company|they) (?:make|produce|manufacture|sell|offer|supply|do)\b|\bwhat (?:kinds? of |types? of |sort of )?(?:products?|goods|items) (?:do|does|can|are|have)\b|\bwhat (?:are|is) your (?:main )?(?:products?|business|product range)\b|\b(?:your|main) (?:products?|product range|product line)\b|(?:什么|哪些|啥)产品|产品有(?:哪些|什么)|主营|主要产品|(?:生产|做|卖|经营)(?:什么|哪些|啥)/u,
    own: ownWords('products', ['做']),
  },
  {
    intent: 'company',
    pattern:
      /\babout (?:your|the) (?:company|business|factory|firm)\b|\bwho are you\b|\b(?:company|business) (?:profile|overview|introduction|background)\b|\bintroduce (?:your|the) (?:company|business|factory)\b|\bintroduce yourselves?\b|公司(?:介绍|简介|概况|情况|背景)|介绍(?:一下)?(?:你们|贵|你们的)?(?:公司|企业|工厂)|企业(?:介绍|简介)|你们是(?:谁|什么公司|做什么的)|关于你们/u,
    own: ownWords('company'),
  },
];

/** The trade terms a terms question names, in the order they are answered first. */
export const TERMS_ASKED: ReadonlyArray<readonly [TradeTermKind, RegExp]> = (
  ['payment', 'delivery', 'moq', 'shipping'] as const
).map((kind) => [kind, cuePattern(bucket(ASKS, kind), 'u')] as const);
