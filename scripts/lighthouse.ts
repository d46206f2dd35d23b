/*
 * `npm run lighthouse`: Lighthouse (mobile, its default) on the pages buyers and prospects open
 * on a phone: the visitor chat of a real card, the landing page and the card showcase.
 * Starts the built server on a fresh data folder, builds a card from the sample FAQ through
 * the API, then runs Debian's Chromium headless. Prints performance and accessibility scores.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { firstLink, latestMailTo } from '../src/server/test/mail-outbox.ts';

const run = promisify(execFile);
const PORT = 5399;
const BASE = `http://localhost:${PORT}`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-lighthouse-'));
// Its own process group, so stopping it stops tsx's node child too.
const server = spawn('node_modules/.bin/tsx', ['src/server/main.ts'], {
  detached: true,
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: BASE,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100',
  },
  stdio: 'inherit',
});

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

async function cardWithDocuments(): Promise<number> {
  const account = {
    username: 'lighthouse',
    email: 'lighthouse@example.com',
    password: 'Lighthouse-2026',
  };
  await fetch(`${BASE}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const mail = await latestMailTo(path.join(dataDir, 'mail'), account.email);
    link = mail && firstLink(mail);
    if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await fetch(link!, { redirect: 'manual' });
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: account.username, password: account.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const session = await fetch(`${BASE}/api/business-card-session`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  const { businessCardId } = (await session.json()) as { businessCardId: number };
  // Visitors reach only finished cards.
  await fetch(`${BASE}/api/business-cards/${businessCardId}/finalize`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: '{}',
  });
  const form = new FormData();
  form.append('businessCardId', String(businessCardId));
  form.append(
    'documents',
    new Blob([await fs.readFile('fixtures/hengtai/hengtai-faq.txt')]),
    'faq.txt',
  );
  await fetch(`${BASE}/api/documents`, { method: 'POST', headers: { cookie }, body: form });
  return businessCardId;
}

async function audit(url: string): Promise<{ performance: number; accessibility: number }> {
  const { stdout } = await run(
    'node_modules/.bin/lighthouse',
    [
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
  );
  const report = JSON.parse(stdout) as { categories: Record<string, { score: number }> };
  return {
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
  };
}

try {
  await waitForServer();
  const cardId = await cardWithDocuments();
  const pages = [
    ['visitor chat (target performance >= 95)', `${BASE}/chat/card/${cardId}?src=qr`],
    ['landing page (targets 90 / 95)', `${BASE}/`],
    ['card showcase (targets 90 / 95)', `${BASE}/card-demo`],
  ] as const;
  const rows = [];
  for (const [name, url] of pages) {
    console.log(`auditing ${url}`);
    rows.push({ page: name, ...(await audit(url)) });
  }
  console.table(rows);
} finally {
  process.kill(-server.pid!, 'SIGTERM');
  await fs.rm(dataDir, { recursive: true, force: true });
}
