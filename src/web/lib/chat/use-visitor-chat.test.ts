import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKey } from './pending.ts';
import { useVisitorChat, type ChatProblem } from './use-visitor-chat.ts';

const CARD = 41;
const INFO = {
  businessCardId: CARD,
  username: 'Li Wei',
  companyName: 'Guangzhou Hengtai Precision Machinery Co., Ltd.',
  companyLogo: null,
  phone: '+86 20 8888 6666',
  email: 'sales@hengtai.example',
  website: null,
};

type Stored = {
  role: 'user' | 'assistant' | 'agent';
  content: string;
  createdAt: string;
  citations?: unknown[];
};

/** A stand-in server: remembers questions like the real one, and can be told to misbehave. */
class FakeServer {
  history: Stored[] = [];
  streamCalls: string[] = [];
  /** Next stream calls: 'ok', 'drop' (no answer at all), 'lost' (answered, reply lost), 'limit'. */
  plan: Array<'ok' | 'drop' | 'lost' | 'limit'> = [];

  fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url.startsWith(`/api/chat/session-info/${CARD}`)) return Response.json(INFO);
    if (url === `/api/chat/history/${CARD}`) return Response.json({ messages: this.history });
    if (url === `/api/chat/${CARD}/stream`) {
      const { message } = JSON.parse(String(init?.body)) as { message: string };
      const step = this.plan.shift() ?? 'ok';
      if (step === 'drop') throw new TypeError('Failed to fetch');
      if (step === 'limit')
        return Response.json(
          { error: 'Too many messages. Please wait a minute.', code: 'RATE_LIMITED' },
          { status: 429 },
        );
      this.streamCalls.push(message);
      const answer = `Answer to: ${message}`;
      const at = new Date().toISOString();
      this.history.push({ role: 'user', content: message, createdAt: at });
      this.history.push({ role: 'assistant', content: answer, citations: [], createdAt: at });
      if (step === 'lost') throw new TypeError('network changed');
      return new Response(
        `event: delta\ndata: ${JSON.stringify({ text: answer })}\n\nevent: done\ndata: ${JSON.stringify({ message: answer, citations: [] })}\n\n`,
        { headers: { 'Content-Type': 'text/event-stream' } },
      );
    }
    return new Response('{}', { status: 404 });
  };
}

let online = true;
let server: FakeServer;

function setOnline(value: boolean) {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
}

function render(problems: ChatProblem[] = []) {
  return renderHook(() =>
    useVisitorChat(CARD, { online, onProblem: (problem) => problems.push(problem) }),
  );
}

const userBubbles = (items: Array<{ role: string; content: string; state?: string }>) =>
  items.filter((item) => item.role === 'user').map((item) => [item.content, item.state ?? 'sent']);

beforeEach(() => {
  online = true;
  server = new FakeServer();
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('visitor chat: sending', () => {
  it('opens the session, then streams the answer under the question', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    act(() => result.current.send('  How long is the quality guarantee?  '));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(result.current.items.map((item) => [item.role, item.content, item.state])).toEqual([
      ['user', 'How long is the quality guarantee?', undefined],
      ['assistant', 'Answer to: How long is the quality guarantee?', undefined],
    ]);
    expect(server.streamCalls).toEqual(['How long is the quality guarantee?']);
  });

  it('keeps a message sent offline, shows it pending, and sends it once when back online', async () => {
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    act(() => setOnline(false));
    act(() => result.current.send('Do you ship to Brazil?'));
    expect(userBubbles(result.current.items)).toEqual([['Do you ship to Brazil?', 'pending']]);
    expect(result.current.busy).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(storageKey(CARD)) ?? '[]')).toHaveLength(1);
    expect(server.streamCalls).toEqual([]);

    act(() => setOnline(true));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(userBubbles(result.current.items)).toEqual([['Do you ship to Brazil?', 'sent']]);
    expect(result.current.items.at(-1)?.content).toBe('Answer to: Do you ship to Brazil?');
    expect(server.streamCalls).toEqual(['Do you ship to Brazil?']);
    expect(sessionStorage.getItem(storageKey(CARD))).toBeNull();
  });

  it('retries a dropped message by itself', async () => {
    server.plan = ['drop'];
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    act(() => result.current.send('MOQ?'));
    await waitFor(() => expect(userBubbles(result.current.items)).toEqual([['MOQ?', 'pending']]));
    // The first retry comes after a second.
    await waitFor(() => expect(result.current.busy).toBe(false), { timeout: 3000 });
    expect(server.streamCalls).toEqual(['MOQ?']);
    expect(result.current.items.filter((item) => item.role === 'assistant')).toHaveLength(1);
  });

  it('never asks twice when the server got the question but the answer was lost', async () => {
    server.plan = ['lost'];
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    act(() => result.current.send('Price for 500 units?'));
    await waitFor(() => expect(result.current.busy).toBe(false), { timeout: 3000 });
    // Asked once; the stored answer was taken from the history.
    expect(server.streamCalls).toEqual(['Price for 500 units?']);
    expect(result.current.items.map((item) => [item.role, item.content])).toEqual([
      ['user', 'Price for 500 units?'],
      ['assistant', 'Answer to: Price for 500 units?'],
    ]);
  });

  it('sends what was waiting before a reload, once', async () => {
    sessionStorage.setItem(
      storageKey(CARD),
      JSON.stringify([
        {
          id: 'm-1',
          text: 'Warranty?',
          createdAt: '2026-04-15T09:00:00.000Z',
          attempts: 1,
          baseline: 0,
        },
      ]),
    );
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(server.streamCalls).toEqual(['Warranty?']);
    expect(userBubbles(result.current.items)).toEqual([['Warranty?', 'sent']]);
  });

  it('does not re-send after a reload what the server already answered', async () => {
    server.history = [
      { role: 'user', content: 'Warranty?', createdAt: '2026-04-15T09:00:01.000Z' },
      {
        role: 'assistant',
        content: '10 years.',
        citations: [],
        createdAt: '2026-04-15T09:00:01.000Z',
      },
    ];
    sessionStorage.setItem(
      storageKey(CARD),
      JSON.stringify([
        {
          id: 'm-1',
          text: 'Warranty?',
          createdAt: '2026-04-15T09:00:00.000Z',
          attempts: 0,
          baseline: 0,
        },
      ]),
    );
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    await waitFor(() => expect(result.current.busy).toBe(false));
    expect(server.streamCalls).toEqual([]);
    expect(result.current.items.map((item) => [item.role, item.content, item.state])).toEqual([
      ['user', 'Warranty?', undefined],
      ['assistant', '10 years.', undefined],
    ]);
    expect(sessionStorage.getItem(storageKey(CARD))).toBeNull();
  });

  it('shows a refusal with the server’s words and sends again on retry', async () => {
    server.plan = ['limit'];
    const problems: ChatProblem[] = [];
    const { result } = render(problems);
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    act(() => result.current.send('Catalogue please'));
    await waitFor(() =>
      expect(userBubbles(result.current.items)).toEqual([['Catalogue please', 'failed']]),
    );
    expect(result.current.items[0]?.error).toBe('Too many messages. Please wait a minute.');
    expect(problems).toEqual([
      { kind: 'sendFailed', message: 'Too many messages. Please wait a minute.' },
    ]);
    expect(result.current.busy).toBe(false);

    const key = result.current.items[0]!.key;
    act(() => result.current.retry(key));
    await waitFor(() =>
      expect(userBubbles(result.current.items)).toEqual([['Catalogue please', 'sent']]),
    );
    expect(server.streamCalls).toEqual(['Catalogue please']);
  });

  it('says when the card does not exist', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
    );
    const { result } = render();
    await waitFor(() => expect(result.current.load.status).toBe('notFound'));
  });
});
