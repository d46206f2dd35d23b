import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { startFakeOpenAi, type FakeOpenAi } from '#server/ai/test-support/fake-openai.ts';
import { businessCards, visitorProfiles, visitorSessions } from '#server/db/schema.ts';
import { MAIL_LIMITS } from '#server/lib/mail-limits.ts';
import { createRedisClient } from '#server/lib/redis.ts';
import { readOutbox, type StoredMail } from '#server/test/mail-outbox.ts';
import {
  addDocuments,
  api,
  createTestApp,
  deliverMail,
  freshAddress,
  newCard,
  PUBLIC_URL,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * An owner's follow-up mail is not a relay: it comes from our MAIL_FROM address under the
 * exhibitor's name, answers go to the owner's verified address, and owners and recipients have
 * a budget (MAIL_LIMITS), shared by every instance through Redis when it is configured.
 */

type Owner = Awaited<ReturnType<typeof signUp>>;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addressCounter = 0;
/** A recipient address no other test of this run mails. */
function freshRecipient(name = 'buyer'): string {
  addressCounter += 1;
  return `${name}${addressCounter}.${process.pid}.${Date.now().toString(36)}@example.com`;
}

/** A signed-up owner with a finished card of `company`, shown by `person`. */
async function ownerWithCard(
  app: TestApp,
  company: string | null = 'Aqualux Pumps',
  person: string | null = 'Li Wei',
) {
  const owner = await signUp(app);
  const cardId = await newCard(app, owner.cookie);
  await app.database.db
    .update(businessCards)
    .set({ companyName: company, contactPerson: person })
    .where(eq(businessCards.id, cardId));
  return { owner, cardId };
}

/** A lead typed in from a paper card: the owner can mail it. */
async function paperLead(app: TestApp, owner: Owner, cardId: number, email: string) {
  const response = await api(app, 'POST', '/api/sales-pipeline/leads', {
    cookie: owner.cookie,
    body: { businessCardId: cardId, name: 'Anna Weber', email },
  });
  expect(response.statusCode).toBe(201);
  return response.json().visitorSessionId as number;
}

function sendFollowUp(app: TestApp, owner: Owner, leadId: number) {
  return api(app, 'POST', `/api/sales-pipeline/leads/${leadId}/follow-up`, {
    cookie: owner.cookie,
    body: { subject: 'Your enquiry at the fair', body: 'Here is our price list.' },
  });
}

async function mailsTo(app: TestApp, address: string): Promise<StoredMail[]> {
  await deliverMail(app);
  const outbox = await readOutbox(path.join(app.dataDir, 'mail'));
  return outbox.filter((mail) => mail.to.toLowerCase() === address.toLowerCase());
}

describe('follow-up mail sender', () => {
  it('shows the company and person as sender name on MAIL_FROM, with Reply-To the owner’s verified email', async () => {
    const { owner, cardId } = await ownerWithCard(t, 'Aqualux Pumps', 'Li Wei');
    const recipient = freshRecipient();
    const leadId = await paperLead(t, owner, cardId, recipient);

    expect((await sendFollowUp(t, owner, leadId)).statusCode).toBe(200);

    const [mail] = await mailsTo(t, recipient);
    expect(mail?.from).toEqual({
      name: 'Aqualux Pumps – Li Wei',
      address: 'no-reply@docucard.local',
    });
    expect(mail?.replyTo).toBe(owner.email);
    expect(mail?.subject).toBe('Your enquiry at the fair');
  });

  it('keeps CR/LF in a company name from adding headers, and quotes in names intact', async () => {
    const { owner, cardId } = await ownerWithCard(
      t,
      'Evil Co\r\nBcc: victim@example.org\r\nX-Injected: yes',
      'Li "The Boss" Wei',
    );
    const recipient = freshRecipient();
    const leadId = await paperLead(t, owner, cardId, recipient);

    expect((await sendFollowUp(t, owner, leadId)).statusCode).toBe(200);

    const [mail] = await mailsTo(t, recipient);
    expect(mail?.from).toEqual({
      name: 'Evil Co Bcc: victim@example.org X-Injected: yes – Li "The Boss" Wei',
      address: 'no-reply@docucard.local',
    });
    const raw = await fs.readFile(mail!.file, 'utf8');
    const headers = raw.slice(0, raw.indexOf('\n\n'));
    expect(headers).not.toMatch(/^bcc:/im);
    expect(headers).not.toMatch(/^x-injected:/im);
    expect(mail?.to).toBe(recipient);
  });
});

/**
 * A buyer on the card's chat page in `language`: asks `questions` (each answered by the real
 * assistant from the card's documents), then leaves name and email on the lead form.
 */
async function buyerChats(
  app: TestApp,
  cardId: number,
  language: string,
  questions: string[],
  lead: { name: string; email: string },
) {
  const remoteAddress = freshAddress();
  const headers = { 'x-language': language };
  const info = await app.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}?tz=Europe/Berlin`,
    remoteAddress,
    headers,
  });
  expect(info.statusCode).toBe(200);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const post = (url: string, body: object) =>
    app.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { ...headers, cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const answers: Array<{ message: string; citations: Array<{ documentName: string }> }> = [];
  for (const message of questions) {
    const response = await post(`/api/chat/${cardId}`, { message });
    expect(response.statusCode).toBe(200);
    answers.push(response.json());
  }
  const saved = await post(`/api/chat/${cardId}/lead`, { ...lead, consent: true });
  expect(saved.statusCode).toBe(200);
  return answers;
}

async function leadIdOf(app: TestApp, owner: Owner, email: string): Promise<number> {
  const list = await api(app, 'GET', '/api/sales-pipeline/leads', { cookie: owner.cookie });
  const lead = (list.json().leads as Array<{ email: string; visitorSessionId: number }>).find(
    (l) => l.email === email,
  );
  return lead!.visitorSessionId;
}

describe('follow-up mail content', () => {
  let pumps: { owner: Owner; cardId: number };
  beforeAll(async () => {
    pumps = await ownerWithCard(t, 'Taizhou Qianbo Pump', 'Wang Xiaomei');
    await addDocuments(t, pumps.owner.cookie, pumps.cardId, [
      'pumps/catalogue-en.txt',
      'pumps/faq-en.txt',
      'pumps/price-list-zh.csv',
    ]);
  });

  it('quotes what the buyer asked and was answered, with figures and sources, and sends exactly the draft', async () => {
    const recipient = freshRecipient('anna');
    const [price, port, office] = await buyerChats(
      t,
      pumps.cardId,
      'en',
      [
        'What is the price of the QB70 pump?',
        'Which port do you ship from?',
        'Do you have a sales office in Brazil?',
      ],
      { name: 'Anna Weber', email: recipient },
    );
    expect(price!.message).toContain('USD 46');
    expect(price!.citations.length).toBeGreaterThan(0);
    expect(office!.citations).toEqual([]);
    const leadId = await leadIdOf(t, pumps.owner, recipient);

    const draftResponse = await api(t, 'GET', `/api/sales-pipeline/leads/${leadId}/follow-up`, {
      cookie: pumps.owner.cookie,
    });
    expect(draftResponse.statusCode).toBe(200);
    const draft = draftResponse.json();
    expect(draft).toMatchObject({
      to: recipient,
      senderName: 'Taizhou Qianbo Pump – Wang Xiaomei',
      replyTo: pumps.owner.email,
      language: 'en',
      subject: 'Following up from Taizhou Qianbo Pump',
    });
    const body = draft.body as string;
    expect(body).toMatch(/^Dear Anna Weber,\n/);
    // Each question, then the answer as the buyer was given it (its figure) and its source.
    expect(body).toContain('Your question: What is the price of the QB70 pump?\nOur answer: ');
    const priceAnswer = body.slice(
      body.indexOf('QB70 pump?'),
      body.indexOf('Your question: Which'),
    );
    expect(priceAnswer).toContain('USD 46');
    expect(body).not.toMatch(/\[\d+\]/);
    expect(priceAnswer).toMatch(/Source: .*price-list-zh\.csv/);
    const portAnswer = body.slice(
      body.indexOf('Which port'),
      body.indexOf('Your question: Do you'),
    );
    expect(portAnswer).toContain('Ningbo');
    expect(portAnswer).toMatch(/Source: .*faq-en\.txt/);
    expect(port!.message).toContain('Ningbo');
    // Nothing answered the third: it is promised personally, not presented as answered.
    expect(body).toContain(
      'Your question: Do you have a sales office in Brazil?\nOur documents do not answer this yet; we will answer it personally.',
    );
    expect(body).toContain(`${PUBLIC_URL}/chat/card/${pumps.cardId}`);
    expect(body).not.toMatch(/prepared the details/);
    expect(body).toMatch(/Best regards,\nWang Xiaomei\nTaizhou Qianbo Pump$/);

    const sent = await api(t, 'POST', `/api/sales-pipeline/leads/${leadId}/follow-up`, {
      cookie: pumps.owner.cookie,
      body: { subject: draft.subject, body: draft.body },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await mailsTo(t, recipient);
    expect(mail).toMatchObject({
      from: { name: 'Taizhou Qianbo Pump – Wang Xiaomei', address: 'no-reply@docucard.local' },
      replyTo: pumps.owner.email,
      subject: draft.subject,
    });
    expect(mail!.text.trim()).toBe(body);
  });

  it('writes to a buyer who asked in Chinese in Chinese', async () => {
    const recipient = freshRecipient('wang');
    const [answer] = await buyerChats(t, pumps.cardId, 'en', ['旋涡泵QB60的单价是多少？'], {
      name: '王先生',
      email: recipient,
    });
    expect(answer!.message).toContain('38');
    const leadId = await leadIdOf(t, pumps.owner, recipient);

    const draft = (
      await api(t, 'GET', `/api/sales-pipeline/leads/${leadId}/follow-up`, {
        cookie: pumps.owner.cookie,
      })
    ).json();
    expect(draft.language).toBe('zh-CN');
    expect(draft.subject).toBe('来自 Taizhou Qianbo Pump 的跟进');
    expect(draft.body).toMatch(/^王先生，您好：\n/);
    expect(draft.body).toContain('您的问题：旋涡泵QB60的单价是多少？\n我们的回答：');
    expect(draft.body).toContain('38');
    expect(draft.body).toMatch(/来源：.*price-list-zh\.csv/);
    expect(draft.body).toContain(`我们的名片，您可随时在此继续提问：${PUBLIC_URL}/chat/card/`);
    expect(draft.body).not.toMatch(/整理好相关资料/);
  });

  it('answers 404 for another owner’s lead and sends nothing', async () => {
    const recipient = freshRecipient();
    const leadId = await paperLead(t, pumps.owner, pumps.cardId, recipient);
    const stranger = await signUp(t);
    const draft = await api(t, 'GET', `/api/sales-pipeline/leads/${leadId}/follow-up`, {
      cookie: stranger.cookie,
    });
    expect(draft.statusCode).toBe(404);
    expect((await sendFollowUp(t, stranger, leadId)).statusCode).toBe(404);
    expect(await mailsTo(t, recipient)).toEqual([]);
  });
});

/**
 * A stored conversation (as the chat writes it) of a buyer who asked in English and got one
 * answer quoted from a Chinese price list in Chinese, one in English.
 */
async function mixedLanguageConversation(app: TestApp, cardId: number) {
  const at = new Date().toISOString();
  const [session] = await app.database.db
    .insert(visitorSessions)
    .values({
      sessionToken: `mixed-${process.pid}-${Math.random()}`,
      businessCardId: cardId,
      language: 'en',
      lastActivity: app.clock.now(),
      messages: [
        { role: 'user', content: 'What is the unit price of the QB60?', createdAt: at },
        {
          role: 'assistant',
          content: '旋涡泵 QB60：单价 38 美元；起订量 100 台。',
          citations: [{ documentName: 'price-list-zh.csv', page: 1, excerpt: 'QB60 旋涡泵' }],
          createdAt: at,
        },
        { role: 'user', content: 'Which port do you ship from?', createdAt: at },
        {
          role: 'assistant',
          content: 'We ship from Ningbo or Shanghai.',
          citations: [{ documentName: 'faq-en.txt', page: null, excerpt: 'We ship from Ningbo' }],
          createdAt: at,
        },
      ],
    })
    .returning({ id: visitorSessions.id });
  await app.database.db.insert(visitorProfiles).values({
    visitorSessionId: session!.id,
    businessCardId: cardId,
    name: 'Anna Weber',
    email: freshRecipient('mixed'),
  });
  return session!.id;
}

async function draftBody(app: TestApp, owner: Owner, leadId: number): Promise<string> {
  const draft = await api(app, 'GET', `/api/sales-pipeline/leads/${leadId}/follow-up`, {
    cookie: owner.cookie,
  });
  expect(draft.statusCode).toBe(200);
  expect(draft.json().language).toBe('en');
  return draft.json().body as string;
}

describe('an answer in another language than the buyer’s', () => {
  let fake: FakeOpenAi;
  let p: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    p = await createTestApp({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-gpt' },
    });
  });
  afterAll(async () => {
    await p?.close();
    await fake?.close();
  });

  it('is translated through the provider, figures kept, the buyer’s own language untouched', async () => {
    const { owner, cardId } = await ownerWithCard(p);
    const leadId = await mixedLanguageConversation(p, cardId);
    const before = fake.requests.length;
    fake.respond({ kind: 'answer', text: 'QB60 vortex pump: unit price USD 38; MOQ 100 units.' });

    const body = await draftBody(p, owner, leadId);
    expect(body).toContain(
      'Our answer: QB60 vortex pump: unit price USD 38; MOQ 100 units.\nSource: price-list-zh.csv, page 1',
    );
    expect(body).toContain('Our answer: We ship from Ningbo or Shanghai.\nSource: faq-en.txt');
    // Only the Chinese answer went to the model, as data to translate into English.
    expect(fake.requests).toHaveLength(before + 1);
    const sent = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(sent).toContain('English');
    expect(sent).toContain('单价 38 美元');
  });

  it('is quoted as given when the provider fails', async () => {
    const { owner, cardId } = await ownerWithCard(p);
    const leadId = await mixedLanguageConversation(p, cardId);
    fake.respond({ kind: 'status', status: 500 });
    expect(await draftBody(p, owner, leadId)).toContain(
      'Our answer: 旋涡泵 QB60：单价 38 美元；起订量 100 台。',
    );
  });

  it('is quoted as given without a provider', async () => {
    const { owner, cardId } = await ownerWithCard(t);
    const leadId = await mixedLanguageConversation(t, cardId);
    expect(await draftBody(t, owner, leadId)).toContain(
      'Our answer: 旋涡泵 QB60：单价 38 美元；起订量 100 台。\nSource: price-list-zh.csv, page 1',
    );
  });
});

describe('follow-up mail limits', () => {
  it(`answers the ${MAIL_LIMITS.ownerMailsPerHour + 1}st follow-up of an owner within an hour with 429 and the time to wait, and sends nothing`, async () => {
    const { owner, cardId } = await ownerWithCard(t);
    const recipients = Array.from({ length: MAIL_LIMITS.ownerMailsPerHour + 1 }, () =>
      freshRecipient(),
    );
    const leads: number[] = [];
    for (const recipient of recipients) leads.push(await paperLead(t, owner, cardId, recipient));

    for (const leadId of leads.slice(0, MAIL_LIMITS.ownerMailsPerHour)) {
      expect((await sendFollowUp(t, owner, leadId)).statusCode).toBe(200);
    }
    const refused = await sendFollowUp(t, owner, leads.at(-1)!);

    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().error).toMatch(
      /^You can send at most 20 emails an hour\. Please try again in (\d+ min|1 h)\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3_000);
    expect(retryAfter).toBeLessThanOrEqual(3_600);
    expect(await mailsTo(t, recipients.at(-1)!)).toEqual([]);

    // The refused mail spent nothing of its recipient's budget: another owner reaches it 3 times.
    const other = await ownerWithCard(t, 'Second Exhibitor', null);
    const sameRecipient = await paperLead(t, other.owner, other.cardId, recipients.at(-1)!);
    for (let i = 0; i < MAIL_LIMITS.recipientMailsPerDay; i++) {
      expect((await sendFollowUp(t, other.owner, sameRecipient)).statusCode).toBe(200);
    }
  });

  it(`answers the ${MAIL_LIMITS.recipientMailsPerDay + 1}th follow-up to one recipient within a day with 429 and the time to wait, and sends nothing`, async () => {
    const { owner, cardId } = await ownerWithCard(t);
    const recipient = freshRecipient();
    const leadId = await paperLead(t, owner, cardId, recipient);

    for (let i = 0; i < MAIL_LIMITS.recipientMailsPerDay; i++) {
      expect((await sendFollowUp(t, owner, leadId)).statusCode).toBe(200);
    }
    const refused = await sendFollowUp(t, owner, leadId);

    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(refused.json().error).toMatch(
      /^This address can receive at most 3 emails a day from DocuCard\. Please try again in 2[34] h( \d+ min)?\.$/,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3_600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3_600);
    expect(await mailsTo(t, recipient)).toHaveLength(MAIL_LIMITS.recipientMailsPerDay);

    // The owner's own budget was not spent by the refusal: another recipient is still reached.
    const otherLead = await paperLead(t, owner, cardId, freshRecipient());
    expect((await sendFollowUp(t, owner, otherLead)).statusCode).toBe(200);
  });

  it('counts one recipient across owners, letter case and +tags', async () => {
    const recipient = freshRecipient('mia');
    const [local, domain] = recipient.split('@') as [string, string];
    const first = await ownerWithCard(t);
    const second = await ownerWithCard(t, 'Other Booth', null);
    const leadOfFirst = await paperLead(t, first.owner, first.cardId, recipient);
    const leadOfSecond = await paperLead(
      t,
      second.owner,
      second.cardId,
      `${local.toUpperCase()}+fair@${domain}`,
    );

    expect((await sendFollowUp(t, first.owner, leadOfFirst)).statusCode).toBe(200);
    expect((await sendFollowUp(t, second.owner, leadOfSecond)).statusCode).toBe(200);
    expect((await sendFollowUp(t, first.owner, leadOfFirst)).statusCode).toBe(200);
    const refused = await sendFollowUp(t, second.owner, leadOfSecond);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatch(/at most 3 emails a day/);
  });
});

/*
 * Two instances on one database and one Redis (runs where TEST_REDIS_URL is set): the budgets
 * are one, wherever the requests land.
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('follow-up mail limits on two instances sharing Redis', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps.reverse()) await app.close();
  });

  it('spend one budget per recipient on both instances', async () => {
    const a = await createTestApp({ env: { REDIS_URL: redisUrl! } });
    apps.push(a);
    const b = await createTestApp({ env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    apps.push(b);
    const { owner, cardId } = await ownerWithCard(a);
    // Account ids start again in every fresh test database: forget this id's earlier runs.
    const redis = createRedisClient(redisUrl!, {});
    try {
      const stale = await redis.keys(`docucard-rate:*mail-owner:user:${owner.id}`);
      if (stale.length > 0) await redis.del(...stale);
    } finally {
      redis.disconnect();
    }
    const recipient = freshRecipient();
    const leadId = await paperLead(a, owner, cardId, recipient);

    for (const app of [a, b, a]) {
      expect((await sendFollowUp(app, owner, leadId)).statusCode).toBe(200);
    }
    for (const app of [b, a]) {
      const refused = await sendFollowUp(app, owner, leadId);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatch(/at most 3 emails a day/);
    }
  });
});
