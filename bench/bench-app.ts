import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuiltApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { SESSION_COOKIE } from '#shared/limits.ts';

export interface BenchApp extends BuiltApp {
  /** Session cookie of a verified owner. */
  cookie: string;
  /** A draft card of that owner. */
  cardId: number;
  close(): Promise<void>;
}

/** The whole app on an in-memory PGlite with one signed-in owner and one card. */
export async function startBenchApp(): Promise<BenchApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({});
  const built = await buildApp({ config, database, logger: false });
  await database.db.insert(users).values({
    username: 'bench',
    email: 'bench@example.com',
    password: await hashPassword('bench-password'),
    emailVerified: true,
  });
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: 'bench', password: 'bench-password' },
  });
  const cookie = `${SESSION_COOKIE}=${login.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;
  const session = await built.app.inject({
    method: 'POST',
    url: '/api/business-card-session',
    payload: {},
    headers: { cookie },
  });
  const cardId = session.json().businessCardId as number;
  // Visitors reach only finished cards.
  await built.app.inject({
    method: 'POST',
    url: `/api/business-cards/${cardId}/finalize`,
    payload: {},
    headers: { cookie },
  });
  return {
    ...built,
    cookie,
    cardId,
    async close() {
      await built.app.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Uploads files to the bench card and waits until every document is read; the upload's answer
 * (its `documents` with their ids).
 */
export async function uploadToCard(
  bench: BenchApp,
  files: ReadonlyArray<{ name: string; data: Blob }>,
): Promise<{ documents: Array<{ id: number }> }> {
  const form = new FormData();
  form.append('businessCardId', String(bench.cardId));
  for (const file of files) form.append('documents', file.data, file.name);
  const upload = await bench.app.inject({
    method: 'POST',
    url: '/api/documents',
    headers: { cookie: bench.cookie },
    body: form,
  });
  await bench.documents.whenIdle();
  return upload.json();
}
