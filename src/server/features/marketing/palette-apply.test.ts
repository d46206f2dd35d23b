import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * A generated palette applied to a card and its posters in one step, and posters that speak
 * the language they were made in and say what the owner typed. Through HTTP, real database.
 */

let t: TestApp;
let owner: { cookie: string };
let stranger: { cookie: string };
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId as number;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const posterForm = (overrides: Record<string, unknown> = {}) => ({
  businessCardId: cardId,
  eventTitle: 'Canton Fair 2026',
  eventType: 'exhibition',
  eventDate: '2026-04-15',
  eventLocation: 'Guangzhou, Hall 12.1 C08',
  style: 'modern',
  colorScheme: 'custom',
  ...overrides,
});

describe('applying a palette', () => {
  it('sets the card’s colours and the posters’ in one step', async () => {
    const generated = await api(t, 'POST', '/api/generate-color-palette', {
      cookie: owner.cookie,
      body: { companyDescription: 'We make ceramic tiles for hotels' },
    });
    const palette = generated.json().palettes[1] as { colors: Record<string, string> };
    const applied = await api(t, 'POST', `/api/business-cards/${cardId}/palette`, {
      cookie: owner.cookie,
      body: { colors: palette.colors },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      businessCardId: cardId,
      primaryColor: palette.colors.primary,
      secondaryColor: palette.colors.secondary,
      brandPalette: palette.colors,
    });
    const card = (
      await api(t, 'GET', `/api/business-cards/${cardId}`, { cookie: owner.cookie })
    ).json();
    expect(card.primaryColor.toLowerCase()).toBe(palette.colors.primary);
    expect(card.secondaryColor.toLowerCase()).toBe(palette.colors.secondary);

    // The quick poster of the advanced tab is drawn in the applied palette.
    const quick = await api(t, 'POST', '/api/posters/generate', {
      cookie: owner.cookie,
      body: { businessCardId: cardId, title: 'Canton Fair', posterStyle: 'bold' },
    });
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().poster.colorScheme).toBe('custom');
  }, 60_000);

  it('refuses another owner’s card, bad colours and the signed-out', async () => {
    const colors = {
      primary: '#1d4ed8',
      secondary: '#1e3a8a',
      accent: '#f59e0b',
      background: '#f8fafc',
      text: '#0f172a',
    };
    const foreign = await api(t, 'POST', `/api/business-cards/${cardId}/palette`, {
      cookie: stranger.cookie,
      body: { colors },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await api(t, 'POST', `/api/business-cards/${cardId}/palette`, {
      cookie: owner.cookie,
      body: { colors: { ...colors, accent: 'orange' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    const signedOut = await api(t, 'POST', `/api/business-cards/${cardId}/palette`, {
      body: { colors },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('a poster', () => {
  it('keeps its language for the QR caption, and shows the description the owner typed', async () => {
    const description = 'New anti-slip tiles for hotel lobbies. Free samples at the booth!';
    const english = await api(t, 'POST', '/api/generate-event-poster', {
      cookie: owner.cookie,
      body: posterForm({ eventDescription: description }),
      language: 'en',
    });
    expect(english.statusCode, english.body).toBe(200);
    const poster = english.json();
    expect(poster.language).toBe('en');
    expect(poster.description).toBe(description);
    expect(poster.keyMessages[0]).toBe('New anti-slip tiles for hotel lobbies.');
    const traditional = await api(t, 'POST', '/api/generate-event-poster', {
      cookie: owner.cookie,
      body: posterForm(),
      language: 'zh-TW',
    });
    expect(traditional.json().language).toBe('zh-TW');
    const listed = (await api(t, 'GET', '/api/posters', { cookie: owner.cookie })).json() as Array<{
      id: number;
      language: string;
    }>;
    expect(listed.find((item) => item.id === poster.id)?.language).toBe('en');
    const download = await api(t, 'GET', `/api/poster-download/${poster.id}`, {
      cookie: owner.cookie,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/image\/png/u);
  }, 60_000);
});
