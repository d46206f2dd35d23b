import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoAxeViolations } from '../support/axe.ts';
import {
  expect,
  mailedLink,
  newAccount,
  snap,
  test,
  verifyByApi,
  type Account,
} from '../support/fixtures.ts';

/*
 * QR codes that phones can open, as a new exhibitor meets them: the README's `npm start` with only
 * PORT set (no PUBLIC_URL). The e2e server has a PUBLIC_URL, so this spec starts the built
 * server itself on a free port with a fresh DATA_DIR, makes a card there and reads the QR code
 * back from the downloaded PNG: it must lead to that port. The card page says that phones
 * cannot open localhost and gives the line that fixes it with this machine's real address.
 */

const PHONE = { width: 390, height: 844 };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** What the server's os.networkInterfaces() gives too: same machine. */
function machineLanOrigins(port: number): string[] {
  const origins = new Set<string>();
  for (const addresses of Object.values(os.networkInterfaces())) {
    for (const entry of addresses ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) {
        origins.add(`http://${entry.address}:${port}`);
      }
    }
  }
  return [...origins];
}

let server: ChildProcess;
let port: number;
let origin: string;
let dataDir: string;
let output = '';
let account: Account;
let cardId: number;

test.describe.configure({ mode: 'serial' });
// axe is injected by the test; the app's CSP allows no inline script.
test.use({ bypassCSP: true });

test.beforeAll(async () => {
  port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'docucard-e2e-port-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT_PER_MINUTE: '200',
    LOG_LEVEL: 'info',
  };
  delete env.PUBLIC_URL;
  server = spawn(process.execPath, ['dist/server/main.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await expect
    .poll(() => output.includes('DocuCard is ready.') || server.exitCode !== null, {
      timeout: 60_000,
    })
    .toBe(true);
  expect(server.exitCode, output).toBeNull();
});

test.afterAll(async () => {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await rm(dataDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('selectedLanguage')) localStorage.setItem('selectedLanguage', 'en');
  });
});

async function signIn(page: Page): Promise<void> {
  const login = await page.request.post(`${origin}/api/auth/login`, {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(200);
}

function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

test('with only PORT set, the QR code, the mail and the contact lead to that port', async ({
  page,
}) => {
  // The start banner names the address to open here: the port asked for.
  expect(output).toContain(`Open it here:      ${origin}`);
  expect(output).toContain(`QR codes lead to:  ${origin}`);

  account = newAccount();
  const registered = await page.request.post(`${origin}/api/auth/register`, {
    data: account,
    headers: { 'x-language': 'en' },
  });
  expect(registered.status()).toBe(201);
  expect(await mailedLink(account.email, dataDir)).toMatch(
    new RegExp(`^${origin}/verify-email\\?token=`),
  );
  // The outbox link is printed on a line of its own.
  await expect
    .poll(() => output)
    .toContain(`Mail to ${account.email} — open: ${origin}/verify-email?token=`);
  await verifyByApi(page.request, account.email, account.password, {
    server: { origin, dataDir },
  });

  const created = await page.request.post(`${origin}/api/business-cards`, {
    multipart: { companyName: 'Hengtai Ceramics' },
  });
  expect(created.status()).toBe(201);
  cardId = ((await created.json()) as { id: number }).id;
  const finished = await page.request.post(`${origin}/api/business-cards/${cardId}/finalize`, {
    data: {},
  });
  expect(finished.status()).toBe(200);
  const encoded = `${origin}/chat/card/${cardId}?src=qr`;

  await page.goto(`${origin}/result/${cardId}`);
  await expect(page.getByTestId('qr-destination-url')).toHaveText(encoded);

  // The PNG the owner downloads for a banner encodes exactly that.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('qr-png').click(),
  ]);
  const decoded = decodeQr(await readFile((await download.path())!));
  expect(decoded).toBe(encoded);
  expect(new URL(decoded!).port).toBe(String(port));

  // The saved contact names the same address.
  const vcard = await page.request.get(`${origin}/api/business-cards/${cardId}/vcard`);
  expect(await vcard.text()).toContain(`${origin}/chat/card/${cardId}`);
  await snap(page, 'public-origin-card-page');
});

test('the card page and the QR downloads say phones cannot open localhost, and how to fix it', async ({
  page,
}) => {
  test.skip(!account || !cardId, 'needs the card of the test before');
  await signIn(page);
  const answer = await page.request.get(`${origin}/api/public-origin`);
  expect(answer.status()).toBe(200);
  const reach = (await answer.json()) as {
    origin: string;
    phonesCanReach: boolean;
    lanOrigins: string[];
  };
  expect(reach.origin).toBe(origin);
  expect(reach.phonesCanReach).toBe(false);
  expect(reach.lanOrigins).toEqual(machineLanOrigins(port));
  for (const lan of reach.lanOrigins) {
    expect(lan).toMatch(new RegExp(`^http://\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}:${port}$`));
  }

  await page.goto(`${origin}/result/${cardId}`);
  const warning = page.getByTestId('phone-reach-warning');
  await expect(warning).toBeVisible();
  await expect(warning).toContainText("Phones can't open this address");
  await expect(warning).toContainText(`${origin} is this computer's own address`);
  const [lan, ...others] = reach.lanOrigins;
  if (lan) {
    await expect(page.getByTestId('phone-fix-command')).toHaveText(
      `PORT=${port} HOST=0.0.0.0 PUBLIC_URL=${lan} npm start`,
    );
    if (others.length > 0) {
      await expect(page.getByTestId('phone-other-addresses')).toContainText(others.join(', '));
    }
  } else {
    await expect(page.getByTestId('phone-no-lan')).toContainText('no network address');
  }
  await expectNoAxeViolations(page, 'the card page with the phone warning');
  await snap(page, 'public-origin-warning-desktop');

  // At a phone's width the line wraps rather than overflowing the page.
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, 'public-origin-warning-phone');

  // Beside the QR downloads on "My cards", the short form with the same line.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${origin}/my-cards`);
  const compact = page.getByTestId('phone-reach-warning-compact');
  await expect(compact).toBeVisible();
  await expect(compact).toContainText(`The QR code leads to ${origin}, which phones can't open.`);
  if (lan) {
    await expect(page.getByTestId('phone-fix-command-compact')).toHaveText(
      `PORT=${port} HOST=0.0.0.0 PUBLIC_URL=${lan} npm start`,
    );
  }
  await expectNoAxeViolations(page, 'my cards with the phone warning');
  await snap(page, 'public-origin-my-cards');

  // In Chinese too.
  await page.evaluate(() => localStorage.setItem('selectedLanguage', 'zh-CN'));
  await page.goto(`${origin}/result/${cardId}`);
  await expect(page.getByTestId('phone-reach-warning')).toContainText('手机打不开这个网址');
  await snap(page, 'public-origin-warning-zh-CN');
});
