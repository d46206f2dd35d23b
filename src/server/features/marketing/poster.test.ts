import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '#server/ai/test-support/fake-openai.ts';
import {
  FIXTURES,
  PUBLIC_URL,
  api,
  createTestApp,
  multipart,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let strangerCardId: number;

const form = () => ({
  userId: 1,
  businessCardId: cardId,
  eventTitle: '2026 广交会 Canton Fair',
  eventType: 'exhibition',
  eventDate: '2026-04-15',
  eventLocation: '广州琶洲 Booth 12.1 C08',
  style: 'modern',
  colorScheme: 'vibrant',
});

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  const created = await multipart(t, '/api/business-cards', {
    cookie: owner.cookie,
    fields: { companyName: '恒泰陶瓷 Hengtai Ceramics' },
    files: [
      {
        field: 'companyLogo',
        path: path.join(FIXTURES, 'hengtai/hengtai-label.png'),
        name: 'logo.png',
      },
    ],
  });
  expect(created.statusCode).toBe(201);
  cardId = created.json().id as number;
  await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [
      {
        field: 'documents',
        path: path.join(FIXTURES, 'hengtai', 'hengtai-faq.txt'),
        name: 'hengtai-faq.txt',
      },
    ],
  });
  await t.documents.whenIdle();
  strangerCardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: stranger.cookie })
  ).json().businessCardId as number;
}, 60_000);
afterAll(() => t.close());

function pngSize(bytes: Buffer) {
  const png = PNG.sync.read(bytes);
  return { width: png.width, height: png.height, png };
}

/** Decodes the QR code in the bottom-right corner, where the download puts it. */
function cornerQr(bytes: Buffer): string | null {
  const { png } = pngSize(bytes);
  const size = 320;
  const corner = new PNG({ width: size, height: size });
  PNG.bitblt(png, corner, png.width - size, png.height - size, size, size, 0, 0);
  return jsQR(new Uint8ClampedArray(corner.data), size, size)?.data ?? null;
}

describe('poster templates', () => {
  it('lists the six templates with category, layout, style, scheme and stars', async () => {
    const response = await api(t, 'GET', '/api/poster-templates', { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const templates = response.json() as Array<Record<string, unknown>>;
    expect(templates.map((template) => template.id)).toEqual([
      'corporate-minimal',
      'tech-innovation',
      'exhibition-classic',
      'conference-elegant',
      'startup-dynamic',
      'luxury-premium',
    ]);
    for (const template of templates) {
      expect(template).toMatchObject({
        name: expect.any(String),
        category: expect.any(String),
        layout: expect.any(String),
        style: expect.any(String),
        colorScheme: expect.any(String),
        features: expect.arrayContaining([expect.any(String)]),
      });
      expect(template.popularity).toBeGreaterThanOrEqual(1);
      expect(template.popularity).toBeLessThanOrEqual(5);
    }
  });

  it('needs a session', async () => {
    expect((await api(t, 'GET', '/api/poster-templates')).statusCode).toBe(401);
  });
});

describe('generating an event poster', () => {
  it('renders a 1080×1350 PNG with key messages from the documents', async () => {
    const response = await api(t, 'POST', '/api/generate-event-poster', {
      cookie: owner.cookie,
      body: { ...form(), templateId: 'exhibition-classic' },
    });
    expect(response.statusCode).toBe(200);
    const poster = response.json();
    expect(poster).toMatchObject({
      title: '2026 广交会 Canton Fair',
      style: 'modern',
      colorScheme: 'vibrant',
      qrCode: `/chat/card/${cardId}?src=poster`,
    });
    expect(poster.keyMessages.length).toBeGreaterThan(0);
    expect(poster.description.length).toBeGreaterThan(10);
    const image = await api(t, 'GET', poster.imageUrl, { cookie: owner.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const { width, height } = pngSize(image.rawPayload);
    expect(width).toBeGreaterThanOrEqual(1080);
    expect(height).toBeGreaterThanOrEqual(1350);
    // The stranger cannot see it.
    const foreign = await api(t, 'GET', poster.imageUrl, { cookie: stranger.cookie });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a missing title, type, date or location with one message', async () => {
    for (const field of ['eventTitle', 'eventType', 'eventDate', 'eventLocation'] as const) {
      const body: Record<string, unknown> = form();
      delete body[field];
      const response = await api(t, 'POST', '/api/generate-event-poster', {
        cookie: owner.cookie,
        body,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'Please fill in event title, type, date and location',
      });
      expect(response.json().fields[field]).toBeTruthy();
    }
    const blank = await api(t, 'POST', '/api/generate-event-poster', {
      cookie: owner.cookie,
      body: { ...form(), eventTitle: '   ' },
      language: 'zh-CN',
    });
    expect(blank.json().error).toBe('请填写活动标题、类型、日期和地点');
  });

  it('answers 404 for another owner’s card and 401 when signed out', async () => {
    const foreign = await api(t, 'POST', '/api/generate-event-poster', {
      cookie: owner.cookie,
      body: { ...form(), businessCardId: strangerCardId },
    });
    expect(foreign.statusCode).toBe(404);
    const signedOut = await api(t, 'POST', '/api/generate-event-poster', { body: form() });
    expect(signedOut.statusCode).toBe(401);
  });

  it('makes three versions that differ in layout, style and colour scheme', async () => {
    const response = await api(t, 'POST', '/api/generate-event-poster-variations', {
      cookie: owner.cookie,
      body: { ...form(), variations: 3 },
    });
    expect(response.statusCode).toBe(200);
    const posters = response.json().posters as Array<Record<string, string>>;
    expect(posters).toHaveLength(3);
    for (const key of ['layout', 'style', 'colorScheme']) {
      expect(new Set(posters.map((poster) => poster[key])).size, key).toBe(3);
    }
    const images = await Promise.all(
      posters.map((poster) => api(t, 'GET', poster.imageUrl!, { cookie: owner.cookie })),
    );
    expect(new Set(images.map((image) => image.rawPayload.toString('base64'))).size).toBe(3);
    const missing = await api(t, 'POST', '/api/generate-event-poster-variations', {
      cookie: owner.cookie,
      body: { ...form(), eventDate: '' },
    });
    expect(missing.statusCode).toBe(400);
  }, 30_000);
});

describe('the advanced-features quick poster', () => {
  it('answers success and a poster URL; a missing title gets the required message', async () => {
    const response = await api(t, 'POST', '/api/posters/generate', {
      cookie: owner.cookie,
      body: { userId: 1, title: 'Spring Expo', businessCardId: cardId, posterStyle: 'bold' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, posterUrl: expect.any(String) });
    const missing = await api(t, 'POST', '/api/posters/generate', {
      cookie: owner.cookie,
      body: { title: '', businessCardId: cardId, posterStyle: 'bold' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.title).toBe('Please enter a title for your event poster');
    const foreign = await api(t, 'POST', '/api/posters/generate', {
      cookie: owner.cookie,
      body: { title: 'X', businessCardId: strangerCardId },
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      (
        await api(t, 'POST', '/api/posters/generate', {
          body: { title: 'X', businessCardId: cardId },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('downloading a poster', () => {
  it('overlays a QR code that opens the chat with ?src=poster, named after its title and date', async () => {
    const list = await api(t, 'GET', `/api/posters?businessCardId=${cardId}`, {
      cookie: owner.cookie,
    });
    expect(list.statusCode).toBe(200);
    const poster = (list.json() as Array<{ id: number; title: string }>).find(
      (p) => p.title === '2026 广交会 Canton Fair',
    )!;
    const response = await api(t, 'GET', `/api/poster-download/${poster.id}`, {
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`2026-广交会-Canton-Fair-with-qr-${today}.png`)}`,
    );
    expect(cornerQr(response.rawPayload)).toBe(`${PUBLIC_URL}/chat/card/${cardId}?src=poster`);
    const foreign = await api(t, 'GET', `/api/poster-download/${poster.id}`, {
      cookie: stranger.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await api(t, 'GET', `/api/poster-download/${poster.id}`)).statusCode).toBe(401);
    const strangerList = await api(t, 'GET', '/api/posters', { cookie: stranger.cookie });
    expect(strangerList.json()).toEqual([]);
  });
});

describe('with a provider configured', () => {
  it('uses the model’s copy from the documents, and the local copy when the model fails', async () => {
    const fake = await startFakeOpenAi();
    const p = await createTestApp({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-gpt' },
    });
    try {
      const someone = await signUp(p);
      const card = (
        await api(p, 'POST', '/api/business-card-session', { body: {}, cookie: someone.cookie })
      ).json().businessCardId as number;
      const body = { ...form(), businessCardId: card, eventDescription: 'Tiles for hotels.' };
      fake.respond({
        kind: 'answer',
        text: '{"description": "Meet us at the fair.", "keyMessages": ["Hotel tiles", "Fast samples"]}',
      });
      const written = await api(p, 'POST', '/api/generate-event-poster', {
        cookie: someone.cookie,
        body,
      });
      expect(written.statusCode).toBe(200);
      // The model writes the messages; the description the owner typed stays theirs.
      expect(written.json()).toMatchObject({
        description: 'Tiles for hotels.',
        keyMessages: ['Hotel tiles', 'Fast samples'],
      });
      // The facts went to the model as data.
      expect(fake.requests.at(-1)!.body.messages[1]!.content).toContain('Tiles for hotels.');

      fake.respond({ kind: 'status', status: 500 });
      const local = await api(p, 'POST', '/api/generate-event-poster', {
        cookie: someone.cookie,
        body,
      });
      expect(local.statusCode).toBe(200);
      expect(local.json().description).toBe('Tiles for hotels.');
    } finally {
      await p.close();
      await fake.close();
    }
  }, 40_000);
});
