import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardWithDocuments } from '#server/ai/test-support/card.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * POST /api/audio/generate, GET /api/podcasts and the MP3 route through the HTTP API on a real
 * database, with the real offline speech engine in its child process: a script written from
 * the card's own document, spoken, mixed over a bed, stored and served to its owner only.
 */

const PROFILE = [
  'Qingdao Harbourline Marine Equipment Co., Ltd.',
  '青岛港航船舶设备有限公司',
  'Qingdao Harbourline Marine Equipment Co., Ltd. was founded in 2006 and exports deck winches and mooring bollards to shipyards in 28 countries.',
  '青岛港航船舶设备有限公司成立于2006年，专业生产甲板绞车和系泊缆桩，产品出口28个国家。',
  'Our main products: Hydraulic Anchor Windlass, Electric Mooring Winch and Cast Steel Bollard.',
  '主要产品：液压起锚机、电动系泊绞车、铸钢缆桩',
  'Certificates: ISO 9001, CCS and DNV type approval.',
  'MOQ: 2 units per model. Delivery: 45 days after deposit.',
  'Contact: Sun Lei, Export Manager, sales@harbourline-marine.example',
].join('\n');

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let cardId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  stranger = await signUp(t);
  cardId = await createCardWithDocuments(t, owner.cookie, [
    { field: 'documents', content: PROFILE, name: 'harbourline-profile.txt', type: 'text/plain' },
  ]);
});

afterAll(async () => {
  await t.close();
});

const generate = (body: Record<string, unknown>, cookie = owner.cookie, language = 'en') =>
  api(t, 'POST', '/api/audio/generate', { body, cookie, language });

/** An MPEG audio frame header (11 sync bits) at the start, or after an ID3 tag. */
function startsWithMp3Frame(bytes: Buffer): boolean {
  return bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0;
}

describe('POST /api/audio/generate', () => {
  let audioUrl: string;

  it('speaks an English script written from the documents over the chosen bed', async () => {
    const response = await generate({
      userId: 1,
      title: 'Meet Harbourline at the fair',
      voiceType: 'news',
      backgroundMusic: 'corporate',
      businessCardId: cardId,
      language: 'en',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(body.audioUrl).toMatch(/^\/api\/podcasts\/\d+\/audio$/);
    audioUrl = body.audioUrl;
    const transcript: string = body.podcast.transcript;
    expect(transcript).toContain('Meet Harbourline at the fair');
    expect(transcript).toContain('Harbourline Marine Equipment');
    expect(transcript).toContain('Hydraulic Anchor Windlass');
    expect(transcript).toMatch(/ISO 9001/);
    // An English voice would spell Chinese characters one by one: none reach it.
    expect(transcript).not.toMatch(/\p{Script=Han}/u);
    expect(body.podcast).toMatchObject({
      language: 'en',
      voiceType: 'news',
      backgroundMusic: 'corporate',
      engine: 'espeak-ng',
    });
    expect(body.podcast.duration).toBeGreaterThanOrEqual(15);
    expect(body.podcast.duration).toBeLessThanOrEqual(90);

    const audio = await api(t, 'GET', audioUrl, { cookie: owner.cookie });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['accept-ranges']).toBe('bytes');
    expect(startsWithMp3Frame(audio.rawPayload)).toBe(true);
    // 64 kbit/s: the file's size matches the stated duration.
    const seconds = (audio.rawPayload.length * 8) / 64_000;
    expect(Math.abs(seconds - body.podcast.duration)).toBeLessThan(2);
  }, 60_000);

  it('lets a phone seek: a Range request answers 206 with that slice', async () => {
    const whole = await api(t, 'GET', audioUrl, { cookie: owner.cookie });
    const part = await t.app.inject({
      method: 'GET',
      url: audioUrl,
      headers: { cookie: owner.cookie, range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(1000, 2000))).toBe(true);
    const beyond = await t.app.inject({
      method: 'GET',
      url: audioUrl,
      headers: { cookie: owner.cookie, range: `bytes=${whole.rawPayload.length + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('writes a Mandarin script (Traditional for zh-TW) from the Chinese facts', async () => {
    const response = await generate(
      {
        title: '港航船舶 展会邀请',
        voiceType: 'professional-female',
        backgroundMusic: 'none',
        businessCardId: cardId,
        language: 'zh-TW',
      },
      owner.cookie,
      'zh-TW',
    );
    expect(response.statusCode).toBe(200);
    const podcast = response.json().podcast;
    expect(podcast.language).toBe('zh-TW');
    expect(podcast.transcript).toContain('液壓起錨機');
    expect(podcast.transcript).toContain('歡迎');
    expect(podcast.duration).toBeGreaterThanOrEqual(10);
  }, 60_000);

  it('lists the owner’s recordings, newest first, and nobody else’s', async () => {
    const mine = await api(t, 'GET', '/api/podcasts', { cookie: owner.cookie });
    expect(mine.statusCode).toBe(200);
    const list = mine.json().podcasts;
    expect(list).toHaveLength(2);
    expect(list[0].language).toBe('zh-TW');
    expect(list[1].audioUrl).toBe(audioUrl);
    const filtered = await api(t, 'GET', `/api/podcasts?businessCardId=${cardId}`, {
      cookie: owner.cookie,
    });
    expect(filtered.json().podcasts).toHaveLength(2);

    const theirs = await api(t, 'GET', '/api/podcasts', { cookie: stranger.cookie });
    expect(theirs.json().podcasts).toEqual([]);
    const foreignAudio = await api(t, 'GET', audioUrl, { cookie: stranger.cookie });
    expect(foreignAudio.statusCode).toBe(404);
    const foreignDelete = await api(t, 'DELETE', audioUrl.replace('/audio', ''), {
      cookie: stranger.cookie,
    });
    expect(foreignDelete.statusCode).toBe(404);
  });

  it('deletes a recording and its file', async () => {
    const removed = await api(t, 'DELETE', audioUrl.replace('/audio', ''), {
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(200);
    expect((await api(t, 'GET', audioUrl, { cookie: owner.cookie })).statusCode).toBe(404);
    const list = (await api(t, 'GET', '/api/podcasts', { cookie: owner.cookie })).json();
    expect(list.podcasts).toHaveLength(1);
  });
});

describe('refusals', () => {
  it('a missing title gets the required message, in the user’s language', async () => {
    const en = await generate({ title: '  ', voiceType: 'casual', businessCardId: cardId });
    expect(en.statusCode).toBe(400);
    expect(en.json().code).toBe('VALIDATION_ERROR');
    expect(en.json().fields.title).toBe('Please enter a title for your audio book');
    const zh = await generate({ businessCardId: cardId }, owner.cookie, 'zh-CN');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().fields.title).toBe('请输入有声读物的标题');
  });

  it('refuses unknown voices and music, NUL bytes and oversized titles with 400', async () => {
    for (const body of [
      { title: 'x', voiceType: 'robot', businessCardId: cardId },
      { title: 'x', backgroundMusic: 'metal', businessCardId: cardId },
      { title: 'a\u0000b', businessCardId: cardId },
      { title: 'x'.repeat(500), businessCardId: cardId },
      { title: 'x', businessCardId: 'abc' },
      { title: 'x', businessCardId: cardId, language: 'ja' },
    ]) {
      const response = await generate(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBeTruthy();
    }
  });

  it('answers 404 for another owner’s card and 401 when signed out', async () => {
    const foreign = await generate({ title: 'Hello', businessCardId: cardId }, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
    const signedOut = await api(t, 'POST', '/api/audio/generate', {
      body: { title: 'Hello', businessCardId: cardId },
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await api(t, 'GET', '/api/podcasts')).statusCode).toBe(401);
  });

  it('refuses a request from another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/generate',
      headers: {
        cookie: owner.cookie,
        origin: 'https://evil.example',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ title: 'Hello', businessCardId: cardId }),
    });
    expect(response.statusCode).toBe(403);
  });

  it('says what is missing when a card has neither documents nor a company name', async () => {
    const emptyCard = await createCardWithDocuments(t, stranger.cookie, []);
    const response = await generate({ title: 'Hello', businessCardId: emptyCard }, stranger.cookie);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatch(/upload documents/i);
  });
});
