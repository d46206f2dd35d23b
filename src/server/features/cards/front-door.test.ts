import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, isVisitorChatPath } from '#shared/client-routes.ts';
import { ZPublicCard } from '#shared/schemas/public-card.ts';
import { api, createTestApp, PUBLIC_URL, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let webRoot: string;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-web-'));
  // The app's page and the visitor chat's own (a separate build), told apart by their title.
  await fs.writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>app</title><div id="root"></div>',
  );
  await fs.writeFile(
    path.join(webRoot, 'chat.html'),
    '<!doctype html><title>chat</title><div id="root"></div>',
  );
  t = await createTestApp({ webRoot });
  owner = await signUp(t);
  stranger = await signUp(t);
});
afterAll(async () => {
  await t.close();
  await fs.rm(webRoot, { recursive: true, force: true });
});

async function newDraft(cookie: string): Promise<number> {
  const response = await api(t, 'POST', '/api/business-card-session', { body: {}, cookie });
  expect(response.statusCode).toBe(201);
  return response.json().businessCardId as number;
}

async function finish(cookie: string, id: number) {
  const response = await api(t, 'POST', `/api/business-cards/${id}/finalize`, {
    body: {},
    cookie,
  });
  expect(response.statusCode).toBe(200);
}

describe('GET /api/business-cards: draft or ready', () => {
  it('gives each card a status: draft until generated, ready after', async () => {
    const draft = await newDraft(owner.cookie);
    const ready = await newDraft(owner.cookie);
    await api(t, 'PUT', `/api/business-cards/${ready}`, {
      body: { companyName: 'Hengtai Ceramics', phone: '+86 757 8888 1234' },
      cookie: owner.cookie,
    });
    await finish(owner.cookie, ready);

    const list = await api(t, 'GET', '/api/business-cards', { cookie: owner.cookie });
    expect(list.statusCode).toBe(200);
    const byId = new Map(
      (list.json() as { id: number; status: string; finalized: boolean }[]).map((card) => [
        card.id,
        card,
      ]),
    );
    expect(byId.get(draft)).toMatchObject({ status: 'draft', finalized: false });
    expect(byId.get(ready)).toMatchObject({ status: 'ready', finalized: true });

    // The single card says the same.
    const one = await api(t, 'GET', `/api/business-cards/${draft}`, { cookie: owner.cookie });
    expect(one.json().status).toBe('draft');
  });
});

describe('GET /api/cards/:id/public', () => {
  it('shows a finished card to anyone, with only its public fields', async () => {
    const id = await newDraft(owner.cookie);
    await api(t, 'PUT', `/api/business-cards/${id}`, {
      body: {
        companyName: 'Foshan Hengtai Ceramics',
        contactPerson: 'Li Jiaxin',
        phone: '+86 757 8888 1234',
        website: 'https://hengtai.example',
      },
      cookie: owner.cookie,
    });
    await finish(owner.cookie, id);

    // Signed out.
    const response = await api(t, 'GET', `/api/cards/${id}/public`);
    expect(response.statusCode).toBe(200);
    const card = ZPublicCard.strict().parse(response.json());
    expect(card).toMatchObject({
      id,
      companyName: 'Foshan Hengtai Ceramics',
      contactPerson: 'Li Jiaxin',
      phone: '+86 757 8888 1234',
      website: 'https://hengtai.example',
      chatUrl: `${PUBLIC_URL}/chat/card/${id}`,
      vcardUrl: `/api/business-cards/${id}/vcard`,
    });
    // Nothing about the account, the documents or the assistant.
    const body = response.json() as Record<string, unknown>;
    for (const hidden of ['user', 'userId', 'selectedAiModel', 'aiModelAnalysis', 'documentCount'])
      expect(body).not.toHaveProperty(hidden);

    // The "Save contact" link behind it works for a stranger too.
    const vcard = await api(t, 'GET', card.vcardUrl, { cookie: stranger.cookie });
    expect(vcard.statusCode).toBe(200);
    expect(vcard.body).toContain('Foshan Hengtai Ceramics');
  });

  it('is 404 for a draft (even for its owner), an unknown id and a bad id', async () => {
    const draft = await newDraft(owner.cookie);
    for (const cookie of [undefined, owner.cookie, stranger.cookie]) {
      const response = await api(t, 'GET', `/api/cards/${draft}/public`, { cookie });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    const unknown = await api(t, 'GET', '/api/cards/999999/public');
    expect(unknown.statusCode).toBe(404);
    const bad = await api(t, 'GET', '/api/cards/abc/public');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('code');
  });
});

describe('the front end: 200 for its pages, 404 for any other path', () => {
  it('answers every route of the shared table with the app (the chat: its own page) and status 200', async () => {
    for (const pattern of CLIENT_ROUTES) {
      const url = pattern.replace(/:[a-zA-Z]+/g, '12');
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body, url).toContain(isVisitorChatPath(url) ? '<title>chat' : '<title>app');
    }
    const scanned = await t.app.inject({ method: 'GET', url: '/chat/card/12?src=qr' });
    expect(scanned.statusCode).toBe(200);
    expect(scanned.body).toContain('<title>chat');
    const withQuery = await t.app.inject({ method: 'GET', url: '/login?next=%2Fmy-cards' });
    expect(withQuery.statusCode).toBe(200);
    const trailingSlash = await t.app.inject({ method: 'GET', url: '/my-cards/' });
    expect(trailingSlash.statusCode).toBe(200);
  });

  it('answers unknown paths and removed development pages with 404 and the not-found page', async () => {
    for (const url of [
      '/no-such-page',
      '/test-logout',
      '/my-cards/extra',
      '/card/1/2',
      '/result',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      // The same app, which draws its not-found page for the path.
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<div id="root">');
    }
    // A malformed chat address: the chat's page, which draws its short not-found.
    for (const url of ['/chat', '/chat/card/1/2']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body, url).toContain('<title>chat');
    }
  });
});
