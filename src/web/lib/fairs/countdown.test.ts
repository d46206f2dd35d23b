import { describe, expect, it } from 'vitest';
import { countdownState, hasUpcoming, timeLeft, visibleCountdowns } from './countdown.ts';

/** A settable clock: every rule takes `now` as an argument. */
const at = (iso: string) => new Date(iso);

const canton = {
  slug: 'canton',
  region: 'mainland' as const,
  startsAt: '2027-04-15T01:00:00.000Z',
  endsAt: '2027-04-19T10:00:00.000Z',
};
const toys = {
  slug: 'toys',
  region: 'hong-kong' as const,
  startsAt: '2027-01-11T01:30:00.000Z',
  endsAt: '2027-01-14T10:30:00.000Z',
};
const ciie = {
  slug: 'ciie',
  region: 'mainland' as const,
  startsAt: '2027-11-05T01:00:00.000Z',
  endsAt: '2027-11-10T10:00:00.000Z',
};

describe('timeLeft', () => {
  it('splits the time to the start into days, hours, minutes and seconds', () => {
    expect(timeLeft(at('2027-04-15T01:00:00Z'), at('2027-04-12T22:58:30Z'))).toEqual({
      days: 2,
      hours: 2,
      minutes: 1,
      seconds: 30,
    });
  });

  it('moves by one second per tick', () => {
    const target = at('2027-01-01T00:00:00Z');
    expect(timeLeft(target, at('2026-12-31T23:59:58Z')).seconds).toBe(2);
    expect(timeLeft(target, at('2026-12-31T23:59:59Z')).seconds).toBe(1);
  });

  it('never goes below zero', () => {
    expect(timeLeft(at('2027-01-01T00:00:00Z'), at('2027-02-01T00:00:00Z'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
    });
  });
});

describe('countdownState', () => {
  it('counts down before the start, is running during the fair and ended after it', () => {
    expect(countdownState(canton, at('2027-04-15T00:59:59Z'))).toMatchObject({
      status: 'upcoming',
      left: { days: 0, hours: 0, minutes: 0, seconds: 1 },
    });
    expect(countdownState(canton, at('2027-04-15T01:00:00Z')).status).toBe('running');
    expect(countdownState(canton, at('2027-04-19T10:00:00Z')).status).toBe('ended');
  });
});

describe('visibleCountdowns', () => {
  it('sorts the fairs by start date', () => {
    const states = visibleCountdowns([ciie, canton, toys], at('2026-11-21T00:00:00Z'));
    expect(states.map((state) => state.fair.slug)).toEqual(['toys', 'canton', 'ciie']);
    expect(hasUpcoming(states)).toBe(true);
  });

  it('hides a Hong Kong fair once it is past, but keeps it while it runs', () => {
    expect(
      visibleCountdowns([toys, canton], at('2027-01-12T00:00:00Z')).map((s) => s.fair.slug),
    ).toEqual(['toys', 'canton']);
    expect(
      visibleCountdowns([toys, canton], at('2027-01-15T00:00:00Z')).map((s) => s.fair.slug),
    ).toEqual(['canton']);
  });

  it('keeps a past mainland fair with its ended message', () => {
    const states = visibleCountdowns([canton, ciie], at('2027-05-01T00:00:00Z'));
    expect(states.map((state) => [state.fair.slug, state.status])).toEqual([
      ['canton', 'ended'],
      ['ciie', 'upcoming'],
    ]);
  });

  it('reports no upcoming fairs when all have passed', () => {
    const states = visibleCountdowns([toys, canton, ciie], at('2028-01-01T00:00:00Z'));
    expect(states.map((state) => state.fair.slug)).toEqual(['canton', 'ciie']);
    expect(hasUpcoming(states)).toBe(false);
    expect(hasUpcoming(visibleCountdowns([], at('2028-01-01T00:00:00Z')))).toBe(false);
  });
});
