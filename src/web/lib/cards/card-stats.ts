import type { TBusinessCard } from '#shared/schemas/cards.ts';

export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface CardStats {
  total: number;
  documents: number;
  newThisWeek: number;
}

/** Total cards, the sum of documentCount, cards created in the last 7 days. */
export function cardStats(
  cards: ReadonlyArray<Pick<TBusinessCard, 'documentCount' | 'createdAt'>>,
  now: number = Date.now(),
): CardStats {
  let documents = 0;
  let newThisWeek = 0;
  for (const card of cards) {
    documents += card.documentCount;
    const created = Date.parse(card.createdAt);
    if (!Number.isNaN(created) && created > now - WEEK_MS && created <= now) newThisWeek += 1;
  }
  return { total: cards.length, documents, newThisWeek };
}
