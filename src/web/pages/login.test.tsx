import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';
import { setLanguage } from '../i18n/index.ts';
import { installBrowserStubs, jsonResponse, renderWithApp } from '../test/render.tsx';
import LoginPage from './login.tsx';

const user = {
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

function guide(overrides: { welcomeSeen?: boolean; completedCount?: number } = {}) {
  return {
    steps: [],
    completedCount: 0,
    totalSteps: 5,
    progress: 0,
    pointsEarned: 0,
    pointsTotal: 700,
    minutesLeft: 18,
    minutesTotal: 18,
    welcomeSeen: false,
    ...overrides,
  };
}

/** The server: the login answer given, the guide as given, signed out before. */
function server(login: { firstLogin: boolean }, onboarding = guide()) {
  return vi.fn(async (url: string) => {
    if (url === '/api/auth/login') return jsonResponse(200, { user, ...login });
    if (url === '/api/onboarding') return jsonResponse(200, onboarding);
    return jsonResponse(200, { user: null });
  });
}

async function logIn() {
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: 'alice' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
  return screen.findByTestId('toast');
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

describe('logging in', () => {
  it('greets a first login with "Welcome", not "Welcome back", and opens the guide', async () => {
    vi.stubGlobal('fetch', server({ firstLogin: true }));
    const { history } = renderWithApp(<LoginPage />, { path: '/login' });
    const toast = await logIn();
    expect(toast.textContent).toContain('Welcome, alice!');
    expect(toast.textContent).not.toContain('Welcome back');
    await waitFor(() => expect(history.at(-1)).toBe('/onboarding'));
  });

  it('welcomes back a returning user, and goes to the cards once the guide was dismissed', async () => {
    vi.stubGlobal('fetch', server({ firstLogin: false }, guide({ welcomeSeen: true })));
    const { history } = renderWithApp(<LoginPage />, { path: '/login' });
    const toast = await logIn();
    expect(toast.textContent).toContain('Welcome back, alice!');
    await waitFor(() => expect(history.at(-1)).toBe('/my-cards'));
  });

  it('does not open a guide whose every step is done', async () => {
    vi.stubGlobal('fetch', server({ firstLogin: false }, guide({ completedCount: 5 })));
    const { history } = renderWithApp(<LoginPage />, { path: '/login' });
    await logIn();
    await waitFor(() => expect(history.at(-1)).toBe('/my-cards'));
  });

  it('keeps the page the user asked for, guide or not', async () => {
    vi.stubGlobal('fetch', server({ firstLogin: true }));
    const { history } = renderWithApp(<LoginPage />, { path: '/login?next=%2Fanalytics' });
    await logIn();
    await waitFor(() => expect(history.at(-1)).toBe('/analytics'));
  });
});
