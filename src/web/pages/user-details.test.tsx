import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToasts } from '../components/ui/use-toast.ts';
import { setLanguage } from '../i18n/index.ts';
import { installBrowserStubs, jsonResponse, renderWithApp } from '../test/render.tsx';
import UserDetailsPage from './user-details.tsx';

// A Simplified Chinese browser: with no saved choice the interface starts in zh-CN.
vi.hoisted(() => {
  Object.defineProperty(navigator, 'languages', { value: ['zh-CN'], configurable: true });
});

const user = {
  id: 7,
  username: 'liwei',
  email: 'liwei@example.com',
  emailVerified: true,
  organization: 'Hengtai',
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

const owner = {
  id: 7,
  username: 'liwei',
  companyName: '恒泰机械',
  companyLogo: '/api/files/logos/7/a.png',
  email: 'liwei@example.com',
  phone: '+86 20 8888 6666',
  website: 'hengtai.example',
  address: null,
};

/** A field by its label's words; a required field's label ends in its * mark. */
const labelled = (label: string | RegExp) =>
  typeof label === 'string' ? new RegExp(`^${label}\\*?$`) : label;

function fill(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(labelled(label)), { target: { value } });
}

const logo = () => new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

beforeEach(() => {
  installBrowserStubs();
  localStorage.clear();
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

afterEach(async () => {
  cleanup();
  resetToasts();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await setLanguage('zh-CN');
});

describe('company details form', () => {
  it('shows the field messages in Chinese, the logo included, before anything is sent', async () => {
    const fetchMock = vi.fn(async (_url: string) => jsonResponse(200, { user }));
    vi.stubGlobal('fetch', fetchMock);
    renderWithApp(<UserDetailsPage />, { path: '/user-details' });

    await screen.findByLabelText(labelled('姓名'));
    fill('姓名', 'A');
    fill('公司名称', 'H');
    fill(/^邮箱/, 'not-an-email');
    fireEvent.click(screen.getByTestId('details-submit'));

    expect(await screen.findByText('用户名至少2个字符')).toBeTruthy();
    expect(screen.getByText('公司名称至少2个字符')).toBeTruthy();
    expect(screen.getByText('请输入有效邮箱')).toBeTruthy();
    expect(screen.getByText('请输入联系电话')).toBeTruthy();
    expect(screen.getByText('请输入公司网址')).toBeTruthy();
    expect(screen.getByText('请上传公司logo')).toBeTruthy();
    // Only the session check went out.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user']);
  });

  it('refuses a logo over 5 MB (the one logo rule) with the destructive toast', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { user })),
    );
    renderWithApp(<UserDetailsPage />, { path: '/user-details' });
    const input = await screen.findByTestId('logo-input');
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('请选择不超过 5 MB 的图片');
    expect(toast.getAttribute('data-variant')).toBe('destructive');
    expect(screen.queryByTestId('logo-preview')).toBeNull();
  });

  it('marks the required fields before anything is sent, and states the logo rule', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { user })),
    );
    await setLanguage('en');
    renderWithApp(<UserDetailsPage />, { path: '/user-details' });
    await screen.findByLabelText(labelled('Your name'));

    expect(screen.getByTestId('required-note').textContent).toBe('Fields marked * are required.');
    for (const label of ['Your name', 'Company name', 'Phone', 'Website']) {
      const field = screen.getByLabelText(labelled(label));
      expect(field.getAttribute('aria-required'), label).toBe('true');
      const mark = document.querySelector(`label[for="${field.id}"] [data-required-mark]`);
      expect(mark?.textContent, label).toBe('*');
      expect(mark?.getAttribute('aria-hidden'), label).toBe('true');
    }
    for (const label of [/^Email/, /^Address/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-required')).toBeNull();
    }
    const logo = screen.getByTestId('logo-input');
    expect(logo.hasAttribute('required')).toBe(true);
    expect(logo.getAttribute('accept')).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(screen.getByTestId('logo-input-hint').textContent).toBe(
      'PNG, JPG, GIF or WebP, up to 5 MB. Shown in a circle on your card.',
    );
  });

  it('saves the profile, creates the card and goes to the upload with both ids', async () => {
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/users') return jsonResponse(200, owner);
      if (url === '/api/business-cards' && init?.method === 'POST') {
        return jsonResponse(201, { id: 12, userId: 7 });
      }
      return jsonResponse(200, { user });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { history } = renderWithApp(<UserDetailsPage />, { path: '/user-details' });

    await screen.findByLabelText(labelled('姓名'));
    fill('姓名', '李伟');
    fill('公司名称', '恒泰机械');
    fill('联系电话', '+86 20 8888 6666');
    fill('公司网址', 'hengtai.example');
    fireEvent.change(screen.getByTestId('logo-input'), { target: { files: [logo()] } });
    expect(await screen.findByTestId('logo-preview')).toBeTruthy();
    fireEvent.click(screen.getByTestId('details-submit'));

    await waitFor(() => expect(history.at(-1)).toBe('/document-upload/7?businessCardId=12'));
    const calls = fetchMock.mock.calls.filter(([url]) => url !== '/api/auth/user');
    expect(calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/users',
      'POST /api/business-cards',
    ]);
    const profile = calls[0]?.[1]?.body as FormData;
    expect(profile.get('username')).toBe('李伟');
    expect(profile.get('companyLogo')).toBeInstanceOf(File);
    const headers = calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['Content-Type']).toBeUndefined();
    const card = calls[1]?.[1]?.body as FormData;
    expect(card.get('template')).toBe('modern');
    expect(card.get('includeQR')).toBe('true');
    expect(card.get('contactName')).toBe('李伟');
  });

  it('on an expired session shows 认证失败，请重新登录 and goes to /login after 1.5 s', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/users'
          ? jsonResponse(401, { error: '请先登录。', code: 'UNAUTHENTICATED' })
          : jsonResponse(200, { user }),
      ),
    );
    const { history } = renderWithApp(<UserDetailsPage />, { path: '/user-details' });
    await screen.findByLabelText(labelled('姓名'));
    fill('联系电话', '1');
    fill('公司网址', 'x');
    fill('公司名称', '恒泰机械');
    fireEvent.change(screen.getByTestId('logo-input'), { target: { files: [logo()] } });
    fireEvent.click(screen.getByTestId('details-submit'));

    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('认证失败，请重新登录');
    expect(history.at(-1)).toBe('/user-details');
    await waitFor(() => expect(history.at(-1)).toBe('/login'), { timeout: 3000 });
  });
});
