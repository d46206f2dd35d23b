import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsCache,
  businessCards,
  jobs,
  leadScoringEvents,
  salesPipelineAnalytics,
  visitorProfiles,
  visitorSessions,
} from '#server/db/schema.ts';
import { latestMailTo } from '#server/test/mail-outbox.ts';
import { deliverMail, api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';
import { signBody } from './webhook.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;
let tokenCounter = 0;

const MAC_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** A stored conversation of a visitor (what the chat writes), `texts` being the visitor's messages. */
async function conversation(
  texts: string[],
  extra: Partial<typeof visitorSessions.$inferInsert> = {},
) {
  tokenCounter += 1;
  const messages = texts.flatMap((content) => [
    { role: 'user', content, createdAt: new Date().toISOString() },
    { role: 'assistant', content: 'Thanks for asking.', createdAt: new Date().toISOString() },
  ]);
  const [row] = await t.database.db
    .insert(visitorSessions)
    .values({
      sessionToken: `test-${process.pid}-${tokenCounter}-${Math.random()}`,
      businessCardId: cardId,
      messages,
      userAgent: MAC_UA,
      timeZone: 'Europe/Berlin',
      source: 'qr',
      lastActivity: t.clock.now(),
      ...extra,
    })
    .returning();
  return row!;
}

async function leads(query = '', cookie = owner.cookie) {
  const response = await api(t, 'GET', `/api/sales-pipeline/leads${query}`, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json() as { leads: Array<Record<string, unknown>>; total: number };
}

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId;
  await t.database.db
    .update(businessCards)
    .set({ companyName: 'Aqualux Pumps', finalizedAt: new Date() })
    .where(eq(businessCards.id, cardId));
});
afterAll(() => t.close());

describe('leads', () => {
  it('derives stage, priority and scores from the conversation, recording each signal once', async () => {
    const silent = await conversation([]);
    const curious = await conversation(['Hello', 'Do you export?']);
    const buyer = await conversation([
      'What is the price of the 2 HP pump?',
      '你们的起订量是多少？',
      'Can you send samples to Germany?',
      'What is the delivery time?',
    ]);
    const list = await leads();
    const byId = new Map(list.leads.map((l) => [l.visitorSessionId, l]));
    expect(byId.get(silent.id)).toMatchObject({
      stage: 'visitor',
      priority: 'low',
      messageCount: 0,
      engagementScore: 10,
      deviceType: 'mobile',
      country: 'DE',
      cardName: 'Aqualux Pumps',
    });
    expect(byId.get(curious.id)).toMatchObject({
      stage: 'engaged',
      priority: 'medium',
      messageCount: 2,
    });
    const scored = byId.get(buyer.id)!;
    expect(scored).toMatchObject({ stage: 'interested', messageCount: 4, engagementScore: 60 });
    // price 15 + moq 15 + sample 20 + delivery 10 = 60: priority one step up from high.
    expect(scored.intentScore).toBe(60);
    expect(scored.priority).toBe('urgent');
    expect(scored.buyingSignals).toEqual(
      expect.arrayContaining(['price', 'moq', 'sample', 'delivery']),
    );

    // Listing again (and a new message) does not record the same signal twice.
    await t.database.db
      .update(visitorSessions)
      .set({
        messages: [
          ...(buyer.messages as unknown[]),
          {
            role: 'user',
            content: 'And the price for 500 units?',
            createdAt: new Date().toISOString(),
          },
        ],
        lastActivity: new Date(t.clock.now().getTime() + 1000),
      })
      .where(eq(visitorSessions.id, buyer.id));
    await leads();
    const [profile] = await t.database.db
      .select()
      .from(visitorProfiles)
      .where(eq(visitorProfiles.visitorSessionId, buyer.id));
    const events = await t.database.db
      .select()
      .from(leadScoringEvents)
      .where(eq(leadScoringEvents.visitorProfileId, profile!.id));
    expect(events.map((e) => e.eventType).sort()).toEqual(['delivery', 'moq', 'price', 'sample']);
    expect(events.find((e) => e.eventType === 'moq')!.eventValue).toContain('起订量');
    expect(profile).toMatchObject({ stage: 'interested', totalScore: 60 });
  });

  it('filters by stage and priority, paginates, and answers 400 to a bad filter', async () => {
    const urgent = await leads('?priority=urgent');
    expect(urgent.leads.length).toBeGreaterThan(0);
    expect(urgent.leads.every((l) => l.priority === 'urgent')).toBe(true);
    const page = await leads('?limit=1&offset=1');
    expect(page.leads).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const bad = await api(t, 'GET', '/api/sales-pipeline/leads?stage=hot', {
      cookie: owner.cookie,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect((await api(t, 'GET', '/api/sales-pipeline/leads')).statusCode).toBe(401);
  });

  it('keeps the owner edits over derivation, and hides leads from other owners', async () => {
    const session = await conversation(['Hi']);
    const edited = await api(t, 'PATCH', `/api/sales-pipeline/leads/${session.id}`, {
      cookie: owner.cookie,
      body: { stage: 'converted', priority: 'high', notes: 'Signed at the booth' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      stage: 'converted',
      priority: 'high',
      stageManual: true,
    });
    // More messages arrive: derivation rescored, but the hand-set stage and priority stay.
    await t.database.db
      .update(visitorSessions)
      .set({
        messages: Array.from({ length: 8 }, (_, i) => ({
          role: 'user',
          content: `question ${i}`,
          createdAt: new Date().toISOString(),
        })),
        lastActivity: new Date(t.clock.now().getTime() + 2000),
      })
      .where(eq(visitorSessions.id, session.id));
    const after = (await leads('?stage=converted')).leads.find(
      (l) => l.visitorSessionId === session.id,
    );
    expect(after).toMatchObject({
      stage: 'converted',
      priority: 'high',
      messageCount: 8,
      engagementScore: 85,
    });
    expect(after!.notes).toBe('Signed at the booth');

    expect(
      (
        await api(t, 'PATCH', `/api/sales-pipeline/leads/${session.id}`, {
          cookie: owner.cookie,
          body: {},
        })
      ).statusCode,
    ).toBe(400);
    const foreign = await api(t, 'PATCH', `/api/sales-pipeline/leads/${session.id}`, {
      cookie: stranger.cookie,
      body: { stage: 'visitor' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await leads('', stranger.cookie)).total).toBe(0);
  });

  it('keeps the totals right although they are cached between pages', async () => {
    const before = await leads();
    const convertedBefore = (await leads('?stage=converted')).total;
    // Counted once, then answered from the cache (same figures on the next page).
    expect((await leads('?offset=1')).total).toBe(before.total);

    // A new visitor counts at once.
    const session = await conversation(['Do you ship to Poland?']);
    expect((await leads()).total).toBe(before.total + 1);

    // So does the owner's edit, in the filtered totals.
    const edited = await api(t, 'PATCH', `/api/sales-pipeline/leads/${session.id}`, {
      cookie: owner.cookie,
      body: { stage: 'converted' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await leads('?stage=converted')).total).toBe(convertedBefore + 1);
    expect((await leads()).total).toBe(before.total + 1);

    // A conversation deleted behind the list's back is forgotten when the count expires.
    await t.database.db.delete(visitorSessions).where(eq(visitorSessions.id, session.id));
    // (the minute passes: the cached counts expire)
    await t.database.db
      .update(analyticsCache)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(like(analyticsCache.cacheKey, 'pipeline-count:%'));
    expect((await leads()).total).toBe(before.total);
    expect((await leads('?stage=converted')).total).toBe(convertedBefore);
  });
});

describe('settings', () => {
  it('applies the message threshold and the idle rule', async () => {
    const session = await conversation(['one', 'two', 'three', 'four']);
    let lead = (await leads()).leads.find((l) => l.visitorSessionId === session.id)!;
    expect(lead.priority).toBe('high');
    const saved = await api(t, 'PUT', '/api/sales-pipeline/settings', {
      cookie: owner.cookie,
      body: { highPriorityAfterMessages: 3, idleDaysLowerPriority: 7, autoFollowUpEmail: false },
    });
    expect(saved.statusCode).toBe(200);
    // The whole pipeline is rescored (in passes of the background job too).
    await t.app.jobs.runDue();
    lead = (await leads()).leads.find((l) => l.visitorSessionId === session.id)!;
    expect(lead.priority).toBe('urgent');
    // Eight idle days later it drops one step.
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    lead = (await leads()).leads.find((l) => l.visitorSessionId === session.id)!;
    expect(lead.priority).toBe('high');
    t.clock.advance(-8 * 24 * 60 * 60 * 1000);
    const read = await api(t, 'GET', '/api/sales-pipeline/settings', { cookie: owner.cookie });
    expect(read.json()).toEqual({
      highPriorityAfterMessages: 3,
      idleDaysLowerPriority: 7,
      autoFollowUpEmail: false,
    });
    const bad = await api(t, 'PUT', '/api/sales-pipeline/settings', {
      cookie: owner.cookie,
      body: { highPriorityAfterMessages: 0, idleDaysLowerPriority: 7, autoFollowUpEmail: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('tasks and follow-up', () => {
  it('creates, lists and completes a task with a drafted message', async () => {
    const session = await conversation(['Can you send a quotation for the solar pump?']);
    await t.database.db.insert(visitorProfiles).values({
      visitorSessionId: session.id,
      businessCardId: cardId,
      name: 'Anna Weber',
      email: 'anna@example.com',
    });
    const created = await api(t, 'POST', '/api/sales-pipeline/tasks', {
      cookie: owner.cookie,
      body: {
        visitorSessionId: session.id,
        title: 'Send quotation',
        taskType: 'quotation',
        dueDate: '2030-01-10',
      },
    });
    expect(created.statusCode).toBe(201);
    const task = created.json();
    expect(task).toMatchObject({
      status: 'pending',
      leadName: 'Anna Weber',
      visitorSessionId: session.id,
    });
    expect(task.suggestedMessage).toContain('Anna Weber');
    expect(task.suggestedMessage).toContain('quotation');
    expect(task.suggestedMessage).toContain('Aqualux Pumps');

    const done = await api(t, 'PATCH', `/api/sales-pipeline/tasks/${task.id}`, {
      cookie: owner.cookie,
      body: { status: 'completed' },
    });
    expect(done.json()).toMatchObject({ status: 'completed' });
    expect(done.json().completedAt).not.toBeNull();
    const pending = await api(t, 'GET', '/api/sales-pipeline/tasks?status=pending', {
      cookie: owner.cookie,
    });
    expect(pending.json().some((x: { id: number }) => x.id === task.id)).toBe(false);
    const completed = await api(t, 'GET', '/api/sales-pipeline/tasks?status=completed', {
      cookie: owner.cookie,
    });
    expect(completed.json().some((x: { id: number }) => x.id === task.id)).toBe(true);

    const foreign = await Promise.all([
      api(t, 'PATCH', `/api/sales-pipeline/tasks/${task.id}`, {
        cookie: stranger.cookie,
        body: { status: 'pending' },
      }),
      api(t, 'POST', '/api/sales-pipeline/tasks', {
        cookie: stranger.cookie,
        body: { visitorSessionId: session.id, title: 'x', taskType: 'call', dueDate: '2030-01-10' },
      }),
    ]);
    expect(foreign.map((r) => r.statusCode)).toEqual([404, 404]);
    const invalid = await api(t, 'POST', '/api/sales-pipeline/tasks', {
      cookie: owner.cookie,
      body: { visitorSessionId: session.id, title: '', taskType: 'party', dueDate: 'soon' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('sends the follow-up email only when the owner confirms', async () => {
    const session = await conversation(['价格多少？'], { language: 'zh-CN' });
    await t.database.db.insert(visitorProfiles).values({
      visitorSessionId: session.id,
      businessCardId: cardId,
      name: '王芳',
      email: 'wang@example.cn',
    });
    const draft = await api(t, 'GET', `/api/sales-pipeline/leads/${session.id}/follow-up`, {
      cookie: owner.cookie,
    });
    expect(draft.json().to).toBe('wang@example.cn');
    expect(draft.json().body).toContain('王芳');
    expect(draft.json().body).toContain('价格');
    await deliverMail(t);
    expect(await latestMailTo(path.join(t.dataDir, 'mail'), 'wang@example.cn')).toBeUndefined();
    const sent = await api(t, 'POST', `/api/sales-pipeline/leads/${session.id}/follow-up`, {
      cookie: owner.cookie,
      body: { subject: draft.json().subject, body: draft.json().body },
    });
    expect(sent.statusCode).toBe(200);
    await deliverMail(t);
    const mail = await latestMailTo(path.join(t.dataDir, 'mail'), 'wang@example.cn');
    expect(mail?.text ?? '').toContain('王芳');
  });
});

describe('analytics and exports', () => {
  it('shows the funnel and writes the daily rows', async () => {
    const response = await api(t, 'GET', '/api/sales-pipeline/analytics', { cookie: owner.cookie });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.funnel.visitors).toBeGreaterThanOrEqual(body.funnel.leads);
    expect(body.funnel.leads).toBeGreaterThanOrEqual(body.funnel.qualified);
    expect(body.funnel.converted).toBeGreaterThanOrEqual(1);
    expect(body.daily).toHaveLength(30);
    const today = body.daily.at(-1);
    expect(today.visitors).toBe(body.funnel.visitors);
    const stored = await t.database.db
      .select()
      .from(salesPipelineAnalytics)
      .where(eq(salesPipelineAnalytics.userId, owner.id));
    expect(stored).toHaveLength(30);
    // A second computation replaces the rows, it does not add more.
    await api(t, 'GET', '/api/sales-pipeline/analytics', { cookie: owner.cookie });
    expect(
      await t.database.db
        .select()
        .from(salesPipelineAnalytics)
        .where(eq(salesPipelineAnalytics.userId, owner.id)),
    ).toHaveLength(30);
  });

  it('exports CSV with a BOM, quoting and formula protection, and XLSX', async () => {
    const session = await conversation(['Hi']);
    await t.database.db.insert(visitorProfiles).values({
      visitorSessionId: session.id,
      businessCardId: cardId,
      name: '=HYPERLINK("http://evil")',
      organization: '深圳"海"泵业, Ltd',
      phone: '+86 138 0000 0000',
    });
    const csv = await api(t, 'GET', '/api/sales-pipeline/leads.csv', { cookie: owner.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="docucard-leads-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = csv.rawPayload.toString('utf8');
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain('"深圳""海""泵业, Ltd"');
    expect(text).toContain(",'+86 138 0000 0000,");

    const xlsx = await api(t, 'GET', '/api/sales-pipeline/leads.xlsx?stage=engaged&lang=en', {
      cookie: owner.cookie,
    });
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer', cellFormula: true });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets.Leads!);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.Stage === 'Engaged')).toBe(true);
    // In XLSX a text is a string cell, never a formula: written as typed, without an apostrophe.
    expect(rows.find((r) => r['Lead no.'] === session.id)!.Name).toBe('=HYPERLINK("http://evil")');
    const formulas = Object.entries(book.Sheets.Leads!).filter(
      ([address, cell]) => !address.startsWith('!') && (cell as XLSX.CellObject).f,
    );
    expect(formulas).toEqual([]);
    expect((await api(t, 'GET', '/api/sales-pipeline/leads.csv')).statusCode).toBe(401);
  });
});

describe('paper leads', () => {
  it('creates a lead with source paper that joins the pipeline', async () => {
    const created = await api(t, 'POST', '/api/sales-pipeline/leads', {
      cookie: owner.cookie,
      body: {
        businessCardId: cardId,
        name: 'Li Wei',
        company: 'Ningbo Valve Co., Ltd.',
        email: 'liwei@ningbo-valve.cn',
        phone: '+86 574 8888 1234',
        jobTitle: 'Purchasing Manager',
        website: 'www.ningbo-valve.cn',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      source: 'paper',
      name: 'Li Wei',
      company: 'Ningbo Valve Co., Ltd.',
    });
    expect(created.json().buyingSignals).toContain('lead_form');
    const stored = await t.database.db
      .select()
      .from(visitorSessions)
      .where(eq(visitorSessions.id, created.json().visitorSessionId));
    expect(stored[0]!.source).toBe('paper');
    expect(stored[0]!.sessionToken.length).toBeGreaterThan(30);
    const missing = await api(t, 'POST', '/api/sales-pipeline/leads', {
      cookie: owner.cookie,
      body: { businessCardId: cardId, name: 'No Contact' },
    });
    expect(missing.statusCode).toBe(400);
    const foreign = await api(t, 'POST', '/api/sales-pipeline/leads', {
      cookie: stranger.cookie,
      body: { businessCardId: cardId, name: 'X', email: 'x@example.com' },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('webhook', () => {
  it('stores the webhook with the secret masked and refuses private addresses by default', async () => {
    const strict = await createTestApp({ shareDatabaseWith: t });
    try {
      const refused = await api(strict, 'PUT', '/api/integrations/webhook', {
        cookie: owner.cookie,
        body: { url: 'http://127.0.0.1:9/hook', secret: 'a-very-long-secret-1234' },
      });
      expect(refused.statusCode).toBe(422);
      const ipv6 = await api(strict, 'PUT', '/api/integrations/webhook', {
        cookie: owner.cookie,
        body: { url: 'http://[::1]:9/hook', secret: 'a-very-long-secret-1234' },
      });
      expect(ipv6.statusCode).toBe(422);
      const linkLocal = await api(strict, 'PUT', '/api/integrations/webhook', {
        cookie: owner.cookie,
        body: { url: 'http://169.254.169.254/latest', secret: 'a-very-long-secret-1234' },
      });
      expect(linkLocal.statusCode).toBe(422);
      const localhost = await api(strict, 'PUT', '/api/integrations/webhook', {
        cookie: owner.cookie,
        body: { url: 'http://localhost:9/hook', secret: 'a-very-long-secret-1234' },
      });
      expect(localhost.statusCode).toBe(422);
    } finally {
      await strict.close();
    }
    const bad = await api(t, 'PUT', '/api/integrations/webhook', {
      cookie: owner.cookie,
      body: { url: 'ftp://example.com', secret: 'short' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('posts signed events, retries after a 500 and survives a restart', async () => {
    const received: Array<{ body: string; signature: string }> = [];
    let failNext = 1;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          response.writeHead(500).end('busy');
          return;
        }
        received.push({ body, signature: String(request.headers['x-docucard-signature']) });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const secret = 'crm-secret-0123456789';
    try {
      const saved = await api(t, 'PUT', '/api/integrations/webhook', {
        cookie: owner.cookie,
        body: { url: `http://127.0.0.1:${port}/hooks/docucard`, secret },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({
        url: `http://127.0.0.1:${port}/hooks/docucard`,
        secretHint: '••••6789',
      });
      expect(
        (await api(t, 'GET', '/api/integrations/webhook', { cookie: owner.cookie })).json()
          .secretHint,
      ).toBe('••••6789');
      expect(
        (await api(t, 'GET', '/api/integrations/webhook', { cookie: stranger.cookie })).json(),
      ).toEqual({
        url: null,
        secretHint: null,
      });

      // A visitor leaves details on the chat's lead form: a "lead.created" delivery is queued.
      const leadForm = await t.app.inject({
        method: 'POST',
        url: `/api/chat/${cardId}/lead`,
        headers: { 'content-type': 'application/json', 'x-language': 'en' },
        payload: JSON.stringify({ name: 'Carla Ruiz', email: 'carla@example.es', consent: true }),
      });
      expect(leadForm.statusCode).toBe(200);

      // First attempt: the CRM answers 500, the job waits for its retry.
      await t.app.jobs.runDue();
      expect(received).toHaveLength(0);
      const [queued] = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.type, 'pipeline.webhook'));
      expect(queued).toMatchObject({ status: 'pending', attempts: 1 });
      expect(queued!.lastError).toContain('500');

      // "Restart": the app closes, a new instance on the same database delivers after the backoff.
      const restarted = await createTestApp({
        shareDatabaseWith: t,
        env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
      });
      try {
        restarted.clock.advance(60_000);
        await restarted.app.jobs.runDue();
      } finally {
        await restarted.close();
      }
      expect(received).toHaveLength(1);
      const delivery = received[0]!;
      expect(delivery.signature).toBe(signBody(secret, delivery.body));
      const payload = JSON.parse(delivery.body);
      expect(payload.event).toBe('lead.created');
      expect(payload.lead).toMatchObject({
        name: 'Carla Ruiz',
        email: 'carla@example.es',
        businessCardId: cardId,
      });

      // A stage change by the owner is sent too.
      await api(t, 'PATCH', `/api/sales-pipeline/leads/${payload.lead.visitorSessionId}`, {
        cookie: owner.cookie,
        body: { stage: 'qualified' },
      });
      await t.app.jobs.runDue();
      expect(received).toHaveLength(2);
      const change = JSON.parse(received[1]!.body);
      expect(change).toMatchObject({ event: 'lead.stage_changed', lead: { stage: 'qualified' } });
      expect(received[1]!.signature).toBe(signBody(secret, received[1]!.body));
    } finally {
      server.close();
    }
  });
});

describe('priority over time', () => {
  // Last in the file: the clock moves on for good here.
  it('lets a lead that went idle leave the urgent filter, while a priority set by hand stays', async () => {
    const ids = (list: { leads: Array<Record<string, unknown>> }) =>
      list.leads.map((l) => l.visitorSessionId);
    const find = (list: { leads: Array<Record<string, unknown>> }, id: number) =>
      list.leads.find((l) => l.visitorSessionId === id);
    // A second card of the owner: the list is one, newest first, over all of them.
    const [otherCard] = await t.database.db
      .insert(businessCards)
      .values({ userId: owner.id, companyName: 'Aqualux Solar', finalizedAt: new Date() })
      .returning({ id: businessCards.id });
    // Six visitor messages: urgent by derivation (the owner's threshold is now 3).
    const busy = await conversation(
      ['one', 'two', 'three', 'four', 'five', 'six'].map((n) => `Question ${n}`),
      { businessCardId: otherCard!.id },
    );
    const quiet = await conversation(['Hello']);
    const pinned = await api(t, 'PATCH', `/api/sales-pipeline/leads/${quiet.id}`, {
      cookie: owner.cookie,
      body: { priority: 'urgent' },
    });
    expect(pinned.statusCode).toBe(200);
    let urgent = await leads('?priority=urgent&limit=500');
    expect(find(urgent, busy.id)).toMatchObject({ priority: 'urgent', cardName: 'Aqualux Solar' });
    expect(find(urgent, quiet.id)).toMatchObject({ priority: 'urgent', priorityManual: true });

    // Eight days without a word (the owner's setting: idle after 7 days lowers a step).
    t.clock.advance(8 * 24 * 60 * 60 * 1000);
    urgent = await leads('?priority=urgent&limit=500');
    expect(ids(urgent)).not.toContain(busy.id);
    expect(find(urgent, quiet.id)).toMatchObject({ priority: 'urgent', priorityManual: true });
    expect(urgent.leads.every((l) => l.priority === 'urgent')).toBe(true);
    expect(urgent.total).toBe(urgent.leads.length);
    const high = await leads('?priority=high&limit=500');
    expect(find(high, busy.id)).toMatchObject({ priority: 'high', priorityManual: false });
    expect(ids(high)).not.toContain(quiet.id);
    expect(high.total).toBe(high.leads.length);

    // The visitor writes again: fresh, urgent again, and first in the list.
    await t.database.db
      .update(visitorSessions)
      .set({
        messages: [
          ...(busy.messages as unknown[]),
          { role: 'user', content: 'Are you still there?', createdAt: new Date().toISOString() },
        ],
        lastActivity: t.clock.now(),
      })
      .where(eq(visitorSessions.id, busy.id));
    urgent = await leads('?priority=urgent&limit=500');
    expect(ids(urgent).slice(0, 1)).toEqual([busy.id]);
    expect(ids(urgent)).toContain(quiet.id);
    expect(ids(await leads('?priority=high&limit=500'))).not.toContain(busy.id);

    // The owner lowers the pinned lead: it leaves the urgent list at once.
    await api(t, 'PATCH', `/api/sales-pipeline/leads/${quiet.id}`, {
      cookie: owner.cookie,
      body: { priority: 'low' },
    });
    urgent = await leads('?priority=urgent&limit=500');
    expect(ids(urgent)).not.toContain(quiet.id);
    expect(find(await leads('?priority=low&limit=500'), quiet.id)).toMatchObject({
      priority: 'low',
    });
    // And a stage filter combines with the priority filter.
    const engagedLow = await leads('?priority=low&stage=engaged&limit=500');
    expect(ids(engagedLow)).toContain(quiet.id);
    expect(engagedLow.leads.every((l) => l.stage === 'engaged' && l.priority === 'low')).toBe(true);
  });
});
