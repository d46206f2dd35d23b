import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { businessCards, visitorSessions } from '#server/db/schema.ts';
import { api, createTestApp, newCard, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * Leads as people read them (issue 34, item 5): exports in the owner's language and time zone,
 * phone numbers as text, a lead nobody can reach never "qualified", and one visitor's country
 * the same in the notification, the analytics and the pipeline.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let cardId: number;

beforeAll(async () => {
  // Behind a reverse proxy on this machine: its country header counts (TRUST_PROXY).
  t = await createTestApp({ env: { TRUST_PROXY: 'loopback' } });
  owner = await signUp(t);
  cardId = await newCard(t, owner.cookie);
  await t.database.db
    .update(businessCards)
    .set({ companyName: 'Aqualux Pumps' })
    .where(eq(businessCards.id, cardId));
});
afterAll(() => t.close());

async function paperLead(body: Record<string, string>) {
  const response = await api(t, 'POST', '/api/sales-pipeline/leads', {
    cookie: owner.cookie,
    body: { businessCardId: cardId, ...body },
  });
  expect(response.statusCode).toBe(201);
  return response.json().visitorSessionId as number;
}

async function setTimeZone(timeZone: string) {
  return api(t, 'PUT', '/api/auth/time-zone', { cookie: owner.cookie, body: { timeZone } });
}

function download(format: 'csv' | 'xlsx', lang: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/sales-pipeline/leads.${format}?lang=${lang}`,
    headers: { cookie: owner.cookie },
  });
}

/** The CSV's rows as cells (the test data holds no quoted commas). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('the owner’s time zone', () => {
  it('is null until set, refuses a name that is no IANA zone, and is stored', async () => {
    const me = await api(t, 'GET', '/api/auth/user', { cookie: owner.cookie });
    expect(me.json().user.timeZone).toBeNull();

    const bad = await setTimeZone('Mars/Olympus_Mons');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(bad.json().error).toBeTruthy();
    expect((await setTimeZone('Asia/Shanghai')).json().user.timeZone).toBe('Asia/Shanghai');
    const after = await api(t, 'GET', '/api/auth/user', { cookie: owner.cookie });
    expect(after.json().user.timeZone).toBe('Asia/Shanghai');
  });
});

describe('lead exports', () => {
  let leadId: number;
  beforeAll(async () => {
    leadId = await paperLead({
      name: 'Anna Weber',
      company: 'Weber GmbH',
      email: 'anna@weber.example',
      phone: '+86 138 0013 8000',
    });
    // 23:30 UTC on 1 March: already 2 March in Shanghai, still 1 March in New York.
    await t.database.db
      .update(visitorSessions)
      .set({ lastActivity: new Date('2026-03-01T23:30:00Z') })
      .where(eq(visitorSessions.id, leadId));
  });

  it('has readable headers in the owner’s language and times in their time zone (CSV)', async () => {
    await setTimeZone('Asia/Shanghai');
    const chinese = await download('csv', 'zh-CN');
    expect(chinese.statusCode).toBe(200);
    const [header, ...rows] = csvRows(chinese.body);
    expect(header).toEqual([
      '线索编号',
      '名片',
      '姓名',
      '公司',
      '职位',
      '邮箱',
      '电话',
      '阶段',
      '优先级',
      '总分',
      '互动分',
      '意向分',
      '消息数',
      '咨询内容',
      '来源',
      '设备',
      '国家/地区',
      '最近活动（Asia/Shanghai）',
      '备注',
    ]);
    const row = rows.find((cells) => cells[0] === String(leadId))!;
    expect(row[header!.indexOf('最近活动（Asia/Shanghai）')]).toBe('2026-03-02 07:30');
    // The CSV keeps its guard against formulas: a leading + is written after an apostrophe.
    expect(row[header!.indexOf('电话')]).toBe("'+86 138 0013 8000");

    await setTimeZone('America/New_York');
    const english = csvRows((await download('csv', 'en')).body);
    expect(english[0]).toContain('Last activity (America/New_York)');
    expect(english[0]!.slice(0, 3)).toEqual(['Lead no.', 'Card', 'Name']);
    const lead = english.find((cells) => cells[0] === String(leadId))!;
    expect(lead[english[0]!.indexOf('Last activity (America/New_York)')]).toBe('2026-03-01 18:30');
    expect(lead[english[0]!.indexOf('Name')]).toBe('Anna Weber');
  });

  it('writes phone numbers as text cells without an apostrophe (XLSX)', async () => {
    await setTimeZone('Europe/Berlin');
    const response = await download('xlsx', 'zh-TW');
    expect(response.statusCode).toBe(200);
    const book = XLSX.read(response.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    const header = rows[0]!;
    expect(header).toContain('電話');
    expect(header).toContain('最近活動（Europe/Berlin）');
    const rowIndex = rows.findIndex((cells) => String(cells[0]) === String(leadId));
    const phoneCell = sheet[XLSX.utils.encode_cell({ r: rowIndex, c: header.indexOf('電話') })];
    expect(phoneCell).toMatchObject({ t: 's', v: '+86 138 0013 8000' });
    const timeCell =
      sheet[
        XLSX.utils.encode_cell({ r: rowIndex, c: header.indexOf('最近活動（Europe/Berlin）') })
      ];
    expect(timeCell?.v).toBe('2026-03-02 00:30');
  });

  it('refuses an unknown export language with 400', async () => {
    const response = await download('csv', 'fr');
    expect(response.statusCode).toBe(400);
  });
});

describe('a lead nobody can reach', () => {
  const buyerMessages = [
    'What is the price of the QB70?',
    'Can you send a quotation for 500 units?',
    'Do you send samples?',
    'What is your MOQ?',
    'What is the delivery time?',
    'Which payment terms do you accept?',
    'Can you print our logo on the pumps?',
  ];

  async function storedConversation() {
    const messages = buyerMessages.flatMap((content) => [
      { role: 'user', content, createdAt: new Date().toISOString() },
      { role: 'assistant', content: 'Thanks for asking.', createdAt: new Date().toISOString() },
    ]);
    const [row] = await t.database.db
      .insert(visitorSessions)
      .values({
        sessionToken: `no-contact-${Math.random()}`,
        businessCardId: cardId,
        messages,
        lastActivity: t.clock.now(),
      })
      .returning();
    return row!.id;
  }

  async function leadById(id: number) {
    const list = await api(t, 'GET', '/api/sales-pipeline/leads?limit=500', {
      cookie: owner.cookie,
    });
    return (list.json().leads as Array<{ visitorSessionId: number; stage: string }>).find(
      (lead) => lead.visitorSessionId === id,
    );
  }

  it('is never qualified, however much it asked; with an email it is', async () => {
    const silent = await storedConversation();
    expect(await leadById(silent)).toMatchObject({ stage: 'interested' });
    const qualifiedList = await api(t, 'GET', '/api/sales-pipeline/leads?stage=qualified', {
      cookie: owner.cookie,
    });
    expect(
      (qualifiedList.json().leads as Array<{ visitorSessionId: number }>).map(
        (l) => l.visitorSessionId,
      ),
    ).not.toContain(silent);

    // The same conversation by a buyer who left an email address is a qualified lead.
    const reachable = await paperLead({ name: 'Li Wei', email: 'li.wei@example.com' });
    await t.database.db
      .update(visitorSessions)
      .set({
        messages: buyerMessages.map((content) => ({
          role: 'user',
          content,
          createdAt: new Date().toISOString(),
        })),
        lastActivity: new Date(t.clock.now().getTime() + 1000),
      })
      .where(eq(visitorSessions.id, reachable));
    expect(await leadById(reachable)).toMatchObject({ stage: 'qualified' });
  });
});

describe('one visitor’s location', () => {
  it('is the same in the notification, the analytics and the pipeline', async () => {
    // A phone set to Berlin time, an English browser from the US, behind a proxy that says France.
    const scan = await t.app.inject({
      method: 'GET',
      url: `/api/chat/session-info/${cardId}?src=qr&tz=Europe/Berlin`,
      remoteAddress: '127.0.0.1',
      headers: { 'accept-language': 'en-US,en;q=0.9', 'cf-ipcountry': 'FR' },
    });
    expect(scan.statusCode).toBe(200);
    const cookie = `${VISITOR_COOKIE}=${scan.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
    const lead = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}/lead`,
      remoteAddress: '127.0.0.1',
      headers: {
        cookie,
        'content-type': 'application/json',
        'accept-language': 'en-US,en;q=0.9',
        'cf-ipcountry': 'FR',
      },
      payload: JSON.stringify({ name: 'Marie Dupont', email: 'marie@example.fr', consent: true }),
    });
    expect(lead.statusCode).toBe(200);

    const notifications = (
      await api(t, 'GET', '/api/notifications', { cookie: owner.cookie })
    ).json().notifications as Array<{ customerLocation: string | null; customerName?: string }>;
    const told = notifications.filter((n) => n.customerLocation !== null);
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((n) => n.customerLocation))).toEqual(new Set(['France']));

    const leads = (
      await api(t, 'GET', '/api/sales-pipeline/leads?limit=500', { cookie: owner.cookie })
    ).json().leads as Array<{
      name: string | null;
      country: string | null;
      visitorSessionId: number;
    }>;
    const inPipeline = leads.find((l) => l.name === 'Marie Dupont')!;
    expect(inPipeline.country).toBe('FR');

    const visitors = (
      await api(t, 'GET', '/api/analytics/visitors', { cookie: owner.cookie })
    ).json() as { recentSessions: Array<{ id: number; country: string | null }> };
    expect(visitors.recentSessions.find((s) => s.id === inPipeline.visitorSessionId)?.country).toBe(
      'FR',
    );
    const traffic = (await api(t, 'GET', '/api/analytics/traffic', { cookie: owner.cookie })).json()
      .locationBreakdown as Array<{ country: string | null; sessions: number }>;
    expect(traffic.find((row) => row.country === 'FR')?.sessions).toBe(1);
  });
});
