import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildIfStale, ROOT } from './build.ts';
import type { Bench, BenchResult } from './run.ts';

/*
 * Start time and memory: the built server (`node dist/server/main.js`, built first when stale)
 * is started as a real process and timed from spawn to the first `/api/health` 200; its memory
 * is the resident memory (VmRSS) summed over the whole process tree — the server and every
 * process it starts — read from /proc. "Peak" is the highest such sum seen while starting
 * (sampled every 20 ms) or the main process's own high-water mark (VmHWM), whichever is larger.
 *
 * Three starts: a fresh data folder (first-time initialisation and migrations), the same folder
 * again (what a restart during a fair costs), and PostgreSQL through DATABASE_URL when the
 * server in BENCH_DATABASE_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test) answers.
 * BENCH_SERVER_COMMAND (e.g. "npx tsx src/server/main.ts") measures another start command.
 */

const IDLE_SETTLE_MS = 3_000;
const START_TIMEOUT_MS = 60_000;
const MB = 1024 * 1024;

interface ProcessMemory {
  rss: number;
  hwm: number;
}

function readMemory(pid: number): ProcessMemory | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
  } catch {
    return null; // exited between listing and reading
  }
}

/** The pid and every descendant, from the parent pid in each /proc/<pid>/stat. */
export function processTree(rootPid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may contain spaces.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  const tree: number[] = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ, the unit of /proc/<pid>/stat times on Linux

/**
 * CPU time (user + system) a process tree has used, its reaped children included, in ms. On a
 * busy machine the start time is mostly waiting for a core; this is what the start itself costs.
 */
export function treeCpuMs(rootPid: number): number {
  let ticks = 0;
  for (const pid of processTree(rootPid)) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime, stime, cutime, cstime are fields 14-17 of stat, 12-15 after the name.
      ticks += fields.slice(11, 15).reduce((sum, field) => sum + Number(field), 0);
    } catch {
      // exited meanwhile
    }
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident memory of a process and all its descendants, in bytes. */
export function treeRss(rootPid: number): number {
  return processTree(rootPid).reduce((sum, pid) => sum + (readMemory(pid)?.rss ?? 0), 0);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function healthy(port: number): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    return response.status === 200;
  } catch {
    return false;
  }
}

export interface StartMeasurement {
  startMs: number;
  startCpuMs: number;
  idleBytes: number;
  peakBytes: number;
  processes: number;
}

function serverCommand(): { command: string; args: string[] } {
  const custom = process.env.BENCH_SERVER_COMMAND?.trim();
  if (custom) {
    const [command, ...args] = custom.split(/\s+/);
    return { command: command!, args };
  }
  return { command: process.execPath, args: [path.join(ROOT, 'dist/server/main.js')] };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the server once, times it to the first healthy answer, and reads its memory. */
export async function measureStart(env: Record<string, string>): Promise<StartMeasurement> {
  const port = await freePort();
  const { command, args } = serverCommand();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let peak = 0;
  try {
    let startMs = NaN;
    let startCpuMs = NaN;
    while (performance.now() - started < START_TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      peak = Math.max(peak, treeRss(child.pid!));
      if (await healthy(port)) {
        startMs = performance.now() - started;
        startCpuMs = treeCpuMs(child.pid!);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (Number.isNaN(startMs)) throw new Error('server did not answer /api/health in time');
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const tree = processTree(child.pid!);
    const idleBytes = tree.reduce((sum, pid) => sum + (readMemory(pid)?.rss ?? 0), 0);
    peak = Math.max(peak, idleBytes, readMemory(child.pid!)?.hwm ?? 0);
    return { startMs, startCpuMs, idleBytes, peakBytes: peak, processes: tree.length };
  } finally {
    await stop(child);
  }
}

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;

function rows(
  label: string,
  m: StartMeasurement,
  targets: { startMs?: number; idleMb: number; peakMb?: number },
) {
  const results: BenchResult[] = [
    {
      name: `start → first /api/health 200 (${label})`,
      figure: `${Math.round(m.startMs)} ms`,
      ...(targets.startMs ? { target: `≤ ${targets.startMs} ms` } : {}),
    },
    { name: `CPU time of that start (${label})`, figure: `${Math.round(m.startCpuMs)} ms` },
    {
      name: `idle memory, ${m.processes} process(es) (${label})`,
      figure: mb(m.idleBytes),
      target: `≤ ${targets.idleMb} MB`,
    },
    {
      name: `peak memory while starting (${label})`,
      figure: mb(m.peakBytes),
      ...(targets.peakMb ? { target: `≤ ${targets.peakMb} MB` } : {}),
    },
  ];
  return results;
}

function ensureBuilt(): void {
  if (process.env.BENCH_SERVER_COMMAND) return;
  buildIfStale();
}

export const startupBench: Bench = {
  name: 'startup',
  async run() {
    ensureBuilt();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-startup-'));
    const results: BenchResult[] = [];
    try {
      const env = { DATA_DIR: dataDir };
      const first = await measureStart(env);
      results.push(...rows('embedded, new data folder', first, { idleMb: 300, peakMb: 600 }));
      const again = await measureStart(env);
      results.push(
        ...rows('embedded, existing data folder', again, { startMs: 1500, idleMb: 300 }),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    const adminUrl =
      process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    if (!(await postgresReachable(adminUrl))) {
      results.push({ name: 'idle memory (PostgreSQL)', figure: 'skipped: no PostgreSQL' });
      return results;
    }
    const name = `docucard_startup_${process.pid}`;
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'docucard-startup-pg-'));
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const env = { DATA_DIR: pgDataDir, DATABASE_URL: url.toString() };
      await measureStart(env); // migrations on the new database
      results.push(...rows('PostgreSQL', await measureStart(env), { idleMb: 150 }));
    } finally {
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(pgDataDir, { recursive: true, force: true });
    }
    return results;
  },
};
