import { ABBREVIATION } from './social-facts.ts';

/*
 * The last pass over every generated text (posts, transformations, summaries, starters, audio
 * scripts, poster copy): a sentence the text already said is said once, and punctuation reads
 * right in both scripts ("。；", ". .", ".;" come from facts that end a sentence being joined
 * into a list). The writers avoid these at the source; this pass makes sure of it.
 */

/** Pieces of a text: sentences with their end marks, and the whitespace between them as is. */
function pieces(text: string): string[] {
  const out: string[] = [];
  let buffer = '';
  for (const part of text.split(/(?<=[。！？!?])|(?<=\.)(?=\s)|(?=\n)|(?<=\n)/u)) {
    buffer += part;
    if (/\.$/u.test(buffer) && ABBREVIATION.test(buffer.trimStart())) continue;
    out.push(buffer);
    buffer = '';
  }
  if (buffer) out.push(buffer);
  return out;
}

/** What makes two sentences the same: their letters, digits and Han characters. */
export function sentenceKey(sentence: string): string {
  return sentence.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The shortest sentence that counts as a repetition (shorter ones are labels, bullets, emoji). */
const MIN_REPEAT_KEY = 8;

/** The text with every sentence after its first occurrence left out (layout kept). */
export function withoutRepeatedSentences(text: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const piece of pieces(text)) {
    const key = sentenceKey(piece);
    if (key.length >= MIN_REPEAT_KEY && seen.has(key)) continue;
    if (key.length >= MIN_REPEAT_KEY) seen.add(key);
    kept.push(piece);
  }
  return kept
    .join('')
    .replace(/[ \t]+\n/gu, '\n')
    .replace(/\n{3,}/gu, '\n\n');
}

/** Punctuation cleaned where facts were joined: one mark where two met, no space before CJK marks. */
export function tidyPunctuation(text: string): string {
  return (
    text
      // A sentence end before a list mark: the list mark stays ("地区。；公司" -> "地区；公司").
      .replace(/。\s*([；，、])/gu, '$1')
      .replace(/。\s*[;]/gu, '；')
      .replace(/。\s*[,]/gu, '，')
      .replace(/(?<=[\p{L}\p{N})])\.\s*;/gu, ';')
      // A list mark before a sentence end: the end stays.
      .replace(/[；，、;,]\s*([。.!?！？])(?!\.)/gu, '$1')
      // Two sentence ends in a row (not an ellipsis).
      .replace(/。\s*[。.]/gu, '。')
      .replace(/(?<!\.)\.\s+\.(?!\.)/gu, '.')
      .replace(/(?<!\.)\.\.(?!\.)/gu, '.')
      .replace(/[ \t]+([。，；：！？、）])/gu, '$1')
      .replace(/([。，；：！？、])[ \t]+(?=\p{Script=Han})/gu, '$1')
      .replace(/[ \t]{2,}/gu, ' ')
  );
}

/** Both passes, as every generator's text ends. */
export function tidyText(text: string): string {
  return withoutRepeatedSentences(tidyPunctuation(text)).trim();
}
