import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardWithDocuments } from '#server/ai/test-support/card.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

/*
 * With OPENAI_SPEECH_MODEL and a key, the provider writes the script and speaks it
 * (POST /audio/speech, raw PCM), our bed goes under it; when its speech endpoint fails, the
 * offline voice speaks instead. The provider is a local HTTP server, never the network.
 */

const REWRITTEN = 'Hello from Lakeshore Valves, written by the provider for this test.';

interface Seen {
  path: string;
  body: Record<string, unknown>;
}

let speechWorks = true;
const seen: Seen[] = [];
const provider = http.createServer((request, response) => {
  let raw = '';
  request.on('data', (part: Buffer) => (raw += part.toString('utf8')));
  request.on('end', () => {
    const body = JSON.parse(raw || '{}') as Record<string, unknown>;
    seen.push({ path: request.url ?? '', body });
    if (request.url === '/v1/audio/speech') {
      if (!speechWorks) {
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      }
      // Four seconds of a 24 kHz tone, as raw 16-bit PCM.
      const samples = new Int16Array(4 * 24_000);
      for (let i = 0; i < samples.length; i++) {
        samples[i] = Math.round(12_000 * Math.sin((2 * Math.PI * 180 * i) / 24_000));
      }
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.from(samples.buffer));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: 'gpt-4o',
        choices: [
          { index: 0, message: { role: 'assistant', content: REWRITTEN }, finish_reason: 'stop' },
        ],
      }),
    );
  });
});

let t: TestApp;
let cookie: string;
let cardId: number;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const { port } = provider.address() as AddressInfo;
  t = await createTestApp({
    env: {
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      OPENAI_SPEECH_MODEL: 'tts-test',
    },
  });
  cookie = (await signUp(t)).cookie;
  cardId = await createCardWithDocuments(t, cookie, [
    {
      field: 'documents',
      name: 'lakeshore.txt',
      type: 'text/plain',
      content:
        'Lakeshore Valves Ltd. was founded in 1998 and makes ball valves for water utilities in 12 countries.\nOur main products: Brass Ball Valves, Gate Valves and Check Valves.',
    },
  ]);
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => provider.close(resolve));
});

describe('audio with a provider', () => {
  it('speaks the provider’s script in the provider’s voice, over our bed', async () => {
    const response = await api(t, 'POST', '/api/audio/generate', {
      cookie,
      body: {
        title: 'Lakeshore',
        voiceType: 'narrative',
        backgroundMusic: 'ambient',
        businessCardId: cardId,
        language: 'en',
      },
    });
    expect(response.statusCode).toBe(200);
    const podcast = response.json().podcast;
    expect(podcast.engine).toBe('provider:tts-test');
    expect(podcast.transcript).toBe(REWRITTEN);
    // 4 s of voice + the bed's 2 s intro and 2.5 s outro.
    expect(podcast.duration).toBeGreaterThanOrEqual(8);
    expect(podcast.duration).toBeLessThanOrEqual(9);
    const speech = seen.find((request) => request.path === '/v1/audio/speech');
    expect(speech?.body).toMatchObject({
      model: 'tts-test',
      input: REWRITTEN,
      voice: 'fable',
      response_format: 'pcm',
    });
    const audio = await api(t, 'GET', podcast.audioUrl, { cookie });
    expect(audio.headers['content-type']).toBe('audio/mpeg');
  }, 60_000);

  it('falls back to the offline voice when the provider’s speech fails', async () => {
    speechWorks = false;
    const response = await api(t, 'POST', '/api/audio/generate', {
      cookie,
      body: { title: 'Lakeshore', backgroundMusic: 'none', businessCardId: cardId, language: 'en' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().podcast.engine).toBe('espeak-ng');
    expect(response.json().podcast.transcript).toBe(REWRITTEN);
  }, 60_000);
});
