import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '#web/App.tsx';
import { installBrowserStubs, jsonResponse, renderWithApp } from '#web/test/render.tsx';
import { resetToasts } from '../ui/use-toast.ts';

// A Simplified Chinese browser: with no saved choice the interface starts in zh-CN.
vi.hoisted(() => {
  Object.defineProperty(navigator, 'languages', { value: ['zh-CN'], configurable: true });
});

const signedInUser = {
  id: 7,
  username: 'alice',
  email: 'alice@example.com',
  emailVerified: true,
  organization: null,
  phone: null,
  logoUrl: null,
  vipPromotionCode: null,
  companyName: null,
  companyLogo: null,
  website: null,
  address: null,
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('RequireAuth on a login-required route', () => {
  it('shows a spinner, then the 需要登录 toast and sends a signed-out visitor to /login?next=…', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const { history } = renderWithApp(<App />, { path: '/my-cards' });

    // While the session check is in flight: a spinner with its status text, no page, no toast.
    expect(await screen.findByText('正在检查登录状态…')).toBeTruthy();
    expect(screen.queryByText('需要登录')).toBeNull();
    expect(history.at(-1)).toBe('/my-cards');

    answer(jsonResponse(401, { error: '请先登录。', code: 'UNAUTHENTICATED' }));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('需要登录');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    await waitFor(() => expect(history.at(-1)).toBe('/login?next=%2Fmy-cards'));
    expect(await screen.findByRole('heading', { name: '登录' }, { timeout: 5000 })).toBeTruthy();

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/user');
    expect(init.credentials).toBe('include');
    expect((init.headers as Record<string, string>)['x-language']).toBe('zh-CN');
  });

  it('lets a signed-in user through without a toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/business-cards'
          ? jsonResponse(200, [])
          : jsonResponse(200, { user: signedInUser }),
      ),
    );

    const { history } = renderWithApp(<App />, { path: '/my-cards' });

    // The page is a lazy chunk: allow for a busy machine.
    expect(
      await screen.findByRole('heading', { name: '你好，alice' }, { timeout: 5000 }),
    ).toBeTruthy();
    expect(await screen.findByTestId('cards-empty')).toBeTruthy();
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(history.at(-1)).toBe('/my-cards');
  });

  it('sends a non-numeric id to the home page before any login prompt', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { error: 'x', code: 'UNAUTHENTICATED' })),
    );
    const { history } = renderWithApp(<App />, { path: '/result/abc' });
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(screen.queryByText('需要登录')).toBeNull();
  });
});
