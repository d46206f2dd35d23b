import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#server/db/schema.ts';
import {
  FIXTURES,
  api,
  createTestApp,
  multipart,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';
import { storedFilesDir, storedFilesRoot } from '#server/test/stored-files.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
});
afterAll(() => t.close());

const LOGO = {
  field: 'companyLogo',
  path: path.join(FIXTURES, 'hengtai/hengtai-label.png'),
  name: 'logo.png',
};
const details = {
  username: '李嘉欣',
  companyName: 'Foshan Hengtai Ceramics',
  email: 'sales@hengtai.example',
  phone: '+86 757 8888 1234',
  website: 'https://hengtai.example',
  address: 'Nanzhuang, Foshan, Guangdong',
};

/** Uploads the sample FAQ to one of the owner's cards; returns the document id. */
async function uploadFaq(cardId: number): Promise<number> {
  const upload = await multipart(t, '/api/documents', {
    cookie: owner.cookie,
    fields: { businessCardId: String(cardId) },
    files: [
      { field: 'documents', path: path.join(FIXTURES, 'hengtai/hengtai-faq.txt'), name: 'faq.txt' },
    ],
  });
  return upload.json().documents[0].id as number;
}

async function newCard(cookie: string) {
  const response = await api(t, 'POST', '/api/business-card-session', { body: {}, cookie });
  expect(response.statusCode).toBe(201);
  return response.json().businessCardId as number;
}

describe('POST /api/business-card-session', () => {
  it('creates a draft card for the signed-in user with the stored defaults', async () => {
    const id = await newCard(owner.cookie);
    const card = (
      await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie })
    ).json();
    expect(card).toMatchObject({
      id,
      userId: owner.id,
      qrCode: `/chat/card/${id}`,
      chatUrl: `http://localhost:5000/chat/card/${id}`,
      cardTemplate: 'modern',
      primaryColor: '#3B82F6',
      secondaryColor: '#1E40AF',
      selectedAiModel: 'openai',
      recommendedAiModel: 'openai',
      cardDesign: 'default',
      aiModelAnalysis: null,
      documentCount: 0,
      finalized: false,
    });
  });

  it('needs a session', async () => {
    expect((await api(t, 'POST', '/api/business-card-session', { body: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/users (company details)', () => {
  it("saves the signed-in user's company profile and logo, ignoring any userId sent", async () => {
    const response = await multipart(t, '/api/users', {
      cookie: owner.cookie,
      fields: { ...details, userId: String(stranger.id) },
      files: [LOGO],
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({
      id: owner.id,
      companyName: 'Foshan Hengtai Ceramics',
      phone: details.phone,
    });
    expect(profile.companyLogo).toMatch(/^\/api\/files\/logos\/\d+\/[a-f0-9]{24}\.png$/);

    const logo = await t.app.inject({ method: 'GET', url: profile.companyLogo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const strangerProfile = await api(t, 'GET', `/api/users/${stranger.id}`, {
      cookie: stranger.cookie,
    });
    expect(strangerProfile.json().companyName).toBeNull();
    expect(
      (await api(t, 'GET', `/api/users/${stranger.id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
  });

  it('names each invalid field in the chosen language and stores nothing', async () => {
    const response = await multipart(t, '/api/users', {
      cookie: stranger.cookie,
      language: 'zh-CN',
      fields: { username: 'a', companyName: 'b', email: 'nope', phone: '', website: '' },
      files: [LOGO],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      username: '用户名至少2个字符',
      companyName: '公司名称至少2个字符',
      email: '请输入有效邮箱',
      phone: '请输入联系电话',
      website: '请输入公司网址',
    });
    const files = await fs.readdir(storedFilesDir(t, stranger.id, 'logos')).catch(() => []);
    expect(files).toEqual([]);
  });

  it('requires a logo and refuses a file that is not an image, whatever its name', async () => {
    const missing = await multipart(t, '/api/users', { cookie: stranger.cookie, fields: details });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ companyLogo: 'Company logo is required' });

    const fake = await multipart(t, '/api/users', {
      cookie: stranger.cookie,
      fields: details,
      files: [
        {
          field: 'companyLogo',
          path: path.join(FIXTURES, 'bad/program.docx'),
          name: 'logo.png',
          type: 'image/png',
        },
      ],
    });
    expect(fake.statusCode).toBe(415);
    expect(fake.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers 401 without a session', async () => {
    const response = await multipart(t, '/api/users', { fields: details, files: [LOGO] });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/users/upload-logo', () => {
  it('stores a logo up to 5 MB and refuses a larger one', async () => {
    const ok = await multipart(t, '/api/users/upload-logo', {
      cookie: owner.cookie,
      files: [LOGO],
    });
    expect(ok.statusCode).toBe(200);
    const me = await api(t, 'GET', '/api/auth/user', { cookie: owner.cookie });
    expect(me.json().user.companyLogo).toBe(ok.json().companyLogo);

    const big = Buffer.alloc(5 * 1024 * 1024 + 10);
    (await fs.readFile(LOGO.path)).copy(big);
    const tooBig = await multipart(t, '/api/users/upload-logo', {
      cookie: owner.cookie,
      files: [{ field: 'companyLogo', content: big, name: 'huge.png' }],
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('File is larger than 5 MB. Please upload a smaller file.');
  });
});

describe('cards of an owner', () => {
  it('creates a card from the multipart form and lists it with the owner fallback', async () => {
    const response = await multipart(t, '/api/business-cards', {
      cookie: owner.cookie,
      fields: {
        template: 'modern',
        includeQR: 'true',
        companyName: 'Hengtai Export',
        contactName: 'Li Jiaxin',
        email: '',
        phone: '+86 757 1111',
        website: 'https://hengtai.example',
        address: '',
      },
      files: [LOGO],
    });
    expect(response.statusCode).toBe(201);
    const card = response.json();
    expect(card).toMatchObject({
      companyName: 'Hengtai Export',
      contactPerson: 'Li Jiaxin',
      cardTemplate: 'modern',
    });
    expect(card.email).toBe(owner.email);
    expect(card.logoUrl).toMatch(/^\/api\/files\/logos\//);

    const list = await api(t, 'GET', '/api/business-cards', { cookie: owner.cookie });
    expect(list.json().map((c: { id: number }) => c.id)).toContain(card.id);
    const strangerList = await api(t, 'GET', '/api/business-cards', { cookie: stranger.cookie });
    expect(strangerList.json().map((c: { id: number }) => c.id)).not.toContain(card.id);
  });

  it('saves a template edit, a model choice and the finalize step', async () => {
    const id = await newCard(owner.cookie);
    const edited = await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { cardTemplate: 'chinese', primaryColor: '#B91C1C' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ cardTemplate: 'chinese', primaryColor: '#B91C1C' });

    const bad = await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { cardTemplate: 'comic-sans' },
    });
    expect(bad.statusCode).toBe(400);

    const model = await api(t, 'PUT', `/api/business-cards/${id}/ai-model`, {
      cookie: owner.cookie,
      body: { selectedAiModel: 'deepseek' },
    });
    expect(model.json().selectedAiModel).toBe('deepseek');

    const final = await api(t, 'POST', `/api/business-cards/${id}/finalize`, {
      cookie: owner.cookie,
      body: { cardDesign: 'default' },
    });
    expect(final.json()).toMatchObject({ finalized: true, cardDesign: 'default' });
    const again = await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie });
    expect(again.json()).toMatchObject({
      cardTemplate: 'chinese',
      selectedAiModel: 'deepseek',
      finalized: true,
    });
  });

  it("answers 404 on every route for another owner's card and changes nothing", async () => {
    const id = await newCard(owner.cookie);
    const cookie = stranger.cookie;
    const attempts = [
      api(t, 'GET', `/api/business-cards/${id}`, { cookie }),
      api(t, 'PUT', `/api/business-cards/${id}`, { cookie, body: { cardTemplate: 'tech' } }),
      api(t, 'PUT', `/api/business-cards/${id}/ai-model`, {
        cookie,
        body: { selectedAiModel: 'deepseek' },
      }),
      api(t, 'POST', `/api/business-cards/${id}/finalize`, { cookie, body: { cardDesign: 'x' } }),
      api(t, 'GET', `/api/business-cards/${id}/documents`, { cookie }),
      api(t, 'DELETE', `/api/business-cards/${id}`, { cookie }),
      multipart(t, '/api/documents', {
        cookie,
        fields: { businessCardId: String(id) },
        files: [
          {
            field: 'documents',
            path: path.join(FIXTURES, 'hengtai/hengtai-faq.txt'),
            name: 'faq.txt',
          },
        ],
      }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const card = await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie });
    expect(card.json()).toMatchObject({
      cardTemplate: 'modern',
      selectedAiModel: 'openai',
      finalized: false,
    });
    expect(await fs.readdir(storedFilesDir(t, stranger.id, 'documents')).catch(() => [])).toEqual(
      [],
    );
  });

  it('rejects non-numeric and out-of-range ids with 400, never 500', async () => {
    for (const id of ['abc', '-1', '99999999999999', '1.5']) {
      const response = await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie });
      expect(response.statusCode).toBe(400);
    }
  });

  it('deletes a card with its documents and their files when asked', async () => {
    const id = await newCard(owner.cookie);
    const documentId = await uploadFaq(id);
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, documentId));
    const stored = path.join(storedFilesRoot(t), row!.storagePath!);
    await fs.access(stored);
    const response = await api(t, 'DELETE', `/api/business-cards/${id}?deleteDocuments=true`, {
      cookie: owner.cookie,
    });
    expect(response.statusCode).toBe(200);
    expect(
      (await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie })).statusCode,
    ).toBe(404);
    expect(await t.ctx.db.select().from(documents).where(eq(documents.id, documentId))).toEqual([]);
    await expect(fs.access(stored)).rejects.toThrow();
  });

  it('keeps the documents in the library when the card goes alone', async () => {
    const id = await newCard(owner.cookie);
    const documentId = await uploadFaq(id);
    await api(t, 'DELETE', `/api/business-cards/${id}`, { cookie: owner.cookie });
    const library = await api(t, 'GET', `/api/users/${owner.id}/documents`, {
      cookie: owner.cookie,
    });
    expect(library.json().find((d: { id: number }) => d.id === documentId)).toMatchObject({
      businessCardId: null,
    });
  });
});

describe('GET /api/business-cards/:id/vcard', () => {
  it('is public and carries the contact details as vCard 4.0', async () => {
    const response = await multipart(t, '/api/business-cards', {
      cookie: owner.cookie,
      fields: {
        companyName: 'Hengtai; Tiles, Ltd',
        contactName: 'Li Jiaxin',
        phone: '+86 757 1111',
        website: 'https://hengtai.example',
      },
    });
    const id = response.json().id;
    await api(t, 'POST', `/api/business-cards/${id}/finalize`, { body: {}, cookie: owner.cookie });
    const vcard = await t.app.inject({ method: 'GET', url: `/api/business-cards/${id}/vcard` });
    expect(vcard.statusCode).toBe(200);
    expect(vcard.headers['content-type']).toContain('text/vcard');
    expect(vcard.body).toContain('BEGIN:VCARD\r\nVERSION:4.0\r\n');
    expect(vcard.body).toContain('FN:Li Jiaxin');
    // A Chinese name in pinyin keeps its surname first.
    expect(vcard.body).toContain('N:Li;Jiaxin;;;');
    expect(vcard.body).toContain('ORG:Hengtai\\; Tiles\\, Ltd');
    expect(vcard.body).toContain('TEL;VALUE=uri;TYPE="work,voice":tel:+867571111');
    expect(vcard.body).toContain(`chat/card/${id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/business-cards/999999/vcard' })).statusCode,
    ).toBe(404);
  });
});
