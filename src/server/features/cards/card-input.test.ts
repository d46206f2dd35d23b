import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessCards } from '#server/db/schema.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(() => t.close());

async function newCard(): Promise<number> {
  const response = await api(t, 'POST', '/api/business-card-session', {
    body: {},
    cookie: owner.cookie,
  });
  return response.json().businessCardId;
}

const storedCard = async (id: number) =>
  (await t.ctx.db.select().from(businessCards).where(eq(businessCards.id, id)))[0]!;

describe('PUT /api/business-cards/:id', () => {
  it('answers an empty edit with the unchanged card', async () => {
    const id = await newCard();
    await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { companyName: 'Hengtai Tiles', phone: '+86 757 1111' },
    });
    const before = await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie });

    const response = await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(before.json());
    expect(
      (await api(t, 'PUT', '/api/business-cards/99999999', { cookie: owner.cookie, body: {} }))
        .statusCode,
    ).toBe(404);
  });

  it('clears an optional field sent as ""', async () => {
    const id = await newCard();
    await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { companyName: 'Hengtai Tiles', address: 'Foshan', website: 'hengtai.example' },
    });
    expect(await storedCard(id)).toMatchObject({ companyName: 'Hengtai Tiles', address: 'Foshan' });

    const response = await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { address: '', website: '  ' },
    });
    expect(response.statusCode).toBe(200);
    const row = await storedCard(id);
    expect(row).toMatchObject({ companyName: 'Hengtai Tiles', address: null, website: null });
  });

  it('refuses NUL bytes and lone surrogates in any text field with a field error', async () => {
    const id = await newCard();
    for (const [field, value] of [
      ['companyName', 'Heng\u0000tai'],
      ['contactPerson', 'Li \udc00'],
      ['address', '\ud800 Foshan'],
      ['phone', '\u0000'],
      ['email', 'li\u0000@hengtai.example'],
      ['website', 'https://hengtai.example/\u0000'],
    ] as const) {
      const response = await api(t, 'PUT', `/api/business-cards/${id}`, {
        cookie: owner.cookie,
        body: { [field]: value },
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json().fields[field], field).toMatch(/characters that cannot be saved/);
    }
    const finalize = await api(t, 'POST', `/api/business-cards/${id}/finalize`, {
      cookie: owner.cookie,
      body: { cardDesign: 'x\u0000' },
    });
    expect(finalize.statusCode).toBe(400);
    expect(await storedCard(id)).toMatchObject({ companyName: null, finalizedAt: null });
  });

  it('accepts only http(s) websites, with a clear message', async () => {
    const id = await newCard();
    for (const website of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://x.example']) {
      const response = await api(t, 'PUT', `/api/business-cards/${id}`, {
        cookie: owner.cookie,
        body: { website },
      });
      expect(response.statusCode, website).toBe(400);
      expect(response.json().fields.website).toMatch(/http:\/\/ or https:\/\//);
    }
    for (const website of ['hengtai.example', 'https://hengtai.example/zh', 'www.x.example:8080']) {
      const response = await api(t, 'PUT', `/api/business-cards/${id}`, {
        cookie: owner.cookie,
        body: { website },
      });
      expect(response.statusCode, website).toBe(200);
      expect(response.json().website).toBe(website);
    }
  });
});

describe('GET /api/business-cards/:id/vcard', () => {
  it('is a 404 for a draft, except to its owner', async () => {
    const id = await newCard();
    const url = `/api/business-cards/${id}/vcard`;
    expect((await api(t, 'GET', url)).statusCode).toBe(404);
    expect((await api(t, 'GET', url, { cookie: owner.cookie })).statusCode).toBe(200);
    const stranger = await signUp(t);
    expect((await api(t, 'GET', url, { cookie: stranger.cookie })).statusCode).toBe(404);
    await api(t, 'POST', `/api/business-cards/${id}/finalize`, { cookie: owner.cookie, body: {} });
    expect((await api(t, 'GET', url)).statusCode).toBe(200);
  });

  it('writes a website as URL only when it is https', async () => {
    const id = await newCard();
    await api(t, 'POST', `/api/business-cards/${id}/finalize`, { cookie: owner.cookie, body: {} });
    const vcard = async () => (await api(t, 'GET', `/api/business-cards/${id}/vcard`)).body;

    await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { website: 'hengtai.example' },
    });
    expect(await vcard()).toContain('URL;TYPE=work:https://hengtai.example\r\n');

    // A value stored before the schema refused it (or written by anything else) stays out.
    for (const website of ['javascript:alert(document.cookie)', 'data:text/html,hi']) {
      await t.ctx.db.update(businessCards).set({ website }).where(eq(businessCards.id, id));
      const body = await vcard();
      expect(body).not.toMatch(/^URL/m);
      expect(body).not.toContain('javascript');
    }
    await t.ctx.db
      .update(businessCards)
      .set({ logoUrl: 'javascript:alert(1)' })
      .where(eq(businessCards.id, id));
    expect(await vcard()).not.toContain('PHOTO');
  });
});
