import { describe, expect, it } from 'vitest';
import { cardStats, WEEK_MS } from './card-stats.ts';

const now = Date.parse('2026-04-15T12:00:00Z');
const card = (createdAt: string, documentCount = 0) => ({ createdAt, documentCount });

describe('cardStats', () => {
  it('is all zero without cards', () => {
    expect(cardStats([], now)).toEqual({ total: 0, documents: 0, newThisWeek: 0 });
  });

  it('sums the documents and counts cards of the last 7 days', () => {
    const stats = cardStats(
      [
        card('2026-04-15T11:00:00Z', 5),
        card(new Date(now - WEEK_MS + 60_000).toISOString(), 2),
        card(new Date(now - WEEK_MS).toISOString(), 1),
        card('2026-03-01T00:00:00Z', 3),
      ],
      now,
    );
    expect(stats).toEqual({ total: 4, documents: 11, newThisWeek: 2 });
  });

  it('ignores an unreadable date', () => {
    expect(cardStats([card('not a date', 1)], now)).toEqual({
      total: 1,
      documents: 1,
      newThisWeek: 0,
    });
  });
});
