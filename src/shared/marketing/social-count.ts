/*
 * Characters counted the way each platform counts them, so a post that fits here fits there.
 * X (Twitter) weighs text as twitter-text v3 does: Latin, Greek, Cyrillic and general
 * punctuation count 1, everything else (CJK, emoji, Thai) counts 2, and a link counts 23.
 * The other platforms count Unicode characters (code points), one per CJK character.
 */

const URL_PATTERN = /https?:\/\/\S+/giu;
const TWITTER_URL_WEIGHT = 23;

/** Code point ranges twitter-text gives weight 1 (its default config, v3). */
const LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

function twitterWeight(codePoint: number): number {
  return LIGHT_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to) ? 1 : 2;
}

function weighText(text: string): number {
  let total = 0;
  for (const char of text) total += twitterWeight(char.codePointAt(0) ?? 0);
  return total;
}

/** The length of `text` as `platform` counts it against its limit. */
export function platformLength(text: string, platform: string): number {
  if (platform !== 'twitter') return [...text].length;
  let total = 0;
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    total += weighText(text.slice(last, match.index)) + TWITTER_URL_WEIGHT;
    last = match.index + match[0].length;
  }
  return total + weighText(text.slice(last));
}

const WORD_SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Where words start and end in `text` (string indexes): whole Latin words, whole Chinese words
 * as the platform's dictionary splits them, whole emoji. A cut at one of these never splits a
 * word, a character or an emoji.
 */
function wordBoundaries(text: string): number[] {
  const boundaries = [0];
  for (const { index, segment } of WORD_SEGMENTER.segment(text)) {
    boundaries.push(index + segment.length);
  }
  return boundaries;
}

/** The longest start of `text` that ends at a word boundary and for which `fits` holds. */
function wordStart(text: string, fits: (head: string) => boolean): string {
  const boundaries = wordBoundaries(text);
  let low = 0;
  let high = boundaries.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(text.slice(0, boundaries[mid]))) low = mid;
    else high = mid - 1;
  }
  return text.slice(0, boundaries[low]);
}

/**
 * At most `max` characters of `text` (code points), cut at a word boundary, with no dangling
 * punctuation: a title or a hashtag that must fit a platform's limit.
 */
export function cutAtWord(text: string, max: number): string {
  if ([...text].length <= max) return text;
  const head = wordStart(text, (candidate) => [...candidate].length <= max);
  // A whole clause reads better than a clause cut short, when one ends past the middle.
  const clauseEnd = Math.max(...[...'，,：:；;、—'].map((mark) => head.lastIndexOf(mark)));
  const cut = clauseEnd > head.length / 2 ? head.slice(0, clauseEnd) : head;
  return cut.replace(/[\s,，、;；:：\-–—(（]+$/u, '').trimEnd();
}

/**
 * The longest start of `text` that, with an ellipsis, fits `limit` as `platform` counts;
 * cut at a sentence or word end when one is near, never inside a word. Text that already fits
 * comes back as is.
 */
export function fitToLimit(text: string, platform: string, limit: number): string {
  if (platformLength(text, platform) <= limit) return text;
  const ellipsis = '…';
  const head = wordStart(
    text,
    (candidate) => platformLength(candidate + ellipsis, platform) <= limit,
  );
  const breakAt = Math.max(
    head.lastIndexOf('\n'),
    head.lastIndexOf('。'),
    head.lastIndexOf('. '),
    head.lastIndexOf('，'),
  );
  const cut = breakAt > head.length * 0.7 ? head.slice(0, breakAt) : head;
  return cut.replace(/[\s,，、;；:：\-–—]+$/u, '') + ellipsis;
}
