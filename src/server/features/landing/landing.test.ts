import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let boss: Awaited<ReturnType<typeof signUp>>;
let exhibitor: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  boss = await signUp(t, { email: ADMIN_EMAIL });
  exhibitor = await signUp(t);
});
afterAll(() => t.close());

const LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
/** Claims a self-hosted server cannot keep, and the customers the old page made up. */
const UNTRUE_OF_THIS_SERVER =
  /free trial|credit card|2-minute|two minutes|sixteen|16 languages|试用|試用|信用卡|两分钟|兩分鐘|2 分钟|2 分鐘|Li Wei|Chen Jing|Wong Ka-man|李伟|陈静|黄嘉敏/iu;

const landing = () => api(t, 'GET', '/api/landing-content');
const save = (content: unknown, cookie = boss.cookie) =>
  api(t, 'PUT', '/api/admin/landing-content', { cookie, body: content });

describe('GET /api/landing-content', () => {
  it('answers truthful defaults in every language: no customer, no claim false of this server', async () => {
    const response = await landing();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ isDefault: true, updatedAt: null });
    expect(body.content.testimonials).toEqual([]); // nobody to quote: the section is hidden
    expect(body.content.promises.length).toBeGreaterThan(0);
    for (const text of [...body.content.promises, body.content.cta]) {
      for (const language of LANGUAGES) expect(text[language]).toMatch(/\S/u);
    }
    expect(body.content.promises.map((p: Record<string, string>) => p.en)).toContain(
      'Runs on your own server',
    );
    expect(JSON.stringify(body)).not.toMatch(UNTRUE_OF_THIS_SERVER);
  });
});

describe('PUT /api/admin/landing-content', () => {
  const edited = {
    promises: [{ en: 'Hosted in Hall 5 by our own IT team', 'zh-CN': '由我们自己的 IT 团队托管' }],
    testimonials: [
      {
        quote: { en: 'Our buyers found the pump curves without asking us.' },
        name: 'Anna Schmidt',
        role: { en: 'Purchasing, Example GmbH' },
      },
    ],
    cta: { en: '', 'zh-CN': '', 'zh-TW': '' },
  };

  it('saves the whole content; the public page shows it at once; the audit log records it', async () => {
    const response = await save(edited);
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      promises: [
        {
          en: 'Hosted in Hall 5 by our own IT team',
          'zh-CN': '由我们自己的 IT 团队托管',
          'zh-TW': '',
        },
      ],
      testimonials: [
        {
          quote: {
            en: 'Our buyers found the pump curves without asking us.',
            'zh-CN': '',
            'zh-TW': '',
          },
          name: 'Anna Schmidt',
          role: { en: 'Purchasing, Example GmbH', 'zh-CN': '', 'zh-TW': '' },
        },
      ],
      cta: { en: '', 'zh-CN': '', 'zh-TW': '' },
    };
    expect(response.json()).toMatchObject({ isDefault: false, content: expected });

    const shown = (await landing()).json();
    expect(shown).toMatchObject({ isDefault: false, content: expected });
    expect(shown.updatedAt).toEqual(expect.any(String));

    const audit = await api(t, 'GET', '/api/admin/audit', { cookie: boss.cookie });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'landing.replace',
      details: { promises: 1, testimonials: 1 },
    });
  });

  it('empties a list to hide its section, and goes back to the defaults on reset', async () => {
    expect((await save({ promises: [], testimonials: [], cta: edited.cta })).statusCode).toBe(200);
    const hidden = (await landing()).json();
    expect(hidden.content).toMatchObject({ promises: [], testimonials: [] });

    const reset = await api(t, 'DELETE', '/api/admin/landing-content', { cookie: boss.cookie });
    expect(reset.statusCode).toBe(200);
    const back = (await landing()).json();
    expect(back.isDefault).toBe(true);
    expect(back.content.promises.length).toBeGreaterThan(0);
  });

  it('refuses a text written in no language, or a testimonial without a name, with a readable 400', async () => {
    const blank = await save({ ...edited, promises: [{ en: '  ', 'zh-CN': '' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({
      'promises.0': 'Write this text in at least one language.',
    });
    const nameless = await save({
      ...edited,
      testimonials: [{ quote: { en: 'Great.' }, name: '', role: {} }],
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fields).toEqual({ 'testimonials.0.name': "Enter the person's name." });
    expect((await landing()).json().isDefault).toBe(true); // nothing was changed
  });

  it('is for admins only: 403 to an exhibitor, 401 signed out; nothing changes', async () => {
    const forbidden = await save(edited, exhibitor.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(
      (await api(t, 'DELETE', '/api/admin/landing-content', { cookie: exhibitor.cookie }))
        .statusCode,
    ).toBe(403);
    expect((await api(t, 'PUT', '/api/admin/landing-content', { body: edited })).statusCode).toBe(
      401,
    );
    expect((await landing()).json().isDefault).toBe(true);
  });
});
