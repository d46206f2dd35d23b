/* Pure arithmetic of the owner analytics (definitions in src/shared/schemas/analytics.ts). */

const DAY_MS = 24 * 60 * 60 * 1000;

/** One decimal, the way every percentage is shown. */
export const oneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** part / whole in percent with one decimal; 0 when there is nothing to divide. */
export function rate(part: number, whole: number): number {
  return whole > 0 ? oneDecimal((part / whole) * 100) : 0;
}

/**
 * Change from the earlier period to the current one, in percent with one decimal: 0 when both
 * are 0, null when only the earlier one is 0 (growth from nothing has no percentage).
 */
export function growth(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return oneDecimal(((current - previous) / previous) * 100);
}

/** `YYYY-MM-DD` of an instant in UTC. */
export const utcDate = (instant: Date): string => instant.toISOString().slice(0, 10);

/** The last `days` UTC calendar days up to and including today's, oldest first. */
export function utcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    utcDate(new Date(today - (days - 1 - index) * DAY_MS)),
  );
}

/** Midnight UTC that starts the first of the last `days` days. */
export function windowStart(now: Date, days: number): Date {
  return new Date(`${utcDays(now, days)[0]}T00:00:00.000Z`);
}

/** The instant `days` days before `now` (rolling windows: growth, active sessions). */
export const daysBefore = (now: Date, days: number): Date =>
  new Date(now.getTime() - days * DAY_MS);

/** Numbers arrive from SQL aggregates as strings (bigint) or numbers, or null when empty. */
export const num = (value: unknown): number =>
  value === null || value === undefined ? 0 : Number(value);
