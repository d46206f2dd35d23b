import { bucket, wordsFor } from './concepts.ts';
import { letterBoundedPattern } from './patterns.ts';

/*
 * The words of a visitor's message that show a buying signal (lead scoring): English as whole
 * words (no letter or digit next to them), Chinese anywhere. Tested on the message folded with
 * foldKeepingOffsets (text/han-script.ts), so a match's index is the message's own.
 */

export const SIGNALS_IN_WORDS = [
  'price',
  'moq',
  'sample',
  'quotation',
  'delivery',
  'payment',
  'customization',
] as const;
export type SignalInWords = (typeof SIGNALS_IN_WORDS)[number];

/** The signal a concept's words show when they are tagged "signal" alone. */
const SIGNAL_OF_CONCEPT: Readonly<Record<string, SignalInWords>> = {
  samples: 'sample',
  oem: 'customization',
  shipping: 'delivery',
};

const SIGNAL_WORDS = wordsFor('signal', (conceptId) => SIGNAL_OF_CONCEPT[conceptId] ?? conceptId);

/** One pattern a signal, in the order of SIGNALS_IN_WORDS. */
export const BUYING_SIGNAL_PATTERNS: ReadonlyArray<readonly [SignalInWords, RegExp]> =
  SIGNALS_IN_WORDS.map(
    (signal) => [signal, letterBoundedPattern(bucket(SIGNAL_WORDS, signal), 'iu')] as const,
  );
