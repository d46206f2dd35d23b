import type { LeadPriority, LeadStage, TPipelineSettings } from '#shared/schemas/pipeline.ts';
import { foldKeepingOffsets } from '#server/text/han-script.ts';
import { BUYING_SIGNAL_PATTERNS, SIGNALS_IN_WORDS } from '#server/vocabulary/buying-signals.ts';

/*
 * Lead scoring as pure functions: the stage, engagement and priority start
 * from the visitor's message count (0 / 1–2 / 3–5 / more), and the intent score rises with the
 * buying signals the conversation really shows, in English and Chinese (either script). Each
 * signal counts once per lead, with the words that showed it.
 */

export const BUYING_SIGNALS = [...SIGNALS_IN_WORDS, 'lead_form'] as const;
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

export interface SignalHit {
  signal: BuyingSignal;
  /** The words of the visitor's message that showed it (for the scoring event's reason). */
  evidence: string;
}

/** The buying signals in the visitor's own messages, each once, with the first words showing it. */
export function findSignals(visitorMessages: readonly string[]): SignalHit[] {
  const hits = new Map<BuyingSignal, SignalHit>();
  for (const message of visitorMessages) {
    // The words that show a signal (vocabulary/buying-signals.ts) are looked for in the message
    // folded with every offset kept: the excerpt is cut from the message as written.
    const folded = foldKeepingOffsets(message);
    for (const [signal, pattern] of BUYING_SIGNAL_PATTERNS) {
      if (hits.has(signal)) continue;
      const match = pattern.exec(folded);
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
const QUALIFIED = STAGE_ORDER.indexOf('qualified');
const PRIORITY_ORDER: readonly LeadPriority[] = ['low', 'medium', 'high', 'urgent'];

export interface DerivedLead {
  stage: LeadStage;
  priority: LeadPriority;
  engagementScore: number;
  intentScore: number;
  totalScore: number;
}

/**
 * The message-count table (0 / 1–2 / 3–5 / more), with the owner's "high priority after N
 * messages" setting: more than N visitor messages is urgent (5 by default). Buying signals
 * lift the lead: two or more make it at least interested; contact details with a quotation,
 * sample or MOQ question make it qualified; an intent score of 50 or more raises the priority
 * one step. A lead nobody can reach (no email, no phone) is never qualified, however long the
 * conversation: at most interested.
 */
export function deriveLead(
  messageCount: number,
  signals: readonly BuyingSignal[],
  settings: Pick<TPipelineSettings, 'highPriorityAfterMessages'>,
  contact: { reachable: boolean },
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
  if (!contact.reachable) stageIndex = Math.min(stageIndex, QUALIFIED - 1);
  if (intentScore >= 50) priorityIndex = Math.min(3, priorityIndex + 1);

  return {
    stage: STAGE_ORDER[stageIndex]!,
    priority: PRIORITY_ORDER[priorityIndex]!,
    engagementScore,
    intentScore,
    totalScore: Math.round(engagementScore * 0.5 + intentScore * 0.5),
  };
}
