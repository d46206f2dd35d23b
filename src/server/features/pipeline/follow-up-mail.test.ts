import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCards } from '#server/db/schema.ts';
import { MAIL_LIMITS } from '#server/lib/mail-limits.ts';
import { createRedisClient } from '#server/lib/redis.ts';
import { readOutbox, type StoredMail } from '#server/test/mail-outbox.ts';
import {
  api,
  createTestApp,
  deliverMail,
  newCard,
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
