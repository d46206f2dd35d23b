import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { LANGUAGE_STORAGE_KEY } from '#shared/limits.ts';
import { resetToasts } from '../components/ui/use-toast.ts';
import { AppProviders } from '../providers.tsx';
import { installBrowserStubs, jsonResponse } from '../test/render.tsx';
import { createQueryClient } from './query-client.ts';
import { CURRENT_USER_KEY, useLogout } from './session.ts';

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
});

describe('logout', () => {
  it('keeps selectedLanguage and clears everything else', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'zh-TW');
    localStorage.setItem('draftCard', '{"companyName":"Hengtai"}');
    sessionStorage.setItem('wizardStep', '2');
    document.cookie = 'sid=stale; path=/';
    document.cookie = 'sessionToken=stale; path=/';

    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    const queryClient = createQueryClient();
    queryClient.setQueryData(CURRENT_USER_KEY, { id: 1, username: 'alice' });
    queryClient.setQueryData(['/api/business-cards'], [{ id: 3 }]);
    const location = memoryLocation({ path: '/user-management', record: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>
        <Router hook={location.hook}>{children}</Router>
      </AppProviders>
    );

    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/logout');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');

    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-TW');
    expect(localStorage.length).toBe(1);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).not.toMatch(/(^|;\s*)(sid|sessionToken)=/);
    expect(queryClient.getQueryData(['/api/business-cards'])).toBeUndefined();
    expect(queryClient.getQueryData(CURRENT_USER_KEY)).toBeNull();
    expect(location.history.at(-1)).toBe('/login');
  });

  it('keeps the session data and storage when the server refuses', async () => {
    localStorage.setItem('draftCard', 'x');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { error: 'boom', code: 'INTERNAL' })),
    );
    const queryClient = createQueryClient();
    const location = memoryLocation({ path: '/user-management', record: true });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>
        <Router hook={location.hook}>{children}</Router>
      </AppProviders>
    );
    const { result } = renderHook(() => useLogout(), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(localStorage.getItem('draftCard')).toBe('x');
    expect(location.history.at(-1)).toBe('/user-management');
  });
});
