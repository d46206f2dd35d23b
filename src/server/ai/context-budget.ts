import type { CardIndex } from './retrieval.ts';

/*
 * What a model is given: the best passages, in the order retrieval ranked them, until the
 * token budget (AI_CONTEXT_TOKENS) is spent. A passage that begins inside a table gets the
 * table's header row from the passage it began in, so a row still names its columns.
 */

/** Tokens of a text, estimated: a CJK character is about one token, other text four characters. */
export function estimateTokens(text: string): number {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4);
}

/** A passage's text for a model, with the header row of a table it begins inside. */
export function excerptText(index: CardIndex, chunkIndex: number): string {
  const chunk = index.chunks[chunkIndex]!;
  const header = index.carriedHeader(chunkIndex);
  return header && !chunk.text.includes(header) ? `${header}\n${chunk.text}` : chunk.text;
}

/** The ranked passages that fit the budget (always at least the best one, cut if need be). */
export function fitToBudget(
  index: CardIndex,
  ranked: readonly number[],
  budgetTokens: number,
): Array<{ chunkIndex: number; text: string }> {
  const fitted: Array<{ chunkIndex: number; text: string }> = [];
  let spent = 0;
  for (const chunkIndex of ranked) {
    const text = excerptText(index, chunkIndex);
    const tokens = estimateTokens(text);
    if (spent + tokens > budgetTokens) {
      if (fitted.length === 0) {
        fitted.push({ chunkIndex, text: text.slice(0, Math.max(200, budgetTokens * 2)) });
      }
      continue;
    }
    fitted.push({ chunkIndex, text });
    spent += tokens;
  }
  return fitted;
}
