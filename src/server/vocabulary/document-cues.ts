import { bucket, wordsFor, wordsTagged } from './concepts.ts';
import { anywherePattern, wholeWordPattern } from './patterns.ts';

/*
 * What a line of a company's documents is about, read by the document intelligence and the broad
 * answers: the trade terms it states, a highlight, the company's own description, a
 * certification, a contact label, where the company or its booth is. Each pattern is tested on
 * text folded with foldKeepingOffsets (text/han-script.ts), so it finds both scripts.
 */

/** The kinds of trade term a line can state, in the order a line is given its kind. */
export const TRADE_TERM_KINDS = [
  'payment',
  'delivery',
  'moq',
  'samples',
  'warranty',
  'shipping',
  'price',
  'oem',
] as const;
export type TradeTermKind = (typeof TRADE_TERM_KINDS)[number];

const TERM_WORDS = wordsFor('term');

/** A line states a kind of term when it names one of its words. */
export const TRADE_TERM_CUES: ReadonlyArray<readonly [TradeTermKind, RegExp]> =
  TRADE_TERM_KINDS.map((kind) => [kind, wholeWordPattern(bucket(TERM_WORDS, kind), 'iu')] as const);

/** A figure worth showing (a capacity, a certification, an award): "ISO 9001" counts too. */
export const HIGHLIGHT_CUE = wholeWordPattern(wordsTagged('highlight'), 'iu', [
  '\\biso\\s?\\d+\\b',
]);

/** A sentence that describes the company ("founded", "is a", 成立, 致力于). */
export const OVERVIEW_CUE = wholeWordPattern(wordsTagged('overview'), 'iu');

/** A word that says a line names certifications ("Certifications: CE, ISO 14001"). */
export const CERTIFICATION_CONTEXT = anywherePattern(wordsTagged('certification-context'), 'iu');

/** A phone or messenger label ("Tel.", "WhatsApp", 手机); its source joins the contact pattern. */
export const CONTACT_LABEL = anywherePattern(wordsTagged('contact-label'), 'i');

/** Where the company is ("located", "in Foshan, Guangdong", 位于). Case matters: "in" + a name. */
export const LOCATION_CUE = wholeWordPattern(wordsTagged('location'), 'u', [
  '\\bin [A-Z][\\w-]+(?:,\\s*[A-Z][\\w-]+)+',
]);

/** The company's booth at a fair. */
export const BOOTH_CUE = wholeWordPattern(wordsTagged('booth'), 'iu');

/** A term stated as free of charge ("samples are free", "免费提供样品"). */
export const FREE_OF_CHARGE = wholeWordPattern(['free', 'no charge', 'gratis', '免费'], 'iu');
