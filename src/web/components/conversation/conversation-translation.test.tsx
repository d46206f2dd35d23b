import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '#web/components/ui/use-toast.ts';
import { setLanguage } from '#web/i18n/index.ts';
import type { TConversation } from '#web/lib/notifications/conversation.ts';
import { installBrowserStubs, jsonResponse, renderWithApp } from '#web/test/render.tsx';
import { ConversationView } from './conversation-view.tsx';

/*
 * The staff translate the buyer's messages and write their reply in the buyer's language: the
 * buttons' states, and what the screen says when the server has no language model.
 */

const conversation: TConversation = {
  id: 5,
  businessCardId: 3,
  source: 'qr',
  language: 'zh-TW',
  takeover: { active: true, since: null, expiresAt: null },
  createdAt: '2026-04-15T09:00:00.000Z',
  lastActivity: '2026-04-15T09:01:00.000Z',
  messages: [
    { role: 'user', content: '請問最小訂購量是多少？', createdAt: '2026-04-15T09:00:10.000Z' },
    {
      role: 'assistant',
      content: 'The documents do not say.',
      createdAt: '2026-04-15T09:00:11.000Z',
    },
    { role: 'user', content: '📷', image: 'p1', createdAt: '2026-04-15T09:00:20.000Z' },
  ],
  lead: null,
};

const status = (ready: boolean) => ({
  selectedModel: 'openai',
  provider: ready ? 'openai' : 'local',
  fellBack: !ready,
  recommended: 'local',
  models: [{ id: 'openai', ready, model: 'gpt-4o' }],
});

interface Call {
  url: string;
  body: unknown;
}

/** The server: the card's assistant status, and what the two translation routes answer. */
function server(options: {
  ready: boolean;
  translate?: () => Response | Promise<Response>;
  reply?: () => Response;
}) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url === '/api/business-cards/3/assistant') return jsonResponse(200, status(options.ready));
    if (url.endsWith('/translate') && options.translate) return options.translate();
    if (url.endsWith('/reply-translation') && options.reply) return options.reply();
    return jsonResponse(404, { error: 'Not found.', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const providerRequired = () =>
  jsonResponse(503, {
    error: 'Translation needs a language model provider.',
    code: 'PROVIDER_REQUIRED',
  });

function show() {
  renderWithApp(<ConversationView conversation={conversation} customerId={5} liveNote="" />, {
    path: '/conversation/5',
  });
}

beforeEach(async () => {
  installBrowserStubs();
  await setLanguage('en');
});
afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe("translating the buyer's messages", () => {
  it('offers Translate on the buyer’s text only, and shows the translation under it', async () => {
    let answer!: (response: Response) => void;
    const calls = server({
      ready: true,
      translate: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    show();
    const button = await screen.findByRole('button', {
      name: 'Translate this message into English',
    });
    // Not on the assistant's answer, nor on a photo without words.
    expect(screen.getAllByTestId('message-translate')).toHaveLength(1);
    const buyerMessage = screen.getAllByTestId('conversation-message')[0]!;
    expect(within(buyerMessage).getByTestId('message-translate')).toBe(button);

    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveProperty('disabled', true));
    expect(button.dataset.state).toBe('pending');
    expect(button.textContent).toContain('Translating…');
    expect(calls.at(-1)).toEqual({
      url: '/api/visitor-sessions/5/messages/0/translate',
      body: { targetLanguage: 'en' },
    });

    answer(
      jsonResponse(200, {
        messageId: 0,
        translatedText: 'What is the minimum order quantity?',
        targetLanguage: 'en',
      }),
    );
    const translation = await screen.findByTestId('message-translation');
    expect(translation.textContent).toContain('Translation into English');
    expect(translation.textContent).toContain('What is the minimum order quantity?');
    const toggle = screen.getByRole('button', { name: 'Hide translation' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggle);
    expect(screen.queryByTestId('message-translation')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show translation' })).toBeTruthy();
  });

  it('says a failure in its place and lets the staff try again', async () => {
    server({
      ready: true,
      translate: () =>
        jsonResponse(502, { error: 'The provider did not answer.', code: 'PROVIDER_FAILED' }),
    });
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Translate this message into English' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The provider did not answer.');
    expect(screen.getByTestId('message-translate')).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('translation-provider-notice')).toBeNull();
  });
});

describe('without a language model', () => {
  it('says translation needs one and links to the model settings, with no translate action', async () => {
    const calls = server({ ready: false });
    show();
    const notice = await screen.findByTestId('translation-provider-notice');
    expect(notice.textContent).toContain('needs a language model provider');
    expect(
      within(notice).getByRole('link', { name: 'Open the AI model settings' }).getAttribute('href'),
    ).toBe('/ai-model-selection/3?businessCardId=3');
    expect(screen.queryByTestId('message-translate')).toBeNull();
    expect(screen.queryByTestId('reply-translate')).toBeNull();
    expect(calls.some((call) => call.url.includes('translat'))).toBe(false);
  });

  it('says so when the server answers 503 PROVIDER_REQUIRED, and hides the actions', async () => {
    server({ ready: true, translate: providerRequired });
    show();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Translate this message into English' }),
    );
    const notice = await screen.findByTestId('translation-provider-notice');
    expect(notice.textContent).toContain('Translation needs a language model provider.');
    expect(screen.queryByTestId('message-translate')).toBeNull();
    expect(screen.queryByTestId('message-translation')).toBeNull();
    expect(screen.queryByTestId('reply-translate')).toBeNull();
  });
});

describe("writing the reply in the buyer's language", () => {
  it('replaces the draft with the translation to check, and can go back to it', async () => {
    const calls = server({
      ready: true,
      reply: () =>
        jsonResponse(200, { translatedText: '最小訂購量為 100 件。', targetLanguage: 'zh-TW' }),
    });
    show();
    const input = screen.getByTestId('reply-input') as HTMLTextAreaElement;
    const action = await screen.findByRole('button', { name: "Write in the buyer's language" });
    expect(action).toHaveProperty('disabled', true);
    fireEvent.change(input, { target: { value: 'The minimum order is 100 pieces.' } });
    expect(action).toHaveProperty('disabled', false);

    fireEvent.click(action);
    await waitFor(() => expect(input.value).toBe('最小訂購量為 100 件。'));
    expect(calls.at(-1)).toEqual({
      url: '/api/visitor-sessions/5/reply-translation',
      body: { text: 'The minimum order is 100 pieces.' },
    });
    expect(screen.getByTestId('reply-translated').textContent).toContain(
      'Translated into 繁體中文. Check it, then send.',
    );
    // Nothing was sent: the staff send it themselves.
    expect(calls.some((call) => call.url.endsWith('/reply'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Back to my text' }));
    expect(input.value).toBe('The minimum order is 100 pieces.');
    expect(screen.queryByTestId('reply-translated')).toBeNull();
  });
});
