import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import type { Assistant } from '#server/ai/assistant.ts';
import { buildApp, type AppDeps } from '#server/app.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { AppContext } from '#server/context.ts';
import type { DocumentProcessor } from '#server/features/documents/processor.ts';
import type { RealtimeHub } from '#server/realtime/hub.ts';
import { openDatabase, type DatabaseHandle } from '#server/db/client.ts';
import { SESSION_COOKIE } from '#shared/limits.ts';
import { VISITOR_COOKIE } from '#shared/schemas/chat.ts';
import { firstLink, latestMailTo } from '#server/test/mail-outbox.ts';
import { MAIL_JOB } from '#server/lib/mailer.ts';

/*
 * A whole app on a real database for one test file: PGlite in memory (started from a
 * migrated snapshot made once per run by global-setup.ts), or, with TEST_DATABASE_URL, a
 * fresh PostgreSQL database created for the file and dropped afterwards.
 */

export const PUBLIC_URL = 'http://localhost:5000';
export const ADMIN_EMAIL = 'boss@docucard.test';

export interface TestClock {
  now(): Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  ctx: AppContext;
  config: Config;
  clock: TestClock;
  dataDir: string;
  documents: DocumentProcessor;
  /** The app's assistant: what the chat answers with and the generators write from. */
  assistant: Assistant;
  hub: RealtimeHub;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<DatabaseHandle> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const snapshot = inject('pgliteSnapshot');
    return openDatabase({
      pgliteSnapshot: snapshot ? new Blob([await fs.readFile(snapshot)]) : undefined,
    });
  }
  const name = `docucard_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    /** A second server instance on the same database (multi-instance tests). */
    shareDatabaseWith?: TestApp;
    /**
     * ... and on the same DATA_DIR (stored files, mail outbox), as instances on one shared
     * volume: removed by the app that made it.
     */
    shareDataDirWith?: TestApp;
    /** Told of every route as it is added. */
    onRoute?: AppDeps['onRoute'];
    /** Logger options (default: no logging). */
    logger?: AppDeps['logger'];
    /** Lower visitor photo budgets and live-connection limits (default: VISITOR_LIMITS). */
    limits?: AppDeps['limits'];
  } = {},
): Promise<TestApp> {
  const ownsDataDir = !options.shareDataDirWith;
  const dataDir =
    options.shareDataDirWith?.dataDir ??
    (await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    ADMIN_EMAILS: ADMIN_EMAIL,
    ...options.env,
  });
  let offset = 0;
  const clock: TestClock = {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
  const shared = options.shareDatabaseWith?.database;
  const database = shared ? { ...shared, close: async () => {} } : await openTestDatabase();
  const { app, ctx, documents, assistant, hub } = await buildApp({
    config,
    database,
    logger: options.logger ?? false,
    now: clock.now,
    webRoot: options.webRoot ?? path.join(dataDir, 'no-web'),
    ...(options.onRoute ? { onRoute: options.onRoute } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    ctx,
    config,
    clock,
    dataDir,
    documents,
    assistant,
    hub,
    async close() {
      await app.close();
      await database.close();
      if (ownsDataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each test process starts at a random place, so runs a minute apart that share one Redis
 * (multi-instance tests) do not spend each other's per-address budgets.
 */
let addressCounter = randomInt(1 << 23);
/** A distinct client address, so one test's rate-limit budget does not leak into another. */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The session cookie header from a login answer. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in answer ${response.statusCode}`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

let userCounter = 0;
export function uniqueUser(overrides: Record<string, unknown> = {}) {
  userCounter += 1;
  const tag = `${process.pid}${userCounter}${Math.random().toString(36).slice(2, 5)}`;
  return {
    username: `user${tag}`,
    email: `user${tag}@example.com`,
    password: 'correct-horse-1',
    ...overrides,
  } as { username: string; email: string; password: string } & Record<string, unknown>;
}

/** Sends a JSON request as a browser on our own origin would. */
export function api(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  options: { body?: unknown; cookie?: string; language?: string; address?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: options.address ?? freshAddress(),
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      'x-language': options.language ?? 'en',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
  });
}

/** Sends the mails queued so far (mails are jobs): read the outbox after this. */
export function deliverMail(t: TestApp): Promise<void> {
  return t.app.jobs.settle([MAIL_JOB]);
}

/** The token of the newest verification link mailed to an address. */
export async function mailedVerificationToken(t: TestApp, email: string): Promise<string> {
  await deliverMail(t);
  const mail = await latestMailTo(path.join(t.dataDir, 'mail'), email);
  const link = mail && firstLink(mail);
  if (!link) throw new Error(`no verification mail for ${email}`);
  const url = new URL(link);
  if (url.pathname !== '/verify-email') throw new Error(`unexpected verification link ${link}`);
  return url.searchParams.get('token') ?? '';
}

/**
 * Follows the newest verification link mailed to an address as its holder would: the page
 * asks for a password (the one chosen at registration, a new one, or for a new address the
 * account's own) and posts it with the token. Signs in on success.
 */
export async function openVerificationLink(t: TestApp, email: string, password: string) {
  const token = await mailedVerificationToken(t, email);
  return api(t, 'POST', '/api/auth/verify-email', { body: { token, password } });
}

/** Registers, verifies through the mailed link and logs in; returns the cookie. */
export async function signUp(t: TestApp, overrides: Record<string, unknown> = {}) {
  const user = uniqueUser(overrides);
  const registered = await api(t, 'POST', '/api/auth/register', { body: user });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const verified = await openVerificationLink(t, user.email, user.password);
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  const login = await api(t, 'POST', '/api/auth/login', {
    body: { username: user.username, password: user.password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { ...user, id: registered.json().user.id as number, cookie: sessionCookieFrom(login) };
}

import { FIXTURES } from './fixtures.ts';

export { FIXTURES };

export interface UploadFile {
  field: string;
  /** A fixture path, or contents to send. */
  path?: string;
  content?: Buffer | string;
  name: string;
  type?: string;
}

/** A multipart request as a browser's FormData would send it. */
export async function multipart(
  t: TestApp,
  url: string,
  options: {
    fields?: Record<string, string>;
    files?: UploadFile[];
    cookie?: string;
    language?: string;
  },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
  for (const file of options.files ?? []) {
    const bytes = file.path ? await fs.readFile(file.path) : Buffer.from(file.content ?? '');
    form.append(
      file.field,
      new Blob([bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  }
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: freshAddress(),
    headers: {
      'x-language': options.language ?? 'en',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: form,
  });
}

/** A new card of the owner behind `cookie`; finished (open to visitors) unless told otherwise. */
export async function newCard(
  t: TestApp,
  cookie: string,
  options: { finished?: boolean } = {},
): Promise<number> {
  const cardId = (await api(t, 'POST', '/api/business-card-session', { body: {}, cookie })).json()
    .businessCardId as number;
  if (options.finished !== false) {
    await api(t, 'POST', `/api/business-cards/${cardId}/finalize`, { body: {}, cookie });
  }
  return cardId;
}

/** Uploads fixture files (paths under fixtures/) to a card and waits until they are processed. */
export async function addDocuments(
  t: TestApp,
  cookie: string,
  cardId: number,
  fixtures: readonly string[],
): Promise<void> {
  const response = await multipart(t, '/api/documents', {
    cookie,
    fields: { businessCardId: String(cardId) },
    files: fixtures.map((fixture) => ({
      field: 'documents',
      path: path.join(FIXTURES, fixture),
      name: path.basename(fixture),
    })),
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  await t.documents.whenIdle();
}

export interface VisitorAnswer {
  message: string;
  citations: Array<{ documentName: string; page: number | null; excerpt: string }>;
}

/**
 * A visitor's phone on a card's chat: its own address and cookie, its interface language. `ask`
 * posts a question and expects a 200.
 */
export async function visitorChat(
  t: TestApp,
  cardId: number,
  language: string,
  query = '',
): Promise<{
  info: { suggestedQuestions: string[] };
  ask: (message: string) => Promise<VisitorAnswer>;
}> {
  const address = freshAddress();
  const info = await t.app.inject({
    method: 'GET',
    url: `/api/chat/session-info/${cardId}${query}`,
    remoteAddress: address,
    headers: { 'x-language': language },
  });
  if (info.statusCode !== 200) throw new Error(`session-info answered ${info.statusCode}`);
  const cookie = `${VISITOR_COOKIE}=${info.cookies.find((c) => c.name === VISITOR_COOKIE)!.value}`;
  const ask = async (message: string): Promise<VisitorAnswer> => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${cardId}`,
      remoteAddress: address,
      headers: { cookie, 'content-type': 'application/json', 'x-language': language },
      payload: JSON.stringify({ message }),
    });
    if (response.statusCode !== 200) {
      throw new Error(`the chat answered ${response.statusCode}: ${response.body}`);
    }
    return response.json() as VisitorAnswer;
  };
  return { info: info.json() as { suggestedQuestions: string[] }, ask };
}
