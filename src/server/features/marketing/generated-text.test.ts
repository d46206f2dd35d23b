import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardWithDocuments, documentsIn, HENGTAI_DIR } from '#server/ai/test-support/card.ts';
import { api, createTestApp, FIXTURES, signUp, type TestApp } from '#server/test/test-app.ts';
import { platformLength } from '#shared/marketing/social-count.ts';
import { PLATFORM_CHAR_LIMITS, PLATFORM_TITLE_LIMITS } from '#shared/marketing/social.ts';

/*
 * Generated text that reads right (issue 34), through HTTP on a real database, from the
 * documents of two different companies: the pump maker (Chinese profile and price list, English
 * catalogue and FAQ, plus an English profile line that starts with a figure) and the sample
 * ceramics exhibitor (PDF, PPTX, DOCX, TXT, PNG). No provider: the server writes English,
 * Simplified and Traditional Chinese and names the other languages as needing one.
 */

/** The pump maker's English profile: a sentence that starts with a figure (the lost number). */
const PUMPS_PROFILE_EN = [
  'Taizhou Qianbo Pump Co., Ltd. — company profile',
  'Taizhou Qianbo Pump Co., Ltd. makes peripheral, deep well and centrifugal pumps in Wenling, Zhejiang.',
  'CE certification for all pump series. 320 employees, 37 national patents.',
].join('\n');

let t: TestApp;
let owner: { cookie: string };
let stranger: { cookie: string };
const cards: Record<'pumps' | 'hengtai', number> = { pumps: 0, hengtai: 0 };

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  cards.pumps = await createCardWithDocuments(t, owner.cookie, [
    ...(await documentsIn(path.join(FIXTURES, 'pumps'))),
    { field: 'documents', name: 'profile-en.txt', content: PUMPS_PROFILE_EN, type: 'text/plain' },
  ]);
  cards.hengtai = await createCardWithDocuments(t, owner.cookie, await documentsIn(HENGTAI_DIR));
}, 300_000);

afterAll(async () => {
  await t?.close();
});

const post = (url: string, body: unknown, cookie = owner.cookie) =>
  api(t, 'POST', url, { body, cookie });

/** Sentences as a reader sees them: ended by 。！？ or by . ! ? before a space, or a line break. */
function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[。！？])|(?<=[.!?])\s+(?=[A-Z\p{Script=Han}])|\n+/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const keyOf = (sentence: string) => sentence.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function expectNoRepeatedSentence(text: string): void {
  const keys = sentencesOf(text)
    .map(keyOf)
    .filter((key) => key.length >= 8);
  const repeated = keys.filter((key, i) => keys.indexOf(key) !== i);
  expect(repeated, text).toEqual([]);
}

/** Marks that meet where facts were joined carelessly: "。；", "。。", ". .", ".;", "，。". */
const BROKEN_PUNCTUATION =
  /。\s*[；;，,。.]|(?<!\.)\.\s+\.(?!\.)|(?<![.\s])\.;|[；，、]\s*[。]|(?<!\.)\.\.(?!\.)/u;

/** What a statement about capacity, history, staff or certificates says: never a product. */
const NOT_A_PRODUCT =
  /能力|万台|萬台|达到|成立|员工|專利|专利|认证|認證|通过|capacity|founded|employees|patents|certif/iu;

/** The bulleted lines under the products heading of a post ("主营产品：", "What we make:"). */
function productLines(content: string): string[] {
  const lines = content.split('\n');
  const start = lines.findIndex((line) => /^(?:主营产品|主營產品|What we make)[:：]/u.test(line));
  if (start < 0) return [];
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!/^(?:🔹|•)\s/u.test(line)) break;
    items.push(line.replace(/^(?:🔹|•)\s/u, ''));
  }
  return items;
}

function expectReadable(text: string): void {
  expect(text, text).not.toMatch(BROKEN_PUNCTUATION);
  expectNoRepeatedSentence(text);
}

describe('social posts from two companies', () => {
  const expected = {
    pumps: { en: /QB60|4SD8-26|CPM158/u, 'zh-CN': /旋涡泵|深井泵|离心泵/u },
    hengtai: { en: /HT-M6060|Marble Look Series/u, 'zh-CN': /瓷质抛釉砖|仿木纹砖/u },
  } as const;

  for (const company of ['pumps', 'hengtai'] as const) {
    it(`${company}: products are products, hashtags are words, nothing said twice`, async () => {
      for (const language of ['en', 'zh-CN'] as const) {
        for (const platform of ['linkedin', 'xiaohongshu', 'twitter', 'instagram'] as const) {
          const response = await post('/api/social/generate', {
            businessCardId: cards[company],
            platform,
            language,
          });
          expect(response.statusCode, response.body).toBe(200);
          const result = response.json();
          const label = `${company} ${language} ${platform}`;
          expect(
            result.posts.map((p: { language: string }) => p.language),
            label,
          ).toEqual([language]);
          expect(result.needsProvider).toEqual([]);
          expect(platformLength(result.content, platform)).toBeLessThanOrEqual(
            PLATFORM_CHAR_LIMITS[platform],
          );
          expect(result.content, label).toMatch(expected[company][language]);
          // An English reader is never handed a Chinese sentence to read.
          if (language === 'en') expect(result.content, label).not.toMatch(/\p{Script=Han}/u);
          for (const item of productLines(result.content)) {
            expect(item, label).not.toMatch(NOT_A_PRODUCT);
          }
          for (const tag of result.hashtags as string[]) {
            expect(tag, label).toMatch(/^#[\p{L}\p{N}]+$/u);
            expect([...tag].length, label).toBeLessThanOrEqual(25);
            expect(tag, label).not.toMatch(NOT_A_PRODUCT);
            expect(tag, label).not.toMatch(/^#(?:Mm|Cm|Kw|X)[A-Z]/u);
          }
          expectReadable(result.content);
        }
      }
    });
  }

  it('names the pump maker’s models from the catalogue, in English', async () => {
    const result = (
      await post('/api/social/generate', {
        businessCardId: cards.pumps,
        platform: 'linkedin',
        language: 'en',
      })
    ).json();
    expect(productLines(result.content)).toEqual(
      expect.arrayContaining([
        'QB60: peripheral pump',
        '4SD8-26: 4-inch submersible deep well pump',
      ]),
    );
    expect(result.hashtags).toEqual(expect.arrayContaining(['#PeripheralPump', '#DeepWellPump']));
  });
});

describe('the languages ticked', () => {
  it('writes English, Simplified and Traditional Chinese, and names the rest as needing a provider', async () => {
    const response = await post('/api/social/generate', {
      businessCardId: cards.hengtai,
      platform: 'linkedin',
      languages: ['en', 'pt', 'zh-CN', 'zh-TW', 'ja'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const posts = result.posts as Array<{ id: number; language: string; content: string }>;
    expect(posts.map((p) => p.language)).toEqual(['en', 'zh-CN', 'zh-TW']);
    expect(result.needsProvider).toEqual(['pt', 'ja']);
    expect(result.providerFailed).toEqual([]);
    const [english, simplified, traditional] = posts;
    expect(english!.content).toMatch(/Foshan Hengtai Ceramics/u);
    expect(english!.content).not.toMatch(/\p{Script=Han}{4}/u);
    expect(simplified!.content).toMatch(/主营产品/u);
    // Traditional characters, not the Simplified post again.
    expect(traditional!.content).toMatch(/主營產品/u);
    expect(traditional!.content).not.toMatch(/主营产品/u);
    expect(result.content).toBe(english!.content);
    // Each language written is stored; the ones not written are not.
    const listed = (
      await api(t, 'GET', `/api/social-contents?businessCardId=${cards.hengtai}`, {
        cookie: owner.cookie,
      })
    ).json().contents as Array<{ id: number; language: string }>;
    for (const written of posts) {
      expect(listed.find((row) => row.id === written.id)?.language).toBe(written.language);
    }
    expect(listed.some((row) => row.language === 'pt')).toBe(false);
  });

  it('says so when no language asked for can be written, and asks for one', async () => {
    const onlyPortuguese = await post('/api/social/generate', {
      businessCardId: cards.pumps,
      platform: 'facebook',
      languages: ['pt'],
    });
    expect(onlyPortuguese.statusCode).toBe(503);
    expect(onlyPortuguese.json().code).toBe('PROVIDER_REQUIRED');
    expect(onlyPortuguese.json().error).toMatch(/Traditional Chinese/u);
    const none = await post('/api/social/generate', {
      businessCardId: cards.pumps,
      platform: 'facebook',
      languages: [],
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.languages).toBe('Tick at least one language.');
    const unknown = await post('/api/social/generate', {
      businessCardId: cards.pumps,
      platform: 'facebook',
      languages: ['xx'],
    });
    expect(unknown.statusCode).toBe(400);
    const foreign = await post(
      '/api/social/generate',
      { businessCardId: cards.pumps, platform: 'facebook', languages: ['en'] },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
  });
});

describe('summaries, starters and the business summary from two companies', () => {
  for (const company of ['pumps', 'hengtai'] as const) {
    it(`${company}: the documents' products, each sentence once, clean punctuation`, async () => {
      for (const language of ['en', 'zh-CN'] as const) {
        const label = `${company} ${language}`;
        const business = await post('/api/generate-business-summary', {
          businessCardId: cards[company],
          language,
        });
        expect(business.statusCode, business.body).toBe(200);
        const enhanced = business.json().enhancedContent as string;
        expectReadable(enhanced);
        if (language === 'en') expect(enhanced, label).not.toMatch(/\p{Script=Han}/u);
        const productsLine = enhanced
          .split('\n')
          .find((line) => /^(?:Main products|主营产品)[:：]/u.test(line));
        expect(productsLine, label).toBeDefined();
        expect(productsLine!.replace(/^[^:：]+[:：]/u, ''), label).not.toMatch(NOT_A_PRODUCT);

        const summaries = (
          await post('/api/generate-company-summary', { businessCardId: cards[company], language })
        ).json().summaries as Array<{ content: string; keyPoints: string[] }>;
        for (const summary of summaries) {
          expectReadable(summary.content);
          // A certification the text already states is not stated again in other words.
          const isoSentences = sentencesOf(summary.content).filter((s) => /ISO/u.test(s));
          expect(isoSentences.length, summary.content).toBeLessThanOrEqual(1);
        }

        const starters = (
          await post('/api/generate-conversation-starters', {
            businessCardId: cards[company],
            language,
            scenario: 'industry_event',
          })
        ).json().starters as Array<{ content: string }>;
        expect(starters.length).toBeGreaterThan(3);
        for (const starter of starters) {
          expectReadable(starter.content);
          if (language === 'en') expect(starter.content, label).not.toMatch(/\p{Script=Han}/u);
        }
        const sourcing = starters.map((s) => s.content).join('\n');
        expect(sourcing, label).not.toMatch(/采购(?:能力|通过)|sourcing (?:capacity|certified)/u);
      }
    });
  }
});

describe('audio scripts', () => {
  it('keep the figures of the documents, and a term is not echoed by its label', async () => {
    for (const [company, language, figures] of [
      ['pumps', 'en', ['320 employees, 37 national patents', 'QB60']],
      ['pumps', 'zh-CN', ['员工320人', '37项国家专利', '80万台']],
      ['hengtai', 'en', ['Foshan Hengtai Ceramics']],
      ['hengtai', 'zh-CN', ['2008年', '450人']],
    ] as const) {
      const response = await post('/api/audio/generate', {
        businessCardId: cards[company],
        title: 'Company introduction',
        language,
      });
      expect(response.statusCode, response.body).toBe(200);
      const transcript = response.json().podcast.transcript as string;
      for (const figure of figures) expect(transcript, transcript).toContain(figure);
      expectReadable(transcript);
      // "… all pump series. employees, …": a sentence never starts with its figure cut off.
      expect(transcript, transcript).not.toMatch(/(?<!\b(?:Co|Ltd|Inc|Corp|No))\.\s+[a-z]/u);
      // "Shipping: Ordering and shipping." / "Samples: Samples are free …".
      expect(transcript).not.toMatch(/\b(\w+): [^.]*\b\1\b/iu);
      // The products read out are products.
      const products = /(?:Our main products include|我们的主要产品包括)([^.。]+)/u.exec(
        transcript,
      );
      if (products) expect(products[1]).not.toMatch(NOT_A_PRODUCT);
    }
  }, 60_000);
});

describe('transformations', () => {
  it('cuts a Xiaohongshu title at a word within 20 characters, and lists no bullet twice', async () => {
    for (const company of ['pumps', 'hengtai'] as const) {
      const source = (
        await post('/api/social/generate', {
          businessCardId: cards[company],
          platform: 'linkedin',
          language: 'zh-CN',
        })
      ).json().content as string;
      const response = await post('/api/transform-social-content', {
        content: source,
        platforms: ['xiaohongshu'],
        businessCardId: cards[company],
      });
      expect(response.statusCode, response.body).toBe(200);
      const xhs = response.json().transformations[0].content as string;
      const title = xhs.split('\n')[0]!;
      expect([...title].length).toBeLessThanOrEqual(PLATFORM_TITLE_LIMITS.xiaohongshu!);
      const inner = title.replace(/^✨|✨$/gu, '');
      const first = source.split('\n')[0]!;
      expect(first.startsWith(inner)).toBe(true);
      // The cut is where a word ends, as Chinese word segmentation sees it.
      const ends = [...new Intl.Segmenter('zh', { granularity: 'word' }).segment(first)].map(
        (segment) => segment.index + segment.segment.length,
      );
      expect(ends).toContain(inner.length);
      expect(xhs).not.toMatch(/📌 🔹|📌 [^\n]*[:：]\n/u);
      expectReadable(xhs);
    }
  });
});
