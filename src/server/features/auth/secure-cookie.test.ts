import { afterAll, beforeAll, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/limits.ts';
import { api, createTestApp, signUp, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://cards.example.com' } });
});
afterAll(() => t.close());

it('marks the session cookie Secure when the public URL is https', async () => {
  const user = await signUp(t);
  const response = await api(t, 'POST', '/api/auth/login', {
    body: { username: user.username, password: user.password },
  });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
  expect(cookie.secure).toBe(true);
  expect(cookie.httpOnly).toBe(true);
});
