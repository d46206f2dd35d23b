import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ChatHttpError,
  ChatNetworkError,
  fetchSessionInfo,
  parseLiveEvent,
  refusalText,
  streamAnswer,
} from './api.ts';

function sseResponse(chunks: string[], { close = true } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (close) controller.close();
      else controller.error(new TypeError('network error'));
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('streamAnswer', () => {
  it('passes the words on as they come and resolves with the final answer', async () => {
    const fetch = vi.fn(async () =>
      sseResponse([
        'event: delta\ndata: {"text":"Quality guarantee: "}\n\n',
        'event: delta\ndata: {"text":"10 years [1]"}\n\nevent: done\ndata: ',
        '{"message":"Quality guarantee: 10 years [1]","citations":[{"documentName":"hengtai-catalogue.pdf","page":2,"excerpt":"Quality guarantee: 10 years"}]}\n\n',
      ]),
    );
    vi.stubGlobal('fetch', fetch);
    const deltas: string[] = [];
    const answer = await streamAnswer(5, 'How long is the guarantee?', (text) => deltas.push(text));
    expect(deltas).toEqual(['Quality guarantee: ', '10 years [1]']);
    expect(answer.message).toBe('Quality guarantee: 10 years [1]');
    expect(answer.citations).toEqual([
      { documentName: 'hengtai-catalogue.pdf', page: 2, excerpt: 'Quality guarantee: 10 years' },
    ]);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/chat/5/stream');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(JSON.parse(String(init.body))).toEqual({ message: 'How long is the guarantee?' });
    expect((init.headers as Record<string, string>)['x-language']).toMatch(/^(en|zh-CN|zh-TW)$/);
  });

  it('keeps the pages to preview and the product pictures of the streamed answer', async () => {
    const citation = {
      documentName: 'lotus.pdf',
      page: 2,
      excerpt: 'USD 1,250',
      documentId: 7,
      previewUrl: '/api/documents/7/pages/2/preview?q=USD%201%2C250',
    };
    const picture = {
      url: '/api/documents/7/pages/2/image/1',
      width: 480,
      height: 360,
      documentId: 7,
      page: 2,
    };
    vi.stubGlobal('fetch', async () =>
      sseResponse([
        `event: done\ndata: ${JSON.stringify({ message: 'USD 1,250 [1]', citations: [citation], images: [picture] })}\n\n`,
      ]),
    );
    const answer = await streamAnswer(5, 'Price?', () => {});
    expect(answer.citations).toEqual([citation]);
    expect(answer.images).toEqual([picture]);
  });

  it('shows the server’s words for a refusal before the stream', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        {
          error: 'Please check the highlighted fields.',
          code: 'VALIDATION_ERROR',
          fields: { message: 'Messages can be at most 2,000 characters.' },
        },
        { status: 400 },
      ),
    );
    const error = await streamAnswer(5, 'x', () => {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatHttpError);
    expect(refusalText(error)).toBe('Messages can be at most 2,000 characters.');

    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: 'Too many messages. Wait 30 s.', code: 'RATE_LIMITED' },
        { status: 429 },
      ),
    );
    const limited = await streamAnswer(5, 'x', () => {}).catch((caught: unknown) => caught);
    expect(refusalText(limited)).toBe('Too many messages. Wait 30 s.');
    expect((limited as ChatHttpError).retriable).toBe(false);
  });

  it('reports no connection as a network failure the question may not have survived', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await streamAnswer(5, 'x', () => {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChatNetworkError);
    expect((error as ChatNetworkError).uncertain).toBe(true);
  });

  it('treats an answer that breaks off, or ends without "done", as a network failure', async () => {
    vi.stubGlobal('fetch', async () =>
      sseResponse(['event: delta\ndata: {"text":"Quality"}\n\n'], { close: false }),
    );
    await expect(streamAnswer(5, 'x', () => {})).rejects.toBeInstanceOf(ChatNetworkError);
    vi.stubGlobal('fetch', async () => sseResponse(['event: delta\ndata: {"text":"Q"}\n\n']));
    await expect(streamAnswer(5, 'x', () => {})).rejects.toBeInstanceOf(ChatNetworkError);
  });

  it('reads a buffered JSON answer too', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ message: 'Yes.', citations: [] }));
    await expect(streamAnswer(5, 'x', () => {})).resolves.toEqual({
      message: 'Yes.',
      citations: [],
    });
  });
});

describe('other chat calls', () => {
  it('opens the session with the page’s source and referrer', async () => {
    const fetch = vi.fn(async () =>
      Response.json({
        businessCardId: 9,
        username: 'Li Wei',
        companyName: 'Hengtai',
        companyLogo: null,
        phone: null,
        email: null,
        website: null,
      }),
    );
    vi.stubGlobal('fetch', fetch);
    await fetchSessionInfo(9, { src: 'qr', ref: 'https://fair.example/hall-3' });
    const url = new URL((fetch.mock.calls[0] as unknown as [string])[0], 'http://x');
    expect(url.pathname).toBe('/api/chat/session-info/9');
    expect(url.searchParams.get('src')).toBe('qr');
    expect(url.searchParams.get('ref')).toBe('https://fair.example/hall-3');
    // The browser's time zone travels along, so the owner sees where visitors are.
    expect(url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('reads a live reply from the company and ignores anything else', () => {
    expect(
      parseLiveEvent(
        '{"type":"agent_reply","message":{"role":"agent","content":"I can send samples.","createdAt":"2026-04-15T10:00:00.000Z"}}',
      ),
    ).toEqual({
      role: 'agent',
      content: 'I can send samples.',
      createdAt: '2026-04-15T10:00:00.000Z',
    });
    expect(parseLiveEvent('{"type":"customer_handled"}')).toBeNull();
    expect(parseLiveEvent('not json')).toBeNull();
  });
});
