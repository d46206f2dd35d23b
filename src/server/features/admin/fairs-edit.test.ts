import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let boss: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await signUp(t, { email: ADMIN_EMAIL });
});
afterAll(() => t.close());

interface Fair {
  id: number;
  slug: string;
  name: string;
  startsAt: string;
  endsAt: string;
  region: string;
}

const put = (fairs: unknown[], cookie = boss.cookie) =>
  api(t, 'PUT', '/api/admin/trade-fairs', { cookie, body: { fairs } });

async function adminFairs(): Promise<Fair[]> {
  const response = await api(t, 'GET', '/api/admin/trade-fairs', { cookie: boss.cookie });
  expect(response.statusCode).toBe(200);
  return response.json().fairs;
}

describe('PUT /api/admin/trade-fairs', () => {
  it('replaces the list; the public countdowns show it at once; the audit log records it', async () => {
    const before = await adminFairs();
    expect(before.length).toBeGreaterThan(3);
    const [keep, edit] = before;
    const response = await put([
      { id: keep!.id, name: keep!.name, startsAt: keep!.startsAt, endsAt: keep!.endsAt },
      {
        id: edit!.id,
        name: 'Yiwu Commodities Fair',
        fullName: 'China Yiwu International Commodities Fair',
        location: 'Yiwu International Expo Center',
        startsAt: '2099-10-21',
        endsAt: '2099-10-24',
        category: 'Consumer goods',
        region: 'mainland',
      },
      {
        name: 'Shenzhen Gift Fair',
        startsAt: '2099-04-25',
        endsAt: '2099-04-28',
        region: 'mainland',
      },
    ]);
    expect(response.statusCode).toBe(200);
    const saved: Fair[] = response.json().fairs;
    expect(saved).toHaveLength(3);
    expect(saved.find((f) => f.id === edit!.id)).toMatchObject({
      name: 'Yiwu Commodities Fair',
      slug: edit!.slug,
      startsAt: '2099-10-21T01:00:00.000Z',
    });
    expect(saved.find((f) => f.name === 'Shenzhen Gift Fair')?.slug).toBe('shenzhen-gift-fair');

    const publicList: Fair[] = (await api(t, 'GET', '/api/trade-fairs')).json();
    expect(publicList.map((f) => f.name)).toContain('Yiwu Commodities Fair');
    expect(publicList.map((f) => f.name)).toContain('Shenzhen Gift Fair');
    expect(publicList.some((f) => f.id === before[2]!.id)).toBe(false);

    const audit = (await api(t, 'GET', '/api/admin/audit', { cookie: boss.cookie })).json();
    expect(audit.entries[0]).toMatchObject({
      action: 'trade-fairs.replace',
      target: 'trade-fairs',
      actorId: boss.id,
      details: { added: 1, updated: 2, removed: before.length - 2 },
    });
  });

  it('refuses bad dates, a missing name and end before start, changing nothing', async () => {
    const before = await adminFairs();
    const cases: [unknown, string][] = [
      [{ name: 'X', startsAt: '2099-02-30', endsAt: '2099-03-01' }, 'fairs.0.startsAt'],
      [{ name: 'X', startsAt: 'next week', endsAt: '2099-03-01' }, 'fairs.0.startsAt'],
      [{ name: '  ', startsAt: '2099-03-01', endsAt: '2099-03-02' }, 'fairs.0.name'],
      [{ startsAt: '2099-03-01', endsAt: '2099-03-02' }, 'fairs.0.name'],
      [{ name: 'X', startsAt: '2099-03-05', endsAt: '2099-03-01' }, 'fairs.0.endsAt'],
      [{ name: 'X\u0000', startsAt: '2099-03-01', endsAt: '2099-03-02' }, 'fairs.0.name'],
      [
        { name: 'X', startsAt: '2099-03-01', endsAt: '2099-03-02', region: 'mars' },
        'fairs.0.region',
      ],
    ];
    for (const [fair, field] of cases) {
      const response = await put([fair]);
      expect(response.statusCode, JSON.stringify(fair)).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(fair)).toContain(field);
    }
    const end = await put([{ name: 'X', startsAt: '2099-03-05', endsAt: '2099-03-01' }]);
    expect(end.json().fields['fairs.0.endsAt']).toBe(
      'The end date cannot be before the start date.',
    );

    const unknown = await put([
      { id: 99_999_999, name: 'X', startsAt: '2099-03-01', endsAt: '2099-03-02' },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(
      (await api(t, 'PUT', '/api/admin/trade-fairs', { cookie: boss.cookie, body: {} })).statusCode,
    ).toBe(400);
    expect(await adminFairs()).toEqual(before);
  });

  it('an empty list removes every countdown', async () => {
    expect((await put([])).statusCode).toBe(200);
    expect((await api(t, 'GET', '/api/trade-fairs')).json()).toEqual([]);
  });
});
