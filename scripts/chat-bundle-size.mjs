#!/usr/bin/env node
/*
 * What a phone transfers to open a card's chat page: the scripts and stylesheets as Chromium
 * receives them (encoded bytes: each body as sent, brotli or gzip), from the QR link until the
 * network is idle. The budget: 70 KiB. The response headers of those requests are printed
 * beside it (they depend on the server's headers, not on the page's code).
 *
 *   npm run build && node scripts/chat-bundle-size.mjs [--budget 70] [--json]
 *
 * It starts the built server (dist/server/main.js) on a fresh data folder, registers and
 * verifies an owner as a person would (the mailed link's token), makes a finished card, then
 * opens /chat/card/{id}?src=qr in Debian's Chromium emulating a phone, once for a browser in
 * each interface language (each language's texts are a download of their own): the figure is
 * the heaviest of the three. Idle: no request other than the page's live channels
 * (EventSource, WebSocket) in flight for 500 ms. `npm run bench -- chat-weight` prints it.
 *
 * Exits 1 when the total is over the budget (KiB = 1024 bytes), 2 when the build is missing.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { chromium, devices } from 'playwright-core';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? fallback : args[index + 1];
};
const budgetKiB = Number(option('budget', '70'));
/** A phone's browser in each interface language (the page's own default is zh-CN). */
const LOCALES = ['zh-CN', 'en-US', 'zh-TW'];
const asJson = args.includes('--json');
const port = Number(option('port', '5391'));
const origin = `http://127.0.0.1:${port}`;
/** Requests that stay open while the page lives: not part of "until the network is idle". */
const LIVE_TYPES = new Set(['eventsource', 'websocket']);
const IDLE_MS = 500;

if (!['dist/web/chat.html', 'dist/server/main.js'].every((file) => existsSync(file))) {
  console.error('The build is missing: run `npm run build` first.');
  process.exit(2);
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-chat-weight-'));
const server = spawn(process.execPath, ['dist/server/main.js'], {
  detached: true,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the built server did not start');
}

async function call(method, url, { cookie, body, form } = {}) {
  const headers = { origin };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${origin}${url}`, {
    method,
    headers,
    body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  if (!response.ok)
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** The verification token of the newest mail in the outbox (the link a person would open). */
async function mailedToken() {
  const outbox = path.join(dataDir, 'mail');
  for (let attempt = 0; attempt < 100; attempt++) {
    const names = (await fs.readdir(outbox).catch(() => [])).filter((n) => n.endsWith('.eml'));
    if (names.length > 0) {
      const mail = await simpleParser(await fs.readFile(path.join(outbox, names.sort().at(-1))));
      const token = /[?&]token=([^\s&"'<>]+)/.exec(mail.text ?? '')?.[1];
      if (token) return decodeURIComponent(token);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('no verification mail arrived');
}

/** A finished card of a new, verified owner: what a buyer's QR scan opens. */
async function finishedCard() {
  const account = { username: 'weigher', email: 'weigher@example.com', password: 'Weigher-2026' };
  await call('POST', '/api/auth/register', { body: account });
  const verified = await call('POST', '/api/auth/verify-email', {
    body: { token: await mailedToken(), password: account.password },
  });
  const cookie = verified.headers.get('set-cookie').split(';')[0];
  const form = new FormData();
  form.append('companyName', 'Weigh Pumps Co.');
  form.append('contactName', 'Li Wei');
  form.append('email', 'sales@weigh.example');
  const created = await call('POST', '/api/business-cards', { cookie, form });
  const { id } = await created.json();
  await call('POST', `/api/business-cards/${id}/finalize`, { cookie, body: {} });
  return id;
}

/** Every script and stylesheet the page receives until the network is idle. */
async function weighChatPage(url, locale) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], locale });
    const page = await context.newPage();
    const inFlight = new Set();
    let lastActivity = Date.now();
    const pending = [];
    const onStart = (request) => {
      lastActivity = Date.now();
      if (!LIVE_TYPES.has(request.resourceType())) inFlight.add(request);
    };
    const onEnd = (request) => {
      lastActivity = Date.now();
      inFlight.delete(request);
    };
    page.on('request', onStart);
    page.on('requestfailed', onEnd);
    page.on('requestfinished', (request) => {
      onEnd(request);
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          file: new URL(request.url()).pathname,
          type,
          encoding: response?.headers()['content-encoding'] ?? 'identity',
          bytes: sizes.responseBodySize,
          headerBytes: sizes.responseHeadersSize,
        })),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.getByTestId('chat-page').waitFor();
    while (inFlight.size > 0 || Date.now() - lastActivity < IDLE_MS)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const status = await page.getByTestId('chat-page').getAttribute('data-status');
    if (status !== 'ready') throw new Error(`the chat page did not open (status ${status})`);
    return (await Promise.all(pending)).sort((a, b) => b.bytes - a.bytes);
  } finally {
    await browser.close();
  }
}

/** 0 within the budget, 1 over it, 2 not measured. */
let exitCode = 2;
try {
  await waitForServer();
  const cardId = await finishedCard();
  const kib = (value) => (value / 1024).toFixed(1);
  const pages = [];
  for (const locale of LOCALES) {
    const files = await weighChatPage(`${origin}/chat/card/${cardId}?src=qr`, locale);
    const sum = (key) => files.reduce((total, file) => total + file[key], 0);
    pages.push({ locale, files, bytes: sum('bytes'), headerBytes: sum('headerBytes') });
  }
  const heaviest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const within = heaviest.bytes <= budgetKiB * 1024;
  if (asJson) console.log(JSON.stringify({ pages, kib: heaviest.bytes / 1024, budgetKiB, within }));
  else {
    for (const { locale, files, bytes, headerBytes } of pages) {
      console.log(`Chat page (/chat/card/{id}) on a phone in ${locale}: ${files.length} files`);
      for (const file of files)
        console.log(
          `  ${kib(file.bytes).padStart(6)} KiB  ${file.encoding.padEnd(8)} ${file.type.padEnd(10)} ${file.file}`,
        );
      console.log(
        `  ${kib(bytes).padStart(6)} KiB in all (and ${kib(headerBytes)} KiB of response headers)`,
      );
    }
    console.log(
      `Heaviest (${heaviest.locale}): ${kib(heaviest.bytes)} KiB transferred; budget ${budgetKiB} KiB: ${within ? 'within' : 'OVER'}`,
    );
  }
  exitCode = within ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  process.kill(-server.pid, 'SIGTERM');
  await fs.rm(dataDir, { recursive: true, force: true }).catch(() => {});
}
process.exit(exitCode);
