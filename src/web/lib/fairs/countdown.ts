import type { TFairRegion } from '#shared/schemas/public.ts';

/** Countdown tick. */
export const COUNTDOWN_TICK_MS = 1000;

export interface CountdownFair {
  startsAt: string;
  endsAt: string;
  region: TFairRegion;
}

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export type CountdownState<F extends CountdownFair> =
  | { fair: F; status: 'upcoming'; left: TimeLeft }
  /** Started, not yet over: the card shows the fair is on. */
  | { fair: F; status: 'running' }
  /** Over: the card shows the fair-ended message (mainland fairs only; Hong Kong's are hidden). */
  | { fair: F; status: 'ended' };

/** Whole days, hours, minutes and seconds from `now` to `target` (zeros once reached). */
export function timeLeft(target: Date, now: Date): TimeLeft {
  const total = Math.max(0, Math.floor((target.getTime() - now.getTime()) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export function countdownState<F extends CountdownFair>(fair: F, now: Date): CountdownState<F> {
  const start = Date.parse(fair.startsAt);
  const end = Date.parse(fair.endsAt);
  const at = now.getTime();
  if (at < start) return { fair, status: 'upcoming', left: timeLeft(new Date(start), now) };
  if (at < end) return { fair, status: 'running' };
  return { fair, status: 'ended' };
}

/**
 * The cards to show: past Hong Kong fairs are hidden, the rest sorted by
 * start date; an empty list means the no-upcoming-fairs message.
 */
export function visibleCountdowns<F extends CountdownFair>(
  fairs: readonly F[],
  now: Date,
): Array<CountdownState<F>> {
  return fairs
    .map((fair) => countdownState(fair, now))
    .filter((state) => !(state.fair.region === 'hong-kong' && state.status === 'ended'))
    .sort((a, b) => Date.parse(a.fair.startsAt) - Date.parse(b.fair.startsAt));
}

/** Whether any card is still counting or running (else the no-upcoming message shows). */
export function hasUpcoming(states: ReadonlyArray<CountdownState<CountdownFair>>): boolean {
  return states.some((state) => state.status !== 'ended');
}
