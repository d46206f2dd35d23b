import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let draftId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  const created = await multipart(t, '/api/business-cards', {
    cookie: owner.cookie,
    fields: { companyName: '恒泰陶瓷 Hengtai Ceramics', email: 'sales@hengtai.example' },
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
  const final = await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, {
    body: {},
    cookie: owner.cookie,
  });
  expect(final.statusCode).toBe(200);
  const draft = await api(t, 'POST', '/api/business-card-session', {
    body: {},
    cookie: owner.cookie,
  });
  draftId = draft.json().businessCardId as number;
});
afterAll(() => t.close());

const chatUrl = () => `${PUBLIC_URL}/chat/card/${cardId}?src=qr`;

function decodePng(bytes: Buffer): { width: number; height: number; text: string | null } {
  const png = PNG.sync.read(bytes);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  return { width: png.width, height: png.height, text: code?.data ?? null };
}

describe('printable QR codes', () => {
  it('serves a PNG of the requested size that a phone decodes to the chat URL with ?src=qr', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/business-cards/${cardId}/qr.png?size=512`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".+-512\.png"/);
    const decoded = decodePng(response.rawPayload);
    expect(decoded).toEqual({ width: 512, height: 512, text: chatUrl() });
  });

  it('defaults to 1024 px and refuses sizes outside 256–4096 with a readable message', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/business-cards/${cardId}/qr.png`,
      headers: { cookie: owner.cookie },
    });
    expect(decodePng(plain.rawPayload).width).toBe(1024);
    for (const size of ['100', '5000', 'big', '300.5']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/business-cards/${cardId}/qr.png?size=${size}`,
        headers: { cookie: owner.cookie, 'accept-language': 'en' },
      });
      expect(response.statusCode, size).toBe(400);
      expect(JSON.stringify(response.json())).toContain('256');
    }
  });

  it('serves an SVG with a download name from the company name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/business-cards/${cardId}/qr.svg`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg[^>]+viewBox/);
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('恒泰陶瓷-Hengtai-Ceramics-qr.svg')}`,
    );
  });

  it('serves a two-page PDF (A6 tent, A4 poster) with the company, the caption and the short link', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/business-cards/${cardId}/qr.pdf`,
      headers: { cookie: owner.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
    expect(pdf.numPages).toBe(2);
    const a6 = (await pdf.getPage(1)).view;
    const a4 = (await pdf.getPage(2)).view;
    expect(Math.round(a6[2]!)).toBe(298);
    expect(Math.round(a4[3]!)).toBe(842);
    const { text } = await extractText(pdf, { mergePages: false });
    for (const page of text as string[]) {
      expect(page).toContain('恒泰陶瓷 Hengtai Ceramics');
      expect(page).toContain('扫码咨询');
      expect(page).toContain(`localhost:5000/chat/card/${cardId}`);
    }
  });

  it('is the owner’s only: another owner and a visitor get 404 / 401, a draft gets 409', async () => {
    for (const format of ['qr.svg', 'qr.png', 'qr.pdf']) {
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/business-cards/${cardId}/${format}`,
        headers: { cookie: stranger.cookie },
      });
      expect(foreign.statusCode, format).toBe(404);
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/business-cards/${cardId}/${format}`,
      });
      expect(anonymous.statusCode, format).toBe(401);
      const draft = await t.app.inject({
        method: 'GET',
        url: `/api/business-cards/${draftId}/${format}`,
        headers: { cookie: owner.cookie, 'accept-language': 'en' },
      });
      expect(draft.statusCode, format).toBe(409);
      expect(draft.json().error).toMatch(/draft/i);
    }
  });
});
