import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 5199);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
export const E2E_ADMIN_EMAIL = 'admin@e2e.docucard.test';

/*
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built
 * server (dist/server, no TypeScript loader) on a fresh PGlite in .tmp/e2e-data. One worker: the flows share one server.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // The built server, as in production (`npm run build` first; test:e2e does it).
    command: `rm -rf ${E2E_DATA_DIR} && node dist/server/main.js`,
    url: `http://localhost:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      // Every browser test signs up from 127.0.0.1; the limit itself is covered by integration tests.
      AUTH_RATE_LIMIT_PER_MINUTE: '200',
      LOG_LEVEL: 'warn',
    },
  },
});
