import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '#shared/i18n/en.json';
import type { TCitation, TStoredChatMessage } from '#shared/schemas/chat.ts';
import { MessageBubble } from '#web/components/chat/message-list.tsx';
import { MessageBubble as OwnerMessageBubble } from '#web/components/conversation/message-bubble.tsx';
import { setLanguage } from '#web/i18n/index.ts';
import type { Translate } from '#web/lib/chat/i18n.ts';
import type { ChatItem } from '#web/lib/chat/chat-items.ts';
import { installBrowserStubs, renderWithApp } from '#web/test/render.tsx';
import { LazySourceViewer, type ViewerState } from './lazy-source-viewer.tsx';

/*
 * Source previews as a buyer meets them under an answer: page thumbnails (the chip comes back
 * when a page cannot be shown), the product's picture above the text, and the full-screen
 * viewer driven from the keyboard. The data has the shape of the chat contract
 * (src/shared/schemas/chat.ts); the owner's conversation shows the same viewer.
 */

type Tree = { [key: string]: string | Tree };

/** The English texts, as the chat's own `t` gives them. */
const t: Translate = (key, values) => {
  let node: string | Tree | undefined = en as Tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  const text = typeof node === 'string' ? node : key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values?.[name] ?? ''));
};

const catalogue: TCitation = {
  documentName: 'hengtai-catalogue.pdf',
  page: 3,
  excerpt: 'HT-200 hydraulic press, 200 t, 380 V',
  documentId: 12,
  previewUrl: '/api/documents/12/pages/3/preview?mark=abc',
};
const datasheet: TCitation = {
  documentName: 'hengtai-datasheet.pdf',
  page: 1,
  excerpt: 'Lead time 30 days',
  documentId: 14,
  previewUrl: '/api/documents/14/pages/1/preview?mark=def',
};
/** The exhibitor's own answer: no document, no page to show. */
const ownAnswer: TCitation = {
  documentName: 'Answer from Hengtai',
  page: null,
  excerpt: 'We ship from Guangzhou.',
  documentId: null,
  previewUrl: null,
};

const answer: ChatItem = {
  key: 'm1:answer',
  role: 'assistant',
  content: 'The HT-200 presses 200 t [1]; lead time is 30 days [2].',
  citations: [catalogue, datasheet, ownAnswer],
  images: [
    { url: '/api/documents/12/pages/3/images/0', width: 640, height: 480, documentId: 12, page: 3 },
  ],
  createdAt: '2026-11-26T10:00:00.000Z',
};

/** The chat's bubble with the page's viewer state, as ChatPage holds it. */
function Chat({ item = answer }: { item?: ChatItem }) {
  const [viewer, setViewer] = useState<ViewerState | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const close = useCallback(() => setViewer(null), []);
  return (
    <>
      <ol>
        <MessageBubble
          t={t}
          item={item}
          onOpenSource={(citation) => setOpened(citation.documentName)}
          onPreview={setViewer}
          onRetry={() => {}}
        />
      </ol>
      <p data-testid="sheet-opened">{opened}</p>
      <LazySourceViewer t={t} state={viewer} onClose={close} />
    </>
  );
}

const thumbnails = () => screen.getAllByTestId('source-thumbnail');
const key = (name: string) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key: name });

beforeEach(() => {
  installBrowserStubs();
  history.replaceState(null, '');
});
afterEach(cleanup);

describe('source thumbnails under an answer', () => {
  it('shows a lazily loaded page image per previewable source, and the chip for the rest', () => {
    render(<Chat />);
    expect(thumbnails()).toHaveLength(2);
    const [first, second] = thumbnails() as [HTMLElement, HTMLElement];
    expect(first.getAttribute('aria-label')).toBe('Source 1: hengtai-catalogue.pdf, p. 3');
    expect(first.textContent).toBe('p. 3');
    const image = first.querySelector('img')!;
    expect(image.getAttribute('src')).toBe(catalogue.previewUrl);
    expect(image.getAttribute('loading')).toBe('lazy');
    // A fixed box: the list does not jump when the image arrives.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['56', '80']);
    expect(second.getAttribute('aria-label')).toBe('Source 2: hengtai-datasheet.pdf, p. 1');
    // The exhibitor's own answer has no page: its chip, as before.
    const chips = screen.getAllByTestId('citation-chip');
    expect(chips.map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Source 3: Answer from Hengtai',
    ]);
    // The answer's text is there, whatever the images do.
    expect(screen.getByTestId('chat-message').textContent).toContain('lead time is 30 days');
  });

  it('puts the source chip back when a page image cannot be loaded', () => {
    render(<Chat />);
    fireEvent.error(thumbnails()[0]!.querySelector('img')!);
    expect(thumbnails()).toHaveLength(1);
    const chips = screen.getAllByTestId('citation-chip');
    expect(chips[0]!.getAttribute('aria-label')).toBe('Source 1: hengtai-catalogue.pdf, p. 3');
    // The chip opens the quoted passage, as it did before previews.
    fireEvent.click(chips[0]!);
    expect(screen.getByTestId('sheet-opened').textContent).toBe('hengtai-catalogue.pdf');
  });

  it('shows no thumbnail for a stored answer without preview addresses', () => {
    const { previewUrl: _a, ...old } = catalogue;
    render(<Chat item={{ ...answer, citations: [old], images: undefined }} />);
    expect(screen.queryAllByTestId('source-thumbnail')).toHaveLength(0);
    expect(screen.getAllByTestId('citation-chip')).toHaveLength(1);
    expect(screen.queryByTestId('answer-pictures')).toBeNull();
  });

  it("shows the product's picture above the answer's text, its space reserved", () => {
    render(<Chat />);
    const picture = screen.getByTestId('answer-picture');
    expect(picture.getAttribute('width')).toBe('640');
    expect(picture.getAttribute('height')).toBe('480');
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect(picture.getAttribute('alt')).toBe('Picture from hengtai-catalogue.pdf, p. 3');
    // Above the text: the pictures come first in the answer's bubble.
    const pictures = screen.getByTestId('answer-pictures');
    const bubble = pictures.parentElement!;
    expect(bubble.firstElementChild).toBe(pictures);
    expect(bubble.textContent).toMatch(/^The HT-200 presses 200 t/);
  });
});

describe('the source viewer', () => {
  async function openFirst() {
    render(<Chat />);
    const thumbnail = thumbnails()[0]!;
    thumbnail.focus();
    fireEvent.click(thumbnail);
    const viewer = await screen.findByTestId('source-viewer');
    return { thumbnail, viewer };
  }

  it('opens on the tapped page as a labelled dialog with the focus inside', async () => {
    const { viewer } = await openFirst();
    expect(viewer.getAttribute('role')).toBe('dialog');
    expect(screen.getByRole('dialog', { name: 'hengtai-catalogue.pdf, p. 3' })).toBe(viewer);
    expect(viewer.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(viewer.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain('Source 1 of 2');
    const image = within(viewer).getByTestId('source-viewer-image');
    expect(image.getAttribute('src')).toBe(catalogue.previewUrl);
    expect(image.getAttribute('alt')).toContain('HT-200 hydraulic press');
    await waitFor(() => expect(viewer.contains(document.activeElement)).toBe(true));
  });

  it('switches between the answer’s sources with the arrow keys, and stops at the ends', async () => {
    const { viewer } = await openFirst();
    const title = () => within(viewer).getByTestId('source-viewer-title').textContent;
    const count = () => within(viewer).getByTestId('source-viewer-count').textContent;
    expect(count()).toBe('1 / 2');
    key('ArrowLeft');
    expect(title()).toBe('hengtai-catalogue.pdf, p. 3');
    key('ArrowRight');
    expect(title()).toBe('hengtai-datasheet.pdf, p. 1');
    expect(count()).toBe('2 / 2');
    expect(within(viewer).getByTestId('source-viewer-image').getAttribute('src')).toBe(
      datasheet.previewUrl,
    );
    key('ArrowRight');
    expect(title()).toBe('hengtai-datasheet.pdf, p. 1');
    expect(within(viewer).getByTestId('source-viewer-next')).toHaveProperty('disabled', true);
    fireEvent.click(within(viewer).getByTestId('source-viewer-previous'));
    expect(title()).toBe('hengtai-catalogue.pdf, p. 3');
  });

  it('zooms with its button and the + / - keys, and each slide opens whole', async () => {
    const { viewer } = await openFirst();
    const stage = within(viewer).getByTestId('source-viewer-stage');
    const zoom = within(viewer).getByTestId('source-viewer-zoom');
    expect(stage.dataset.scale).toBe('1.00');
    expect(zoom.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(zoom);
    expect(stage.dataset.scale).toBe('2.50');
    expect(zoom.getAttribute('aria-pressed')).toBe('true');
    key('-');
    expect(stage.dataset.scale).toBe('1.67');
    key('ArrowRight');
    expect(stage.dataset.scale).toBe('1.00');
    key('+');
    expect(stage.dataset.scale).toBe('1.50');
  });

  it('closes with Escape and gives the focus back to the thumbnail', async () => {
    const { thumbnail } = await openFirst();
    key('Escape');
    await waitFor(() => expect(screen.queryByTestId('source-viewer')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbnail));
  });

  it('closes with its close button', async () => {
    const { viewer, thumbnail } = await openFirst();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('source-viewer')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbnail));
  });

  it('closes with the back button, leaving the chat where it was', async () => {
    await openFirst();
    // Its own history entry: back leaves the viewer, not the chat.
    await act(async () => {
      history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    await waitFor(() => expect(screen.queryByTestId('source-viewer')).toBeNull());
    expect(screen.getByTestId('chat-message')).toBeTruthy();
  });

  it('shows the quoted passage when the page image cannot be loaded', async () => {
    const { viewer } = await openFirst();
    fireEvent.error(within(viewer).getByTestId('source-viewer-image'));
    const status = within(viewer).getByRole('status');
    expect(status.textContent).toContain('This page cannot be shown right now.');
    expect(status.textContent).toContain('HT-200 hydraulic press, 200 t, 380 V');
    expect(within(viewer).getByTestId('source-viewer-zoom')).toHaveProperty('disabled', true);
  });

  it("opens the answer's picture, enlarged", async () => {
    render(<Chat />);
    fireEvent.click(screen.getByTestId('answer-picture'));
    const viewer = await screen.findByTestId('source-viewer');
    expect(within(viewer).getByTestId('source-viewer-title').textContent).toBe(
      'Picture from hengtai-catalogue.pdf, p. 3',
    );
    expect(within(viewer).getByTestId('source-viewer-image').getAttribute('src')).toBe(
      '/api/documents/12/pages/3/images/0',
    );
  });
});

describe("the owner's conversation", () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('shows the pages the buyer saw and opens the same viewer', async () => {
    const message: TStoredChatMessage = {
      role: 'assistant',
      content: answer.content,
      citations: answer.citations,
      images: answer.images,
      createdAt: answer.createdAt,
    };
    renderWithApp(
      <ol>
        <OwnerMessageBubble message={message} customerId={5} />
      </ol>,
    );
    expect(screen.getByRole('list', { name: 'Pages the visitor saw' })).toBeTruthy();
    expect(thumbnails().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Source 1: hengtai-catalogue.pdf, p. 3',
      'Source 2: hengtai-datasheet.pdf, p. 1',
    ]);
    // The excerpt chips stay, one per source.
    expect(screen.getAllByTestId('conversation-source')).toHaveLength(3);
    expect(screen.getByTestId('answer-picture').getAttribute('alt')).toBe(
      'Picture from hengtai-catalogue.pdf, p. 3',
    );

    const second = thumbnails()[1]!;
    second.focus();
    fireEvent.click(second);
    const viewer = await screen.findByTestId('source-viewer');
    expect(within(viewer).getByTestId('source-viewer-title').textContent).toBe(
      'hengtai-datasheet.pdf, p. 1',
    );
    key('ArrowLeft');
    expect(within(viewer).getByTestId('source-viewer-title').textContent).toBe(
      'hengtai-catalogue.pdf, p. 3',
    );
    key('Escape');
    await waitFor(() => expect(screen.queryByTestId('source-viewer')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(second));
  });
});
