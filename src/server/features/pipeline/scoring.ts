import type { LeadPriority, LeadStage, TPipelineSettings } from '#shared/schemas/pipeline.ts';

/*
 * Lead scoring (spec-advanced 4) as pure functions: the stage, engagement and priority start
 * from the visitor's message count (0 / 1–2 / 3–5 / more), and the intent score rises with the
 * buying signals the conversation really shows, in English and Chinese (Simplified and
 * Traditional forms). Each signal counts once per lead, with the words that showed it.
 */

export const BUYING_SIGNALS = [
  'price',
  'moq',
  'sample',
  'quotation',
  'delivery',
  'payment',
  'customization',
  'lead_form',
] as const;
export type BuyingSignal = (typeof BUYING_SIGNALS)[number];

/** Score each signal adds to the intent score (capped at 100). */
export const SIGNAL_WEIGHTS: Readonly<Record<BuyingSignal, number>> = {
  price: 15,
  moq: 15,
  sample: 20,
  quotation: 25,
  delivery: 10,
  payment: 10,
  customization: 10,
  lead_form: 20,
};

/** Words that show a signal; English as whole words, Chinese as substrings (both scripts). */
const SIGNAL_WORDS: Readonly<Record<Exclude<BuyingSignal, 'lead_form'>, readonly string[]>> = {
  price: [
    'price',
    'prices',
    'pricing',
    'cost',
    'costs',
    'how much',
    'unit price',
    'price list',
    '价格',
    '價格',
    '价钱',
    '價錢',
    '单价',
    '單價',
    '多少钱',
    '多少錢',
    '价目',
    '價目',
  ],
  moq: [
    'moq',
    'minimum order',
    'minimum quantity',
    'minimum purchase',
    '起订',
    '起訂',
    '最小订单',
    '最小訂單',
    '最低订购',
    '最低訂購',
  ],
  sample: ['sample', 'samples', '样品', '樣品', '寄样', '寄樣', '送样', '送樣', '样板', '樣板'],
  quotation: [
    'quotation',
    'quote',
    'quotes',
    'proforma',
    'offer sheet',
    '报价',
    '報價',
    '询价',
    '詢價',
  ],
  delivery: [
    'delivery',
    'lead time',
    'shipping',
    'shipment',
    'incoterm',
    'fob',
    'cif',
    '交货',
    '交貨',
    '交期',
    '货期',
    '貨期',
    '发货',
    '發貨',
    '运费',
    '運費',
  ],
  payment: [
    'payment',
    'payment terms',
    'deposit',
    'letter of credit',
    'l/c',
    't/t',
    '付款',
    '支付',
    '定金',
    '订金',
    '訂金',
  ],
  customization: [
    'oem',
    'odm',
    'customize',
    'customise',
    'customized',
    'customised',
    'private label',
    '定制',
    '定製',
    '贴牌',
    '貼牌',
  ],
};

const CJK = /[\p{Script=Han}]/u;

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

const MATCHERS: ReadonlyArray<readonly [BuyingSignal, RegExp]> = Object.entries(SIGNAL_WORDS).map(
  ([signal, words]) => {
    const parts = words.map((word) =>
      CJK.test(word) ? escape(word) : `(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`,
    );
    return [signal as BuyingSignal, new RegExp(parts.join('|'), 'iu')] as const;
  },
);

export interface SignalHit {
  signal: BuyingSignal;
  /** The words of the visitor's message that showed it (for the scoring event's reason). */
  evidence: string;
}

/** The buying signals in the visitor's own messages, each once, with the first words showing it. */
export function findSignals(visitorMessages: readonly string[]): SignalHit[] {
  const hits = new Map<BuyingSignal, SignalHit>();
  for (const message of visitorMessages) {
    for (const [signal, pattern] of MATCHERS) {
      if (hits.has(signal)) continue;
      const match = pattern.exec(message);
      if (match) hits.set(signal, { signal, evidence: excerptAround(message, match.index) });
    }
  }
  return [...hits.values()];
}

function excerptAround(text: string, index: number): string {
  const start = Math.max(0, index - 40);
  const excerpt = text
    .slice(start, index + 80)
    .replace(/\s+/g, ' ')
    .trim();
  return (start > 0 ? '…' : '') + excerpt + (index + 80 < text.length ? '…' : '');
}

const STAGE_ORDER: readonly LeadStage[] = ['visitor', 'engaged', 'interested', 'qualified'];
const PRIORITY_ORDER: readonly LeadPriority[] = ['low', 'medium', 'high', 'urgent'];

export interface DerivedLead {
  stage: LeadStage;
  priority: LeadPriority;
  engagementScore: number;
  intentScore: number;
  totalScore: number;
}

/**
 * The spec's table, with the owner's "high priority after N messages" setting: more than N
 * visitor messages is urgent (N = 5 gives the spec's table). Buying signals lift the lead:
 * two or more make it at least interested; contact details with a quotation, sample or MOQ
 * question make it qualified; an intent score of 50 or more raises the priority one step.
 */
export function deriveLead(
  messageCount: number,
  signals: readonly BuyingSignal[],
  settings: Pick<TPipelineSettings, 'highPriorityAfterMessages'>,
): DerivedLead {
  let stageIndex: number;
  let engagementScore: number;
  if (messageCount === 0) [stageIndex, engagementScore] = [0, 10];
  else if (messageCount <= 2) [stageIndex, engagementScore] = [1, 25];
  else if (messageCount <= 5) [stageIndex, engagementScore] = [2, 60];
  else [stageIndex, engagementScore] = [3, 85];

  let priorityIndex: number;
  if (messageCount === 0) priorityIndex = 0;
  else if (messageCount <= 2) priorityIndex = 1;
  else if (messageCount <= settings.highPriorityAfterMessages) priorityIndex = 2;
  else priorityIndex = 3;

  const intentScore = Math.min(
    100,
    signals.reduce((sum, signal) => sum + SIGNAL_WEIGHTS[signal], 0),
  );
  const buying = signals.filter((signal) => signal !== 'lead_form');
  if (buying.length >= 2) stageIndex = Math.max(stageIndex, 2);
  const hasContact = signals.includes('lead_form');
  if (hasContact && buying.some((s) => s === 'quotation' || s === 'sample' || s === 'moq')) {
    stageIndex = 3;
  }
  if (intentScore >= 50) priorityIndex = Math.min(3, priorityIndex + 1);

  return {
    stage: STAGE_ORDER[stageIndex]!,
    priority: PRIORITY_ORDER[priorityIndex]!,
    engagementScore,
    intentScore,
    totalScore: Math.round(engagementScore * 0.5 + intentScore * 0.5),
  };
}
