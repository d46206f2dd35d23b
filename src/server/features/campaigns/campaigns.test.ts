import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  pushNotificationCampaigns,
  pushNotificationDeliveries,
  pushSubscriptions,
} from '#server/db/schema.ts';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { api, createTestApp, freshAddress, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let strangerCardId: number;

async function newCard(cookie: string) {
  const id = (await api(t, 'POST', '/api/business-card-session', { body: {}, cookie })).json()
    .businessCardId as number;
  await api(t, 'POST', `/api/business-cards/${id}/finalize`, { body: {}, cookie });
  return id;
}

/** A buyer's phone that scanned the card: its own address, visitor cookie and language. */
async function visitor(card = cardId, language?: 'en' | 'zh-CN' | 'zh-TW') {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${card}?src=qr`,
    remoteAddress: address,
    headers: {
      'user-agent': 'Mozilla/5.0 (iPhone) Safari',
      ...(language ? { 'x-language': language } : {}),
    },
  });
  expect(info.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: address,
      headers: {
        cookie,
        'x-language': 'en',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const announcements = async () => {
    const response = await call('GET', `/api/chat/${card}/announcements`);
    expect(response.statusCode).toBe(200);
    return response.json().announcements as Array<Record<string, unknown>>;
  };
  /** The visitor picks another interface language on the chat page. */
  const switchLanguage = async (next: 'en' | 'zh-CN' | 'zh-TW') => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${card}`,
      remoteAddress: address,
      headers: { cookie, 'x-language': next },
    });
    expect(response.statusCode).toBe(200);
  };
  return { cookie, call, announcements, switchLanguage };
}

/** What the realtime hub hands to a visitor's open chat page. */
function listen(sessionId: number) {
  const received: Array<Record<string, unknown>> = [];
  const remove = t.hub.addVisitor(sessionId, {
    send: (message) => received.push(JSON.parse(message.text) as Record<string, unknown>),
  });
  return { received, remove };
}

const campaignBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Day 2 invitation',
  title: 'Live demo at 14:00',
  message: 'Come to hall 3, booth B12 for the live pump demonstration.',
  businessCardId: cardId,
  ...overrides,
});

async function createCampaign(overrides: Record<string, unknown> = {}) {
  const response = await api(t, 'POST', '/api/push/campaigns', {
    cookie: owner.cookie,
    body: campaignBody(overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Record<string, unknown> & { id: number };
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = await newCard(owner.cookie);
  strangerCardId = await newCard(stranger.cookie);
});
afterAll(() => t.close());

describe('templates', () => {
  it('lists the built-in templates in the reader’s language, read-only for everyone', async () => {
    const zh = await api(t, 'GET', '/api/push/templates', {
      cookie: owner.cookie,
      language: 'zh-CN',
    });
    expect(zh.statusCode).toBe(200);
    const builtIn = zh.json().templates.filter((tpl: { builtIn: boolean }) => tpl.builtIn);
    expect(builtIn.length).toBeGreaterThanOrEqual(5);
    expect(builtIn.map((tpl: { name: string }) => tpl.name)).toContain('展位邀请');
    const en = await api(t, 'GET', '/api/push/templates', { cookie: owner.cookie });
    expect(en.json().templates.map((tpl: { name: string }) => tpl.name)).toContain(
      'Booth invitation',
    );

    const id = builtIn[0].id as number;
    const edit = await api(t, 'PUT', `/api/push/templates/${id}`, {
      cookie: owner.cookie,
      body: { name: 'Mine now', title: 'x', message: 'y' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error).toMatch(/Built-in templates cannot be changed/);
    expect(
      (await api(t, 'DELETE', `/api/push/templates/${id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(403);
  });

  it('creates, edits and deletes the owner’s own templates; another owner sees 404', async () => {
    const created = await api(t, 'POST', '/api/push/templates', {
      cookie: owner.cookie,
      body: {
        name: 'Catalogue mail',
        title: 'Our 2026 catalogue',
        message: 'Ask for the printed catalogue at the booth.',
        category: 'Product',
        actionUrl: 'https://example.com/catalogue',
      },
    });
    expect(created.statusCode).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({ builtIn: false, name: 'Catalogue mail', urgency: 'normal' });

    const foreign = await api(t, 'PUT', `/api/push/templates/${template.id}`, {
      cookie: stranger.cookie,
      body: { name: 'Stolen', title: 'x', message: 'y' },
    });
    expect(foreign.statusCode).toBe(404);
    const strangerList = await api(t, 'GET', '/api/push/templates', { cookie: stranger.cookie });
    expect(strangerList.json().templates.map((tpl: { id: number }) => tpl.id)).not.toContain(
      template.id,
    );

    const edited = await api(t, 'PUT', `/api/push/templates/${template.id}`, {
      cookie: owner.cookie,
      body: { name: 'Catalogue', title: 'The 2026 catalogue', message: 'Printed copies at B12.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Catalogue', actionUrl: null });

    // A campaign made from it keeps its text when the template goes.
    const campaign = await createCampaign({ templateId: template.id });
    expect(campaign.templateId).toBe(template.id);
    const removed = await api(t, 'DELETE', `/api/push/templates/${template.id}`, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(200);
    const after = await api(t, 'GET', `/api/push/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.json()).toMatchObject({ templateId: null, title: 'Live demo at 14:00' });
  });

  it('shows only what was measured: "not used yet" (null) until a campaign used the template', async () => {
    const listed = async (cookie: string) =>
      (await api(t, 'GET', '/api/push/templates', { cookie })).json().templates as Array<
        Record<string, unknown> & { id: number; builtIn: boolean }
      >;
    for (const template of await listed(owner.cookie)) {
      // No invented score or estimate in the answer, built-in or own.
      expect(template).not.toHaveProperty('effectiveness');
      expect(template).not.toHaveProperty('usageCount');
    }
    const card = await newCard(owner.cookie);
    const reached = await visitor(card);
    const builtIn = (await listed(owner.cookie)).find((tpl) => tpl.builtIn)!;
    expect(builtIn.usage).toBeNull();

    const campaign = await createCampaign({ businessCardId: card, templateId: builtIn.id });
    await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, { cookie: owner.cookie });
    const [announcement] = await reached.announcements();
    await reached.call('POST', `/api/push/deliveries/${announcement!.id as number}/click`);
    await createCampaign({ businessCardId: card, templateId: builtIn.id }); // a draft: sent to none

    const measured = (await listed(owner.cookie)).find((tpl) => tpl.id === builtIn.id)!;
    expect(measured.usage).toEqual({ campaigns: 2, sent: 1, clicked: 1 });
    // Another owner's campaigns are theirs: the same built-in template is unused for a stranger.
    const theirs = (await listed(stranger.cookie)).find((tpl) => tpl.id === builtIn.id)!;
    expect(theirs.usage).toBeNull();
  });

  it('refuses bad input with a readable message', async () => {
    for (const body of [
      { name: '', title: 'x', message: 'y' },
      { name: 'a\u0000b', title: 'x', message: 'y' },
      { name: 'a', title: 'x'.repeat(81), message: 'y' },
      { name: 'a', title: 'x', message: 'y', actionUrl: 'javascript:alert(1)' },
      { name: 'a', title: 'x', message: 'y', urgency: 'extreme' },
    ]) {
      const response = await api(t, 'POST', '/api/push/templates', { cookie: owner.cookie, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await api(t, 'GET', '/api/push/templates')).statusCode).toBe(401);
  });
});

describe('campaigns', () => {
  it('creates drafts for the owner’s own card and template only', async () => {
    const draft = await createCampaign({
      actionText: 'Directions',
      actionUrl: 'https://example.com/map',
    });
    expect(draft).toMatchObject({
      status: 'draft',
      sentCount: 0,
      clickCount: 0,
      targetAudience: 'all',
    });

    const foreignCard = await api(t, 'POST', '/api/push/campaigns', {
      cookie: owner.cookie,
      body: campaignBody({ businessCardId: strangerCardId }),
    });
    expect(foreignCard.statusCode).toBe(404);
    const own = await api(t, 'POST', '/api/push/templates', {
      cookie: stranger.cookie,
      body: { name: 'S', title: 'S', message: 'S' },
    });
    const foreignTemplate = await api(t, 'POST', '/api/push/campaigns', {
      cookie: owner.cookie,
      body: campaignBody({ templateId: own.json().id }),
    });
    expect(foreignTemplate.statusCode).toBe(404);

    const past = await api(t, 'POST', '/api/push/campaigns', {
      cookie: owner.cookie,
      body: campaignBody({ scheduledAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toMatch(/future/);

    const list = await api(t, 'GET', '/api/push/campaigns', { cookie: stranger.cookie });
    expect(list.json().campaigns).toEqual([]);
    for (const url of [`/api/push/campaigns/${draft.id}`]) {
      expect((await api(t, 'GET', url, { cookie: stranger.cookie })).statusCode).toBe(404);
    }
    expect(
      (await api(t, 'POST', `/api/push/campaigns/${draft.id}/send`, { cookie: stranger.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it('sends to every visitor of the card once: live to open chats, listed as announcements', async () => {
    const card = await newCard(owner.cookie);
    const a = await visitor(card);
    const b = await visitor(card);
    const other = await visitor(cardId); // another card's visitor is not reached
    const sessions = await t.database.db.query.visitorSessions.findMany({
      where: (s, { eq: is }) => is(s.businessCardId, card),
    });
    expect(sessions).toHaveLength(2);
    const live = sessions.map((s) => listen(s.id));

    const campaign = await createCampaign({ businessCardId: card });
    const audience = await api(t, 'GET', `/api/push/audience?businessCardId=${card}`, {
      cookie: owner.cookie,
    });
    expect(audience.json()).toEqual({ count: 2 });
    const sent = await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', sentCount: 2 });
    for (const listener of live) {
      expect(listener.received).toHaveLength(1);
      expect(listener.received[0]).toMatchObject({
        type: 'announcement',
        announcement: { title: 'Live demo at 14:00' },
      });
      listener.remove();
    }
    expect(await a.announcements()).toHaveLength(1);
    expect((await b.announcements())[0]).toMatchObject({ title: 'Live demo at 14:00' });
    expect(await other.announcements()).toEqual([]);

    const again = await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
    });
    expect(again.statusCode).toBe(409);
  });

  it('gives each visitor the text of their own language, the main text otherwise', async () => {
    const card = await newCard(owner.cookie);
    const english = await visitor(card, 'en');
    const traditional = await visitor(card, 'zh-TW');
    const simplified = await visitor(card, 'zh-CN');
    const campaign = await createCampaign({
      businessCardId: card,
      language: 'zh-CN',
      title: '下午两点现场演示',
      message: '欢迎来 3 号馆 B12 展位观看水泵现场演示。',
      actionText: '查看路线',
      actionUrl: 'https://example.com/map',
      translations: {
        en: {
          title: 'Live demo at 14:00',
          message: 'Come to hall 3, booth B12 for the live pump demonstration.',
          actionText: 'Directions',
        },
      },
    });
    expect(campaign).toMatchObject({
      language: 'zh-CN',
      translations: { en: { title: 'Live demo at 14:00', actionText: 'Directions' } },
    });
    const sent = await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
    });
    expect(sent.json()).toMatchObject({ status: 'sent', sentCount: 3 });

    expect((await english.announcements())[0]).toMatchObject({
      title: 'Live demo at 14:00',
      message: 'Come to hall 3, booth B12 for the live pump demonstration.',
      actionText: 'Directions',
      actionUrl: 'https://example.com/map',
    });
    // No Traditional Chinese text was written: that visitor gets the main (Simplified) one.
    for (const reader of [traditional, simplified]) {
      expect((await reader.announcements())[0]).toMatchObject({
        title: '下午两点现场演示',
        actionText: '查看路线',
      });
    }
  });

  it('refuses a translation in an unknown language or without its message', async () => {
    for (const translations of [
      { pt: { title: 'Demo', message: 'Venha ao estande.' } },
      { en: { title: 'Demo' } },
    ]) {
      const response = await api(t, 'POST', '/api/push/campaigns', {
        cookie: owner.cookie,
        body: campaignBody({ translations }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual(expect.any(String));
    }
  });

  it('reaches only leads, or one stage, when asked', async () => {
    const card = await newCard(owner.cookie);
    const quiet = await visitor(card);
    const lead = await visitor(card);
    const saved = await lead.call('POST', `/api/chat/${card}/lead`, {
      name: 'Mia Keller',
      email: 'mia@example.com',
      consent: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const leadsOnly = await api(
      t,
      'GET',
      `/api/push/audience?businessCardId=${card}&targetAudience=leads`,
      { cookie: owner.cookie },
    );
    expect(leadsOnly.json()).toEqual({ count: 1 });
    const campaign = await createCampaign({ businessCardId: card, targetAudience: 'leads' });
    const sent = await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
    });
    expect(sent.json()).toMatchObject({ sentCount: 1 });
    expect(await lead.announcements()).toHaveLength(1);
    expect(await quiet.announcements()).toHaveLength(0);

    const converted = await api(
      t,
      'GET',
      `/api/push/audience?businessCardId=${card}&targetAudience=converted`,
      { cookie: owner.cookie },
    );
    expect(converted.json()).toEqual({ count: 0 });
    const foreign = await api(t, 'GET', `/api/push/audience?businessCardId=${strangerCardId}`, {
      cookie: owner.cookie,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('resumes a send that stopped half-way without reaching anyone twice', async () => {
    const card = await newCard(owner.cookie);
    await visitor(card);
    await visitor(card);
    const sessions = await t.database.db.query.visitorSessions.findMany({
      where: (s, { eq: is }) => is(s.businessCardId, card),
      orderBy: (s, { asc }) => [asc(s.id)],
    });
    const campaign = await createCampaign({ businessCardId: card });
    // The first attempt reached the first visitor, then the process died.
    await t.database.db
      .update(pushNotificationCampaigns)
      .set({ status: 'sending' })
      .where(eq(pushNotificationCampaigns.id, campaign.id));
    await t.database.db.insert(pushNotificationDeliveries).values({
      campaignId: campaign.id,
      visitorSessionId: sessions[0]!.id,
      businessCardId: card,
      title: 'Live demo at 14:00',
      message: 'x',
      deliveryStatus: 'delivered',
      deliveredAt: new Date(),
    });
    const live = sessions.map((s) => listen(s.id));
    const resumed = await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, {
      cookie: owner.cookie,
    });
    expect(resumed.json()).toMatchObject({ status: 'sent', sentCount: 2 });
    expect(live[0]!.received).toHaveLength(0);
    expect(live[1]!.received).toHaveLength(1);
    live.forEach((l) => l.remove());
    const rows = await t.database.db
      .select()
      .from(pushNotificationDeliveries)
      .where(eq(pushNotificationDeliveries.campaignId, campaign.id));
    expect(rows).toHaveLength(2);
  });

  it('counts clicks and dismissals once, only from the visitor it reached', async () => {
    const card = await newCard(owner.cookie);
    const reached = await visitor(card);
    const campaign = await createCampaign({ businessCardId: card });
    await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, { cookie: owner.cookie });
    const [announcement] = await reached.announcements();
    const id = announcement!.id as number;
    const intruder = await visitor(card);
    expect((await intruder.call('POST', `/api/push/deliveries/${id}/click`)).statusCode).toBe(404);
    expect(
      (await api(t, 'POST', `/api/push/deliveries/${id}/click`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(404);
    expect((await reached.call('POST', `/api/push/deliveries/${id}/click`)).statusCode).toBe(200);
    expect((await reached.call('POST', `/api/push/deliveries/${id}/click`)).statusCode).toBe(200);
    expect((await reached.call('POST', `/api/push/deliveries/${id}/dismiss`)).statusCode).toBe(200);
    expect((await reached.call('POST', '/api/push/deliveries/999999/dismiss')).statusCode).toBe(
      404,
    );
    const after = await api(t, 'GET', `/api/push/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.json()).toMatchObject({ sentCount: 1, clickCount: 1, dismissCount: 1 });
    expect((await reached.announcements())[0]!.dismissedAt).not.toBeNull();
  });

  it('sends a scheduled campaign from the job queue at its time, on another instance too', async () => {
    const card = await newCard(owner.cookie);
    const reached = await visitor(card);
    const at = new Date(t.clock.now().getTime() + 60 * 60 * 1000);
    const campaign = await createCampaign({ businessCardId: card, scheduledAt: at.toISOString() });
    expect(campaign).toMatchObject({ status: 'scheduled', scheduledAt: at.toISOString() });
    await t.app.jobs.runDue();
    expect(await reached.announcements()).toHaveLength(0);

    // A restarted server (a fresh instance on the same database) sends it once it is due.
    const restarted = await createTestApp({ shareDatabaseWith: t });
    try {
      restarted.clock.advance(2 * 60 * 60 * 1000);
      await restarted.app.jobs.runDue();
    } finally {
      await restarted.close();
    }
    expect(await reached.announcements()).toHaveLength(1);
    const after = await api(t, 'GET', `/api/push/campaigns/${campaign.id}`, {
      cookie: owner.cookie,
    });
    expect(after.json()).toMatchObject({ status: 'sent', sentCount: 1 });
  });

  it('deletes a campaign with its results', async () => {
    const campaign = await createCampaign();
    expect(
      (await api(t, 'DELETE', `/api/push/campaigns/${campaign.id}`, { cookie: stranger.cookie }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(t, 'DELETE', `/api/push/campaigns/${campaign.id}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (await api(t, 'GET', `/api/push/campaigns/${campaign.id}`, { cookie: owner.cookie }))
        .statusCode,
    ).toBe(404);
  });
});

describe('web push', () => {
  interface PushModel {
    notifyUrl: string;
    subscribe(options: unknown): Promise<{
      endpoint: string;
      keys: { p256dh: string; auth: string };
      clientHash: string;
    }>;
    handleNotification(hash: string, headers: Record<string, unknown>, body: Buffer): Promise<void>;
    expireSubscription(hash: string): void;
    getNotifications(body: { clientHash: string }): { messages: string[] };
  }

  /*
   * The registry's mock push service (web-push-testing): its model checks the VAPID signature
   * and decrypts each push as a browser's push service would. Its express front cannot load
   * here (our content-disposition override), so a few lines of node:http stand in for it.
   */
  async function startMockPushService() {
    const { PushApiModel, SubscriptionExpiredError } = createRequire(import.meta.url)(
      'web-push-testing/src/PushApiModel.js',
    ) as { PushApiModel: new () => PushModel; SubscriptionExpiredError: typeof Error };
    const model = new PushApiModel();
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const hash = /^\/notify\/([^/]+)$/.exec(request.url ?? '')?.[1];
        if (request.method !== 'POST' || !hash) return response.writeHead(404).end();
        const headers = {
          encoding: request.headers['content-encoding'],
          encryption: request.headers.encryption,
          cryptoKey: request.headers['crypto-key'],
          authorization: request.headers.authorization,
          ttl: request.headers.ttl,
        };
        model.handleNotification(hash, headers, Buffer.concat(chunks)).then(
          () => response.writeHead(201).end(),
          (error: unknown) =>
            response.writeHead(error instanceof SubscriptionExpiredError ? 410 : 400).end(),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    model.notifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/notify/`;
    return { model, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  it('creates the VAPID keys once in DATA_DIR, readable by the server only', async () => {
    const response = await api(t, 'GET', '/api/push/vapid-public-key');
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json();
    expect(publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const stat = await fs.stat(path.join(t.dataDir, 'vapid-keys.json'));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('delivers a real encrypted push to a visitor who allowed notifications', async () => {
    const service = await startMockPushService();
    try {
      const card = await newCard(owner.cookie);
      const phone = await visitor(card);
      const { publicKey } = (await api(t, 'GET', '/api/push/vapid-public-key')).json();
      const subscription = await service.model.subscribe({
        userVisibleOnly: 'true', // as the service's form encoding sends it
        applicationServerKey: publicKey,
      });
      const saved = await phone.call('POST', `/api/chat/${card}/push-subscription`, {
        endpoint: subscription.endpoint,
        keys: subscription.keys,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      const campaign = await createCampaign({ businessCardId: card, title: 'Samples ready' });
      await api(t, 'POST', `/api/push/campaigns/${campaign.id}/send`, { cookie: owner.cookie });
      const { messages } = service.model.getNotifications({ clientHash: subscription.clientHash });
      expect(messages).toHaveLength(1);
      expect(JSON.parse(messages[0]!)).toMatchObject({
        title: 'Samples ready',
        body: 'Come to hall 3, booth B12 for the live pump demonstration.',
        url: `${t.config.publicUrl}/chat/${card}`,
      });

      // The phone reads Traditional Chinese: the push carries that text, not the main one.
      await phone.switchLanguage('zh-TW');
      const translated = await createCampaign({
        businessCardId: card,
        language: 'en',
        title: 'Samples ready',
        translations: { 'zh-TW': { title: '樣品已備妥', message: '歡迎到攤位領取樣品。' } },
      });
      await api(t, 'POST', `/api/push/campaigns/${translated.id}/send`, { cookie: owner.cookie });
      const pushed = service.model.getNotifications({ clientHash: subscription.clientHash });
      expect(pushed.messages).toHaveLength(2);
      expect(JSON.parse(pushed.messages[1]!)).toMatchObject({
        title: '樣品已備妥',
        body: '歡迎到攤位領取樣品。',
      });

      // The visitor unsubscribed in the browser: the push service answers 410, we forget it.
      service.model.expireSubscription(subscription.clientHash);
      const later = await createCampaign({ businessCardId: card, title: 'Last day' });
      const sent = await api(t, 'POST', `/api/push/campaigns/${later.id}/send`, {
        cookie: owner.cookie,
      });
      expect(sent.json()).toMatchObject({ status: 'sent', sentCount: 1 });
      expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(0);
    } finally {
      await service.close();
    }
  });

  it('refuses endpoints that are not https or point into a private network', async () => {
    const production = await createTestApp({ shareDatabaseWith: t });
    try {
      const address = freshAddress();
      const info = await production.app.inject({
        method: 'GET',
        url: `/api/chat/session-info/${cardId}`,
        remoteAddress: address,
      });
      const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
      const keys = {
        p256dh:
          'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
        auth: 'tBHItJI5svbpez7KI4CCXg',
      };
      for (const endpoint of [
        'http://push.example.com/send/1',
        'https://127.0.0.1/notify/1',
        'https://10.0.0.5/notify/1',
        'ftp://push.example.com/x',
      ]) {
        const response = await production.app.inject({
          method: 'POST',
          url: `/api/chat/${cardId}/push-subscription`,
          remoteAddress: address,
          headers: { cookie, 'content-type': 'application/json', 'x-language': 'en' },
          payload: JSON.stringify({ endpoint, keys }),
        });
        expect(response.statusCode, endpoint).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    } finally {
      await production.close();
    }
  });
});
