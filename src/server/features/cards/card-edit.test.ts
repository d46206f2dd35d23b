import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MAX_BYTES } from '#shared/schemas/cards.ts';
import {
  FIXTURES,
  api,
  createTestApp,
  multipart,
  signUp,
  type TestApp,
} from '#server/test/test-app.ts';

/*
 * Every company and contact field of a finished card can be edited, plus job
 * title, WeChat ID, WhatsApp and LinkedIn; they reach the chat header and the vCard.
 */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(() => t.close());

async function finishedCard(): Promise<number> {
  const id = (
    await api(t, 'POST', '/api/business-card-session', { body: {}, cookie: owner.cookie })
  ).json().businessCardId as number;
  await api(t, 'POST', `/api/business-cards/${id}/finalize`, { body: {}, cookie: owner.cookie });
  return id;
}

const edit = (id: number, body: unknown, cookie = owner.cookie) =>
  api(t, 'PUT', `/api/business-cards/${id}`, { cookie, body });

const FULL = {
  companyName: 'Foshan Hengtai Ceramics',
  contactPerson: '李嘉欣',
  jobTitle: 'Export Sales Manager',
  email: 'Sales@Hengtai.example',
  phone: '+86 757 8888 1234',
  website: 'hengtai.example',
  address: 'Nanzhuang, Foshan, Guangdong',
  wechatId: 'hengtai_li',
  whatsapp: '+86 138-1234 5678',
  linkedinUrl: 'https://www.linkedin.com/in/li-jiaxin',
};

describe('PUT /api/business-cards/:id on a finished card', () => {
  it('saves every company and contact field, normalising email and WhatsApp', async () => {
    const id = await finishedCard();
    const response = await edit(id, FULL);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ...FULL,
      email: 'sales@hengtai.example',
      whatsapp: '+8613812345678',
      finalized: true,
    });
    const again = (
      await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie })
    ).json();
    expect(again.jobTitle).toBe('Export Sales Manager');
    expect(again.wechatId).toBe('hengtai_li');
  });

  it("clears a field with '' and leaves absent fields alone", async () => {
    const id = await finishedCard();
    await edit(id, FULL);
    const cleared = await edit(id, { jobTitle: '', wechatId: '  ', whatsapp: '', linkedinUrl: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({
      jobTitle: null,
      wechatId: null,
      whatsapp: null,
      linkedinUrl: null,
      companyName: FULL.companyName,
      phone: FULL.phone,
    });
    // A cleared company name falls back to the owner's profile (here: none).
    const company = await edit(id, { companyName: '' });
    expect(company.json().companyName).toBeNull();
  });

  it('refuses a LinkedIn address that is not https on linkedin.com, naming the field', async () => {
    const id = await finishedCard();
    await edit(id, FULL);
    for (const linkedinUrl of [
      'http://www.linkedin.com/in/li',
      'https://linkedin.com.evil.example/in/li',
      'https://www.example.com/in/li',
      'javascript:alert(1)',
      'https://user:pw@www.linkedin.com/in/li',
    ]) {
      const response = await edit(id, { linkedinUrl });
      expect(response.statusCode, linkedinUrl).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().fields.linkedinUrl).toMatch(/https:\/\/www\.linkedin\.com/);
    }
    // Nothing changed.
    const card = (
      await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie })
    ).json();
    expect(card.linkedinUrl).toBe(FULL.linkedinUrl);
    // A bare address gets https:// in front; a country subdomain is LinkedIn too.
    expect(
      (await edit(id, { linkedinUrl: 'linkedin.com/company/hengtai' })).json().linkedinUrl,
    ).toBe('https://linkedin.com/company/hengtai');
    expect((await edit(id, { linkedinUrl: 'https://cn.linkedin.com/in/li' })).statusCode).toBe(200);
  });

  it('refuses a WhatsApp value that is not a phone number and a WeChat ID with spaces', async () => {
    const id = await finishedCard();
    for (const whatsapp of ['call me', '12345', '+86 138 1234 5678 9999 1']) {
      const response = await edit(id, { whatsapp }, owner.cookie);
      expect(response.statusCode, whatsapp).toBe(400);
      expect(response.json().fields.whatsapp).toMatch(/country code/);
    }
    expect((await edit(id, { whatsapp: '0049 30 1234567' })).json().whatsapp).toBe('+49301234567');
    const wechat = await api(t, 'PUT', `/api/business-cards/${id}`, {
      cookie: owner.cookie,
      body: { wechatId: 'li jia xin' },
      language: 'zh-CN',
    });
    expect(wechat.statusCode).toBe(400);
    expect(wechat.json().fields.wechatId).toMatch(/微信号/);
  });

  it("keeps the wizard's rules for the wizard's fields", async () => {
    const id = await finishedCard();
    const response = await edit(id, { companyName: 'X', email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['companyName', 'email']);
  });

  it("answers 404 for another owner's card and changes nothing", async () => {
    const id = await finishedCard();
    const stranger = await signUp(t);
    expect((await edit(id, { jobTitle: 'Boss' }, stranger.cookie)).statusCode).toBe(404);
    const card = (
      await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie })
    ).json();
    expect(card.jobTitle).toBeNull();
  });
});

describe('the new fields in the chat header', () => {
  it('session-info returns job title, WeChat, WhatsApp and LinkedIn', async () => {
    const id = await finishedCard();
    await edit(id, FULL);
    const info = (
      await t.app.inject({ method: 'GET', url: `/api/chat/session-info/${id}` })
    ).json();
    expect(info).toMatchObject({
      username: '李嘉欣',
      companyName: FULL.companyName,
      jobTitle: FULL.jobTitle,
      wechatId: 'hengtai_li',
      whatsapp: '+8613812345678',
      linkedinUrl: FULL.linkedinUrl,
    });
  });
});

describe('GET /api/business-cards/:id/vcard', () => {
  const vcard = (id: number, acceptLanguage: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/business-cards/${id}/vcard`,
      headers: { 'accept-language': acceptLanguage },
    });

  it('is a vCard 4.0 with N, TITLE, IMPP for WeChat and WhatsApp, https URLs and a localised note', async () => {
    const id = await finishedCard();
    await edit(id, FULL);
    const response = await vcard(id, 'zh-CN,zh;q=0.9,en;q=0.8');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/vcard');
    const lines = response.body.replace(/\r\n /g, '').split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCARD');
    expect(lines[1]).toBe('VERSION:4.0');
    expect(lines).toContain('FN:李嘉欣');
    expect(lines).toContain('N:李;嘉欣;;;');
    expect(lines).toContain('ORG:Foshan Hengtai Ceramics');
    expect(lines).toContain('TITLE:Export Sales Manager');
    expect(lines).toContain('TEL;VALUE=uri;TYPE="work,voice":tel:+8675788881234');
    expect(lines).toContain('EMAIL;TYPE=work:sales@hengtai.example');
    expect(lines).toContain('URL;TYPE=work:https://hengtai.example');
    expect(lines).toContain('URL;TYPE=linkedin:https://www.linkedin.com/in/li-jiaxin');
    expect(lines).toContain('IMPP;PREF=1:weixin:hengtai_li');
    expect(lines).toContain('IMPP:whatsapp:+8613812345678');
    expect(lines).toContain(`NOTE:展位结识 · 在线咨询：http://localhost:5000/chat/card/${id}`);
    expect(lines.at(-2)).toBe('END:VCARD');
    // Every physical line is at most 75 octets.
    for (const line of response.body.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    }

    const english = (await vcard(id, 'en-US,en;q=0.9')).body;
    expect(english.replace(/\r\n /g, '')).toContain(
      `NOTE:Met at the booth · chat: http://localhost:5000/chat/card/${id}`,
    );
    const traditional = (await vcard(id, 'zh-TW')).body;
    expect(traditional.replace(/\r\n /g, '')).toContain('NOTE:展位結識 · 線上諮詢：');
  });

  it('splits a Latin name into given and family names, a compound surname as one', async () => {
    const id = await finishedCard();
    await edit(id, { contactPerson: 'Anna Maria Schmidt' });
    expect((await vcard(id, 'en')).body).toContain('N:Schmidt;Anna Maria;;;');
    await edit(id, { contactPerson: '欧阳明远' });
    expect((await vcard(id, 'en')).body).toContain('N:欧阳;明远;;;');
  });

  it('puts a Chinese family name first, in Han script or pinyin, and takes typed family and given names as they are', async () => {
    const id = await finishedCard();
    const nameLine = async () =>
      (await vcard(id, 'en')).body.split('\r\n').find((line) => line.startsWith('N:'));
    expect((await edit(id, { contactPerson: 'Wang Xiaomei' })).statusCode).toBe(200);
    expect(await nameLine()).toBe('N:Wang;Xiaomei;;;');
    await edit(id, { contactPerson: '王晓梅' });
    expect(await nameLine()).toBe('N:王;晓梅;;;');
    await edit(id, { contactPerson: '司马光明' });
    expect(await nameLine()).toBe('N:司马;光明;;;');
    await edit(id, { contactPerson: 'Peter Wang' });
    expect(await nameLine()).toBe('N:Wang;Peter;;;');

    // Typed in the editor's fields, the name is written as typed, whatever the contact name says.
    const typed = await edit(id, {
      contactPerson: 'Xiaomei Wang',
      familyName: 'Wang',
      givenName: 'Xiaomei',
    });
    expect(typed.json()).toMatchObject({ familyName: 'Wang', givenName: 'Xiaomei' });
    expect(await nameLine()).toBe('N:Wang;Xiaomei;;;');
    expect((await vcard(id, 'en')).body).toContain('FN:Xiaomei Wang');
    // Cleared, the contact name is split again (a Western order here: given name first).
    await edit(id, { contactPerson: 'Anna Weber', familyName: '', givenName: '' });
    expect(await nameLine()).toBe('N:Weber;Anna;;;');
  });

  it('writes an http website nowhere, and leaves out cleared fields', async () => {
    const id = await finishedCard();
    await edit(id, { ...FULL, website: 'http://hengtai.example' });
    await edit(id, { jobTitle: '', wechatId: '', whatsapp: '', linkedinUrl: '' });
    const body = (await vcard(id, 'en')).body;
    expect(body).not.toMatch(/^URL/m);
    expect(body).not.toMatch(/^(TITLE|IMPP)/m);
  });
});

describe('POST /api/business-cards/:id/logo', () => {
  it("sets this card's own logo; over 5 MB is 413, a non-image 415", async () => {
    const id = await finishedCard();
    const send = (files: Parameters<typeof multipart>[2]['files']) =>
      multipart(t, `/api/business-cards/${id}/logo`, { cookie: owner.cookie, files });
    const png = path.join(FIXTURES, 'hengtai/hengtai-label.png');
    const ok = await send([{ field: 'companyLogo', path: png, name: 'logo.png' }]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().logoUrl).toMatch(new RegExp(`^/uploads/logos/${owner.id}/|/${owner.id}/`));
    const served = await t.app.inject({
      method: 'GET',
      url: ok.json().logoUrl,
      headers: { cookie: owner.cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(await fs.readFile(png))).toBe(true);

    const big = await send([
      { field: 'companyLogo', content: Buffer.alloc(LOGO_MAX_BYTES + 1), name: 'big.png' },
    ]);
    expect(big.statusCode).toBe(413);
    const text = await send([{ field: 'companyLogo', content: 'hello', name: 'logo.png' }]);
    expect(text.statusCode).toBe(415);
    const stranger = await signUp(t);
    const foreign = await multipart(t, `/api/business-cards/${id}/logo`, {
      cookie: stranger.cookie,
      files: [{ field: 'companyLogo', path: png, name: 'logo.png' }],
    });
    expect(foreign.statusCode).toBe(404);
    const card = (
      await api(t, 'GET', `/api/business-cards/${id}`, { cookie: owner.cookie })
    ).json();
    expect(card.logoUrl).toBe(ok.json().logoUrl);
  });

  it('deletes the replaced logo file, but never one the account or another card still shows', async () => {
    const id = await finishedCard();
    const png = path.join(FIXTURES, 'hengtai/hengtai-label.png');
    const upload = async () => {
      const response = await multipart(t, `/api/business-cards/${id}/logo`, {
        cookie: owner.cookie,
        files: [{ field: 'companyLogo', path: png, name: 'logo.png' }],
      });
      expect(response.statusCode).toBe(200);
      return response.json().logoUrl as string;
    };
    const fetchLogo = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    const first = await upload();
    const second = await upload();
    expect(second).not.toBe(first);
    expect((await fetchLogo(first)).statusCode).toBe(404);
    expect((await fetchLogo(second)).statusCode).toBe(200);

    // The account's logo is another file, and cards without their own show it: it stays.
    const accountLogo = await multipart(t, '/api/users/upload-logo', {
      cookie: owner.cookie,
      files: [{ field: 'companyLogo', path: png, name: 'company.png' }],
    });
    expect(accountLogo.statusCode).toBe(200);
    await upload();
    expect((await fetchLogo(accountLogo.json().companyLogo)).statusCode).toBe(200);
  });
});
