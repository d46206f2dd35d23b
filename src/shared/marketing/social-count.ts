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

/**
 * The longest start of `text` that, with an ellipsis, fits `limit` as `platform` counts;
 * cut at a sentence or word end when one is near. Text that already fits comes back as is.
 */
export function fitToLimit(text: string, platform: string, limit: number): string {
  if (platformLength(text, platform) <= limit) return text;
  const ellipsis = '…';
  const chars = [...text];
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (platformLength(chars.slice(0, mid).join('') + ellipsis, platform) <= limit) low = mid;
    else high = mid - 1;
  }
  const head = chars.slice(0, low).join('');
  const breakAt = Math.max(
    head.lastIndexOf('\n'),
    head.lastIndexOf('。'),
    head.lastIndexOf('. '),
    head.lastIndexOf(' '),
    head.lastIndexOf('，'),
  );
  const cut = breakAt > head.length * 0.7 ? head.slice(0, breakAt) : head;
  return cut.trimEnd() + ellipsis;
}
