import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Moves the server clock to an instant. */
function setClock(iso: string) {
  t.clock.advance(new Date(iso).getTime() - t.clock.now().getTime());
}

interface Fair {
  slug: string;
  region: string;
  startsAt: string;
  endsAt: string;
}

async function fairs(): Promise<Fair[]> {
  const response = await api(t, 'GET', '/api/trade-fairs');
  expect(response.statusCode).toBe(200);
  return response.json() as Fair[];
}

describe('GET /api/trade-fairs', () => {
  it('lists the seeded next editions, soonest first, signed out', async () => {
    setClock('2026-11-21T08:00:00+08:00');
    const list = await fairs();
    expect(list.map((fair) => fair.slug)).toEqual([
      'hk-toys-2027',
      'canton-2027-spring-1',
      'canton-2027-spring-2',
      'canton-2027-spring-3',
      'hk-summer-sourcing-2027',
      'ciftis-2027',
      'hk-jewellery-2027',
      'hk-electronics-2027',
      'canton-2027-autumn-1',
      'canton-2027-autumn-2',
      'hk-lighting-2027',
      'canton-2027-autumn-3',
      'ciie-2027',
    ]);
    expect(new Set(list.map((fair) => fair.region))).toEqual(new Set(['mainland', 'hong-kong']));
    for (const fair of list)
      expect(Date.parse(fair.endsAt)).toBeGreaterThan(Date.parse(fair.startsAt));
  });

  it('keeps a running fair and drops the ended ones', async () => {
    setClock('2027-04-17T12:00:00+08:00');
    const slugs = (await fairs()).map((fair) => fair.slug);
    expect(slugs[0]).toBe('canton-2027-spring-1');
    expect(slugs).not.toContain('hk-toys-2027');

    setClock('2027-11-11T00:00:00+08:00');
    expect(await fairs()).toEqual([]);
  });
});
