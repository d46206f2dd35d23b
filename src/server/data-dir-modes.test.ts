import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/*
 * Everything the real server keeps in DATA_DIR is the server's own: files 0600, folders 0700,
 * the embedded database's (PGlite) among them. The server runs here as its own process, as
 * `npm start` runs it, on a fresh DATA_DIR and under a umask of 000, so nothing is private by
 * accident; it is started twice (creating the database, then opening it) and stopped
 * each time, so the files written at shutdown are looked at too.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const root = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-modes-'));
const dataDir = path.join(root, 'data');
afterAll(() => fs.rm(root, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Running {
  child: ChildProcess;
  origin: string;
  output: () => string;
}

async function start(): Promise<Running> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  // The embedded database and the local outbox: what DATA_DIR holds by default.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'S3_BUCKET', 'SMTP_URL', 'SESSION_SECRET']) {
    delete env[name];
  }
  // `node --import tsx src/server/main.ts` under umask 000 ($0 and $1 of the shell line).
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      'umask 000 && exec "$0" --import tsx "$1"',
      process.execPath,
      path.join(ROOT, 'src/server/main.ts'),
    ],
    { cwd: ROOT, env: { ...env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  while (Date.now() - started < 90_000) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${output}`);
    try {
      const health = await fetch(`${origin}/api/health`);
      if (health.status === 200) return { child, origin, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /api/health: ${output}`);
}

async function stop({ child }: Running): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(timer);
}

/** Every file and folder under DATA_DIR (DATA_DIR too) whose mode is not 0600 / 0700. */
async function openEntries(): Promise<string[]> {
  const found: string[] = [];
  const visit = async (target: string) => {
    const stat = await fs.lstat(target);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    const wanted = stat.isDirectory() ? 0o700 : 0o600;
    if (mode !== wanted) found.push(`${mode.toString(8)} ${path.relative(dataDir, target) || '.'}`);
    if (stat.isDirectory()) {
      for (const name of await fs.readdir(target)) await visit(path.join(target, name));
    }
  };
  await visit(dataDir);
  return found;
}

async function count(dir: string): Promise<number> {
  return (await fs.readdir(dir, { recursive: true })).length;
}

describe('DATA_DIR of the real server', () => {
  it('holds only 0600 files and 0700 folders, the embedded database’s included', async () => {
    const first = await start();
    try {
      // A registration writes to the database and queues a mail into DATA_DIR/mail.
      const registered = await fetch(`${first.origin}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: first.origin },
        body: JSON.stringify({
          username: 'modesowner',
          email: 'modes@example.com',
          password: 'correct-horse-1',
        }),
      });
      expect(registered.status, await registered.text()).toBeLessThan(300);
      const mailDir = path.join(dataDir, 'mail');
      const waited = Date.now();
      while (Date.now() - waited < 20_000) {
        if ((await count(mailDir).catch(() => 0)) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await count(mailDir), 'the verification mail is in the outbox').toBeGreaterThan(0);
    } finally {
      await stop(first);
    }
    expect(await count(path.join(dataDir, 'pg')), 'PGlite files').toBeGreaterThan(100);
    expect(await openEntries()).toEqual([]);

    // Opened again: PostgreSQL rewrites some files when it starts and stops.
    const second = await start();
    await stop(second);
    expect(await openEntries()).toEqual([]);
  }, 180_000);
});
