import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  FIXTURES,
  multipart,
  sessionCookieFrom,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

const LOGO = path.join(FIXTURES, 'hengtai/hengtai-label.png');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Step {
  id: string;
  title: string;
  completed: boolean;
  href: string;
  points: number;
  estimatedTime: number;
}

async function guide(cookie: string, language = 'en') {
  const response = await api(t, 'GET', '/api/onboarding', { cookie, language });
  expect(response.statusCode).toBe(200);
  const body = response.json();
  const step = (id: string) => body.steps.find((s: Step) => s.id === id) as Step;
  return { ...body, step };
}

describe('GET /api/onboarding', () => {
  it('needs a session', async () => {
    expect((await api(t, 'GET', '/api/onboarding')).statusCode).toBe(401);
    expect((await api(t, 'POST', '/api/onboarding/welcome-seen', { body: {} })).statusCode).toBe(
      401,
    );
  });

  it('starts with five open steps, 0 points and 18 minutes left', async () => {
    const user = await signUp(t);
    const start = await guide(user.cookie);
    expect(start.steps.map((s: Step) => [s.id, s.points, s.estimatedTime, s.completed])).toEqual([
      ['profile', 100, 3, false],
      ['document', 200, 5, false],
      ['card', 150, 2, false],
      ['branding', 100, 5, false],
      ['visitor', 150, 3, false],
    ]);
    expect(start).toMatchObject({
      progress: 0,
      pointsEarned: 0,
      pointsTotal: 700,
      minutesLeft: 18,
      completedCount: 0,
      totalSteps: 5,
      welcomeSeen: false,
    });
    expect(start.step('profile').title).toBe('Complete your profile');
    expect((await guide(user.cookie, 'zh-TW')).step('profile').title).toBe('完善個人資料');
    // Without any card yet, the wizard starts at the company details.
    expect(start.step('document').href).toBe('/user-details');
    // The profile is completed where it lives: the account's profile tab.
    expect(start.step('profile').href).toBe('/user-management');
  });

  it("counts the wizard's company details as a complete profile", async () => {
    const user = await signUp(t);
    expect((await guide(user.cookie)).step('profile').completed).toBe(false);
    const details = await multipart(t, '/api/users', {
      cookie: user.cookie,
      fields: {
        username: 'Li Wei',
        companyName: 'Ningbo Seaside Valves',
        phone: '+86 574 8888 1234',
        website: 'seaside-valves.example',
      },
      files: [{ field: 'companyLogo', path: LOGO, name: 'logo.png', type: 'image/png' }],
    });
    expect(details.statusCode).toBe(200);
    expect((await guide(user.cookie)).step('profile').completed).toBe(true);
  });

  it('flips each step as the user really acts, with links to their own cards', async () => {
    const user = await signUp(t);

    const profile = await api(t, 'PUT', '/api/auth/profile', {
      cookie: user.cookie,
      body: {
        username: user.username,
        email: user.email,
        organization: 'Ningbo Seaside Valves',
        phone: '+86 574 8888 1234',
      },
    });
    expect(profile.statusCode).toBe(200);
    let state = await guide(user.cookie);
    expect(state.step('profile').completed).toBe(true);
    expect(state).toMatchObject({ progress: 20, pointsEarned: 100, minutesLeft: 15 });

    const cardId = (
      await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: user.cookie })
    ).json().businessCardId as number;
    state = await guide(user.cookie);
    expect(state.step('document').href).toBe(`/document-upload/${cardId}`);
    expect(state.step('document').completed).toBe(false);

    const upload = await multipart(t, '/api/documents', {
      cookie: user.cookie,
      fields: { businessCardId: String(cardId) },
      files: [
        {
          field: 'documents',
          name: 'valves.txt',
          type: 'text/plain',
          content: 'Ningbo Seaside Valves makes brass ball valves DN15 to DN100, PN16.',
        },
      ],
    });
    expect(upload.statusCode).toBeLessThan(300);
    state = await guide(user.cookie);
    expect(state.step('document').completed).toBe(true);
    expect(state.pointsEarned).toBe(300);

    const finalize = await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
      body: {},
      cookie: user.cookie,
    });
    expect(finalize.statusCode).toBe(200);
    state = await guide(user.cookie);
    expect(state.step('card').completed).toBe(true);
    expect(state.step('card').href).toBe(`/result/${cardId}`);
    expect(state.step('visitor').href).toBe(`/result/${cardId}`);

    const keyword = await api(t, 'POST', `/api/business-cards/${cardId}/red-list`, {
      cookie: user.cookie,
      body: { keyword: 'lead time' },
    });
    expect(keyword.statusCode).toBe(201);
    state = await guide(user.cookie);
    expect(state.step('branding').completed).toBe(true);
    expect(state.step('visitor').completed).toBe(false);

    const scan = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${cardId}?src=qr`,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
    });
    expect(scan.statusCode).toBe(200);
    state = await guide(user.cookie);
    expect(state.step('visitor').completed).toBe(true);
    expect(state).toMatchObject({
      progress: 100,
      pointsEarned: 700,
      minutesLeft: 0,
      completedCount: 5,
    });

    // Another user's progress is their own.
    const other = await signUp(t);
    expect((await guide(other.cookie)).pointsEarned).toBe(0);
  });

  it('remembers the welcome on the account, so a new device does not show it again', async () => {
    const user = await signUp(t);
    expect((await guide(user.cookie)).welcomeSeen).toBe(false);
    const seen = await api(t, 'POST', '/api/onboarding/welcome-seen', {
      cookie: user.cookie,
      body: {},
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ welcomeSeen: true });
    const phone = await api(t, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect((await guide(sessionCookieFrom(phone))).welcomeSeen).toBe(true);
    // Asking twice changes nothing.
    expect(
      (await api(t, 'POST', '/api/onboarding/welcome-seen', { cookie: user.cookie, body: {} }))
        .statusCode,
    ).toBe(200);
  });
});
