import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AQUALUX_DOCUMENTS } from '#server/ai/test-support/aqualux.ts';
import { createCardWithDocuments } from '#server/ai/test-support/card.ts';
import { startFakeOpenAi, type FakeOpenAi } from '#server/ai/test-support/fake-openai.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';
import { platformLength } from '#shared/marketing/social-count.ts';
import { PLATFORM_CHAR_LIMITS, SOCIAL_PLATFORMS } from '#shared/marketing/social.ts';
import { STARTER_CATEGORIES } from '#shared/marketing/starters.ts';

/*
 * The text generators of the marketing studio through HTTP on a real database, for a made-up
 * pump maker (not the sample company): with no provider everything but translation is
 * written from the card's documents; with a provider (a local server speaking the OpenAI
 * protocol) its text is used, and translation works.
 */

const aqualuxFiles = AQUALUX_DOCUMENTS.map((doc) => ({
  field: 'documents',
  name: doc.name,
  content: doc.content,
  type: 'text/plain',
}));

let t: TestApp;
let owner: { cookie: string };
let stranger: { cookie: string };
let cardId: number;
let emptyCardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = await createCardWithDocuments(t, owner.cookie, aqualuxFiles);
  emptyCardId = await createCardWithDocuments(t, owner.cookie, []);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const post = (url: string, body: unknown, cookie = owner.cookie) =>
  api(t, 'POST', url, { body, cookie });

describe('POST /api/social/generate', () => {
  it('writes a post from the documents within every platform limit, and stores it', async () => {
    for (const platform of SOCIAL_PLATFORMS) {
      const response = await post('/api/social/generate', {
        userId: 1,
        businessCardId: cardId,
        platform,
        contentType: 'post',
        tone: 'professional',
        includedDocuments: [],
      });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json();
      expect(result.success).toBe(true);
      expect(result.charLimit).toBe(PLATFORM_CHAR_LIMITS[platform]);
      expect(result.charCount).toBe(platformLength(result.content, platform));
      expect(result.charCount).toBeLessThanOrEqual(result.charLimit);
      // Real facts from the documents, and hashtags from what the company makes.
      expect(result.content).toMatch(/Aqualux|澳力/u);
      expect(result.content).toMatch(/AQ-150S|JP-80|SP-3D|pump|泵/iu);
      expect(result.hashtags.length).toBeGreaterThan(0);
      expect(result.hashtags.join(' ')).toMatch(/Pump|泵/iu);
      expect(result).not.toHaveProperty('effectiveness'); // a score nobody measured (issue 34)
      expect(result.writtenBy).toBe('local');
    }
    const listed = await api(t, 'GET', `/api/social-contents?businessCardId=${cardId}`, {
      cookie: owner.cookie,
    });
    expect(listed.json().contents.length).toBeGreaterThanOrEqual(SOCIAL_PLATFORMS.length);
    for (const stored of listed.json().contents)
      expect(stored).not.toHaveProperty('estimatedReach');
    const foreignList = await api(t, 'GET', `/api/social-contents`, { cookie: stranger.cookie });
    expect(foreignList.json().contents).toEqual([]);
  });

  it('follows the tone, the content type and the language asked for', async () => {
    const casual = await post('/api/social/generate', {
      businessCardId: cardId,
      platform: 'linkedin',
      contentType: 'promotional',
      tone: 'casual',
      language: 'en',
    });
    expect(casual.json().content).toMatch(/^Hey everyone!/u);
    expect(casual.json().content).toMatch(/Minimum order|Payment|OEM/u);
    const chinese = await post('/api/social/generate', {
      businessCardId: cardId,
      platform: 'xiaohongshu',
      contentType: 'informational',
      tone: 'formal',
      language: 'zh-CN',
    });
    expect(chinese.json().content).toMatch(/^诚挚向您介绍/u);
  });

  it('refuses bad input, a card without documents, another owner and the signed-out', async () => {
    const bad = await post('/api/social/generate', { businessCardId: cardId, platform: 'myspace' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
    expect(bad.json().fields.platform).toBeTruthy();
    const empty = await post('/api/social/generate', {
      businessCardId: emptyCardId,
      platform: 'twitter',
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error).toMatch(/document/iu);
    const foreign = await post(
      '/api/social/generate',
      { businessCardId: cardId, platform: 'twitter' },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const signedOut = await api(t, 'POST', '/api/social/generate', {
      body: { businessCardId: cardId, platform: 'twitter' },
    });
    expect(signedOut.statusCode).toBe(401);
    const fromElsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/social/generate',
      headers: {
        cookie: owner.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ businessCardId: cardId, platform: 'twitter' }),
    });
    expect(fromElsewhere.statusCode).toBe(403);
  });
});

describe('POST /api/transform-social-content', () => {
  const text =
    'Our new SP-3D solar pump now starts with only 150 W of panel power in the morning. Meet us at Hannover Messe, Hall 27, Stand C45! Thanks @HannoverMesse #SolarPump\n\nOur smart controller reports pressure and flow to a phone app over Wi-Fi.';

  it('adapts the text to the six platforms, each within its limit', async () => {
    const response = await post('/api/transform-social-content', {
      content: `${text} ${'More details on request. '.repeat(200)}`,
      platforms: [...SOCIAL_PLATFORMS],
      businessCardId: cardId,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { transformations } = response.json();
    expect(transformations.map((item: { platform: string }) => item.platform)).toEqual([
      ...SOCIAL_PLATFORMS,
    ]);
    for (const item of transformations) {
      expect(platformLength(item.content, item.platform)).toBeLessThanOrEqual(
        PLATFORM_CHAR_LIMITS[item.platform as keyof typeof PLATFORM_CHAR_LIMITS],
      );
      expect(item.content).toMatch(/SP-3D|150 W/u);
      expect(item.mentions).toEqual(['@HannoverMesse']);
      expect(item.hashtags).toContain('#SolarPump');
      expect(['image', 'text']).toContain(item.mediaType);
      expect(item).not.toHaveProperty('estimatedReach'); // a reach nobody measured (issue 34)
      expect(item.bestPostTime).toMatch(/\d\d:\d\d/u);
      expect(item.id).toBeGreaterThan(0);
    }
    const twitter = transformations.find(
      (item: { platform: string }) => item.platform === 'twitter',
    );
    expect(platformLength(twitter.content, 'twitter')).toBeLessThanOrEqual(240);
  });

  it('counts Chinese text as X (Twitter) does, two per character', async () => {
    const chinese = '澳力泵业全新SP-3D太阳能水泵，早晨只需150瓦光伏功率即可启动。'.repeat(12);
    const response = await post('/api/transform-social-content', {
      content: chinese,
      platforms: ['twitter', 'xiaohongshu'],
    });
    const [twitter, xhs] = response.json().transformations;
    expect(platformLength(twitter.content, 'twitter')).toBeLessThanOrEqual(280);
    expect([...twitter.content].length).toBeLessThan(150);
    expect([...xhs.content].length).toBeLessThanOrEqual(1000);
    expect(xhs.content.startsWith('✨')).toBe(true);
  });

  it('asks for content and a platform (请输入内容), and keeps cards private', async () => {
    const blank = await post('/api/transform-social-content', {
      content: '   ',
      platforms: ['twitter'],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields.content).toBe('Please enter some content.');
    const blankZh = await api(t, 'POST', '/api/transform-social-content', {
      body: { content: '', platforms: ['twitter'] },
      cookie: owner.cookie,
      language: 'zh-CN',
    });
    expect(blankZh.json().fields.content).toBe('请输入内容');
    const noPlatform = await post('/api/transform-social-content', { content: 'x', platforms: [] });
    expect(noPlatform.statusCode).toBe(400);
    const foreign = await post(
      '/api/transform-social-content',
      { content: 'x', platforms: ['twitter'], businessCardId: cardId },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const signedOut = await api(t, 'POST', '/api/transform-social-content', {
      body: { content: 'x', platforms: ['twitter'] },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /api/translate-content without a provider', () => {
  it('answers 503 saying a provider is needed, never a fake translation', async () => {
    const response = await post('/api/translate-content', {
      text: 'Our pumps are tested before shipment.',
      targetLanguage: 'ja',
      platform: 'social_media',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('PROVIDER_REQUIRED');
    expect(response.json().error).toMatch(/provider|model/iu);
    const bad = await post('/api/translate-content', { text: 'x', targetLanguage: 'klingon' });
    expect(bad.statusCode).toBe(400);
    const signedOut = await api(t, 'POST', '/api/translate-content', {
      body: { text: 'x', targetLanguage: 'ja' },
    });
    expect(signedOut.statusCode).toBe(401);
    const foreign = await post(
      '/api/translate-content',
      { text: 'x', targetLanguage: 'ja', businessCardId: cardId },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('summaries', () => {
  it('writes the business summary from the documents', async () => {
    const response = await post('/api/generate-business-summary', {
      businessCardId: cardId,
      language: 'en',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { enhancedContent } = response.json();
    expect(enhancedContent).toMatch(/Aqualux/iu);
    expect(enhancedContent).toMatch(/Main products/u);
    expect(enhancedContent).toMatch(/CE|ISO ?9001/u);
    expect(
      (await post('/api/generate-business-summary', { businessCardId: cardId }, stranger.cookie))
        .statusCode,
    ).toBe(404);
  });

  it('writes company introductions in zh-CN and en; other languages need a provider', async () => {
    for (const language of ['zh-CN', 'en'] as const) {
      const response = await post('/api/generate-company-summary', {
        userId: 1,
        businessCardId: cardId,
        language,
        summaryType: 'networking_intro',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { summaries } = response.json();
      expect(summaries).toHaveLength(3);
      expect(summaries[0].id).toMatch(/^networking_intro/u);
      for (const summary of summaries) {
        expect(summary.language).toBe(language);
        expect(summary.wordCount).toBeGreaterThan(5);
        expect(summary.keyPoints.length).toBeGreaterThan(0);
      }
      expect(summaries[0].content).toMatch(language === 'en' ? /^Hello/u : /^您好/u);
    }
    const japanese = await post('/api/generate-company-summary', {
      businessCardId: cardId,
      language: 'ja',
      summaryType: 'networking_intro',
    });
    expect(japanese.statusCode).toBe(503);
    expect(japanese.json().code).toBe('PROVIDER_REQUIRED');
    const bad = await post('/api/generate-company-summary', {
      businessCardId: cardId,
      language: 'xx',
    });
    expect(bad.statusCode).toBe(400);
    const signedOut = await api(t, 'POST', '/api/generate-company-summary', {
      body: { businessCardId: cardId },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('POST /api/generate-conversation-starters', () => {
  it('covers the five categories with real facts and no invented score', async () => {
    const response = await post('/api/generate-conversation-starters', {
      scenario: 'industry_event',
      tone: 'friendly',
      customContext: '',
      includeCompanySummary: true,
      language: 'en',
      businessCardId: cardId,
      userProfile: {
        industry: 'pumps',
        role: 'sales director',
        company: 'Aqualux',
        interests: 'cycling',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { starters } = response.json();
    for (const category of STARTER_CATEGORIES) {
      expect(starters.some((s: { category: string }) => s.category === category)).toBe(true);
    }
    const all = starters.map((s: { content: string }) => s.content).join('\n');
    expect(all).toMatch(/AQ-150S|SP-3D|JP-80|Submersible|Solar/iu);
    expect(all).toMatch(/CE|ISO/u);
    for (const starter of starters) {
      // No score dressed as data: only the measured use count, 0 until the owner used it.
      expect(starter).not.toHaveProperty('effectiveness');
      expect(starter).not.toHaveProperty('effectivenessReasons');
      expect(starter.uses).toBe(0);
      expect(starter.scenario).toBe('industry_event');
      expect(starter.tone).toBe('friendly');
    }
  });

  it('counts a starter’s use once the owner used it, for that owner only', async () => {
    const body = { scenario: 'client_meeting', language: 'en', businessCardId: cardId };
    const first = (await post('/api/generate-conversation-starters', body)).json().starters;
    const used = first[0] as { content: string };
    for (const expected of [1, 2]) {
      const response = await post('/api/conversation-starters/uses', { content: used.content });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ uses: expected });
    }
    // Generated again, the same opener shows its measured count; the others are still unused.
    const again = (await post('/api/generate-conversation-starters', body)).json()
      .starters as Array<{
      content: string;
      uses: number;
    }>;
    expect(again.find((s) => s.content === used.content)?.uses).toBe(2);
    expect(again.filter((s) => s.content !== used.content).every((s) => s.uses === 0)).toBe(true);
    // Another owner's count is their own.
    const theirs = await post(
      '/api/conversation-starters/uses',
      { content: used.content },
      stranger.cookie,
    );
    expect(theirs.json()).toEqual({ uses: 1 });
    const empty = await post('/api/conversation-starters/uses', { content: ' ' });
    expect(empty.statusCode).toBe(400);
  });

  it('needs a scenario, keeps cards private and needs a provider for Korean', async () => {
    const missing = await post('/api/generate-conversation-starters', { tone: 'casual' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.scenario).toBeTruthy();
    const foreign = await post(
      '/api/generate-conversation-starters',
      { scenario: 'networking_mixer', businessCardId: cardId },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const korean = await post('/api/generate-conversation-starters', {
      scenario: 'networking_mixer',
      businessCardId: cardId,
      language: 'ko',
    });
    expect(korean.statusCode).toBe(503);
    const signedOut = await api(t, 'POST', '/api/generate-conversation-starters', {
      body: { scenario: 'networking_mixer' },
    });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('with a provider', () => {
  let fake: FakeOpenAi;
  let p: TestApp;
  let cookie: string;
  let providerCardId: number;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    p = await createTestApp({
      env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'fake-gpt' },
    });
    cookie = (await signUp(p)).cookie;
    providerCardId = await createCardWithDocuments(p, cookie, aqualuxFiles.slice(0, 1));
  }, 120_000);

  afterAll(async () => {
    await p?.close();
    await fake?.close();
  });

  it('translates through the model, with the text as data', async () => {
    fake.respond({ kind: 'answer', text: '当社のポンプは出荷前に検査されます。' });
    const response = await api(p, 'POST', '/api/translate-content', {
      body: { text: 'Our pumps are tested before shipment.', targetLanguage: 'ja' },
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().translatedText).toBe('当社のポンプは出荷前に検査されます。');
    const request = fake.requests.at(-1)!;
    expect(request.body.model).toBe('fake-gpt');
    expect(request.body.messages.at(-1)!.content).toMatch(
      /Japanese[\s\S]*<data>\nOur pumps are tested before shipment\.\n<\/data>/u,
    );
  });

  it('writes the languages only a provider can write through it', async () => {
    fake.respond((request) => {
      const asked = String(request.body.messages.at(-1)?.content ?? '');
      return {
        kind: 'answer',
        text: /Portuguese/u.test(asked) ? 'Bombas Aqualux para o seu negócio.' : 'Aqualux pumps.',
      };
    });
    const response = await api(p, 'POST', '/api/social/generate', {
      body: { businessCardId: providerCardId, platform: 'linkedin', languages: ['en', 'pt'] },
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.needsProvider).toEqual([]);
    expect(
      result.posts.map((item: { language: string; content: string; writtenBy: string }) => [
        item.language,
        item.content,
        item.writtenBy,
      ]),
    ).toEqual([
      ['en', 'Aqualux pumps.', 'provider'],
      ['pt', 'Bombas Aqualux para o seu negócio.', 'provider'],
    ]);
    fake.respond({ kind: 'status', status: 500 });
    const failed = await api(p, 'POST', '/api/social/generate', {
      body: { businessCardId: providerCardId, platform: 'linkedin', languages: ['en', 'pt'] },
      cookie,
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json().posts.map((item: { language: string }) => item.language)).toEqual(['en']);
    expect(failed.json().providerFailed).toEqual(['pt']);
  });

  it('uses the model for posts, keeps them within the limit, and falls back when it fails', async () => {
    fake.respond({ kind: 'answer', text: `Aqualux pumps ${'really '.repeat(100)}work.` });
    const written = await api(p, 'POST', '/api/social/generate', {
      body: { businessCardId: providerCardId, platform: 'twitter' },
      cookie,
    });
    expect(written.json().writtenBy).toBe('provider');
    expect(written.json().content).toMatch(/^Aqualux pumps really/u);
    expect(written.json().charCount).toBeLessThanOrEqual(280);
    fake.respond({ kind: 'status', status: 500 });
    const fallback = await api(p, 'POST', '/api/social/generate', {
      body: { businessCardId: providerCardId, platform: 'twitter' },
      cookie,
    });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.json().writtenBy).toBe('local');
    const failedTranslation = await api(p, 'POST', '/api/translate-content', {
      body: { text: 'Hello', targetLanguage: 'de' },
      cookie,
    });
    expect(failedTranslation.statusCode).toBe(502);
    expect(failedTranslation.json().code).toBe('PROVIDER_FAILED');
  });

  it('writes starters in any of the twelve languages', async () => {
    fake.respond((request) => {
      const count = (request.body.messages.at(-1)!.content.match(/^\d+\. /gmu) ?? []).length;
      return {
        kind: 'answer',
        text: Array.from(
          { length: count },
          (_, i) => `${i + 1}. Hola, somos Aqualux (${i + 1}).`,
        ).join('\n'),
      };
    });
    const response = await api(p, 'POST', '/api/generate-conversation-starters', {
      body: { scenario: 'client_meeting', language: 'es', businessCardId: providerCardId },
      cookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().writtenBy).toBe('provider');
    expect(response.json().starters[0].content).toMatch(/^Hola, somos Aqualux/u);
  });
});
