import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';
import { setLanguage } from '../i18n/index.ts';
import { installBrowserStubs, jsonResponse, renderWithApp } from '../test/render.tsx';
import RegisterPage from './register.tsx';

// A Simplified Chinese browser: with no saved choice the interface starts in zh-CN.
vi.hoisted(() => {
  Object.defineProperty(navigator, 'languages', { value: ['zh-CN'], configurable: true });
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
});

afterEach(async () => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  await setLanguage('zh-CN');
});

describe('registration form', () => {
  it('shows the password mismatch under the confirmation field, in the current language', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<RegisterPage />, { path: '/register' });

    fill('用户名', 'alice');
    fill('邮箱', 'alice@example.com');
    fill('密码', 'correct-horse');
    fill('确认密码', 'battery-staple');
    fireEvent.click(screen.getByRole('button', { name: '创建账户' }));

    const message = await screen.findByText('两次输入的密码不一致');
    const confirm = screen.getByLabelText('确认密码');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(confirm.getAttribute('aria-describedby')).toContain(message.id);
    // The message belongs to the confirmation only.
    expect(screen.getByLabelText('密码').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    await setLanguage('en');
    expect(await screen.findByText('Passwords do not match')).toBeTruthy();
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.queryByText('两次输入的密码不一致')).toBeNull();
  });

  it('says "Passwords do not match" for a short confirmation that differs, not the length rule', async () => {
    await setLanguage('en');
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<RegisterPage />, { path: '/register' });

    // Another field is wrong too: the mismatch is still named.
    fill('Username', 'ab');
    fill('Email', 'alice@example.com');
    fill('Password', 'correct-horse');
    fill('Confirm password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    const message = await screen.findByText('Passwords do not match');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-describedby')).toContain(
      message.id,
    );
    expect(screen.queryByText('Password must be at least 8 characters')).toBeNull();
    expect(screen.getByText('Username must be 3 to 50 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    // Matching now: the message goes, and a short password is named on the password itself.
    fill('Password', 'short');
    fill('Confirm password', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBeNull();
  });

  it('asks before overwriting an existing account and reports the update', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(409, { error: '用户已存在 (User already exists)', code: 'USER_EXISTS' }),
      )
      .mockResolvedValueOnce(
        jsonResponse(200, {
          user: {
            id: 1,
            username: 'alice',
            email: 'alice@example.com',
            emailVerified: false,
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
          },
          updated: true,
          verificationSent: true,
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<RegisterPage />, { path: '/register' });

    fill('用户名', 'alice');
    fill('邮箱', 'alice@example.com');
    fill('密码', 'correct-horse');
    fill('确认密码', 'correct-horse');
    fireEvent.click(screen.getByRole('button', { name: '创建账户' }));

    const dialog = await screen.findByTestId('overwrite-dialog');
    expect(dialog.textContent).toContain('该账户已存在');
    fireEvent.click(screen.getByRole('button', { name: '更新账户' }));

    expect(await screen.findByTestId('register-success')).toBeTruthy();
    expect(screen.getByText('账户已更新', { selector: 'h1' })).toBeTruthy();

    const bodies = fetchMock.mock.calls.map(([, init]) =>
      JSON.parse((init as RequestInit).body as string),
    );
    expect(bodies[0]).not.toHaveProperty('confirmPassword');
    expect(bodies[0].overwrite).toBeUndefined();
    expect(bodies[1]).toMatchObject({
      username: 'alice',
      email: 'alice@example.com',
      overwrite: true,
    });
    await waitFor(() => expect(screen.queryByTestId('overwrite-dialog')).toBeNull());
  });
});
