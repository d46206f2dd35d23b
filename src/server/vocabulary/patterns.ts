/*
 * Regular expressions built from vocabulary words, for the readers that look for them in
 * (folded) text. Three ways of finding a word: as a whole word (a stem "certif*" as the start of
 * one), as a cue anywhere in the text, or as a whole word in any letters or digits (lead scoring).
 * Chinese words are found anywhere: they have no spaces around them.
 */

const HAN = /\p{Script=Han}/u;

/** In a /u pattern only syntax characters and "/" may be escaped (not "-"). */
export function escapePattern(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** A word as a pattern: a final "*" (a stem) takes the rest of the word. */
function wordSource(word: string): string {
  return word.endsWith('*') ? `${escapePattern(word.slice(0, -1))}\\w*` : escapePattern(word);
}

function byScript(words: readonly string[]): { latin: string[]; cjk: string[] } {
  return {
    latin: words.filter((word) => !HAN.test(word)).map(wordSource),
    cjk: words.filter((word) => HAN.test(word)).map(wordSource),
  };
}

/**
 * Latin words as whole words (\b on both sides), Chinese words anywhere, and `grammar`: patterns
 * that are no words ("\biso\s?\d+\b"), as they are.
 */
export function wholeWordPattern(
  words: readonly string[],
  flags: string,
  grammar: readonly string[] = [],
): RegExp {
  const { latin, cjk } = byScript(words);
  const whole = latin.length > 0 ? [`\\b(?:${latin.join('|')})\\b`] : [];
  return new RegExp([...whole, ...grammar, ...cjk].join('|'), flags);
}

/**
 * Cue words anywhere ("incoterm" in "incoterms", "port" in "port of loading"), except Latin words
 * of three letters or fewer, which must stand alone ("moq", "faq", "pay").
 */
export function cuePattern(words: readonly string[], flags: string): RegExp {
  const parts = words.map((word) =>
    !HAN.test(word) && word.length <= 3 ? `\\b${wordSource(word)}\\b` : wordSource(word),
  );
  return new RegExp(parts.join('|'), flags);
}

/** Every word anywhere in the text (labels such as "tel" in "Tel.:" or "telephone"). */
export function anywherePattern(words: readonly string[], flags: string): RegExp {
  return new RegExp(`(?:${words.map(wordSource).join('|')})`, flags);
}

/** Latin words with no letter or digit next to them (in any script), Chinese words anywhere. */
export function letterBoundedPattern(words: readonly string[], flags: string): RegExp {
  const parts = words.map((word) =>
    HAN.test(word) ? wordSource(word) : `(?<![\\p{L}\\p{N}])${wordSource(word)}(?![\\p{L}\\p{N}])`,
  );
  return new RegExp(parts.join('|'), flags);
}
