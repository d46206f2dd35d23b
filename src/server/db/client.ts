import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { copyDataDir, type EmscriptenFs } from './copy-data-dir.ts';
import { PrivateNodeFS } from './private-nodefs.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they run on. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The process that creates or migrates an embedded database folder (see migrate-child.ts). */
const MIGRATE_CHILD_ENTRY = fileURLToPath(new URL('./migrate-child-entry.mjs', import.meta.url));

/*
 * PostgreSQL's defaults size shared buffers for a database server (128 MB); in PGlite they live
 * in the WebAssembly heap, which never shrinks. Measured on an existing data folder (bare PGlite,
 * open + one query + 1 s idle): 319 MB resident with the defaults, 186 MB with 16 MB of shared
 * buffers, 171 MB with 8 MB. PGlite reads its files through the operating system's page cache,
 * so a small buffer pool costs little for a card's few thousand rows. One connection only.
 */
const SMALL_SERVER_SETTINGS = ['shared_buffers=16MB', 'max_connections=2', 'wal_buffers=512kB'];
const SETTING_FLAGS = SMALL_SERVER_SETTINGS.flatMap((setting) => ['-c', setting]);
export const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, ...SETTING_FLAGS];

/*
 * What every PGlite is created with. initdb (a new database) runs PostgreSQL with what it writes
 * into postgresql.conf, the server defaults unless told: its 128 MB of shared buffers grew the
 * heap of initdb's scratch instance to 189 MB. Told the same settings, it stays at 128 MB (and
 * the folder's postgresql.conf says what the start parameters above set anyway).
 */
const PGLITE_OPTIONS = {
  startParams: PGLITE_START_PARAMS,
  initDbStartParams: SETTING_FLAGS,
} satisfies PGliteOptions;

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite directory; undefined means in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data dump (from dumpDataDir) to start from, used by tests to skip migrating. */
  pgliteSnapshot?: Blob | File | undefined;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client whose connection the server ends (a restart, a dropped test database)
    // emits 'error' on the pool: log it and let the pool replace the client, never crash.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.pgliteDir) {
    const client = await openPgliteFolder(options.pgliteDir);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return { db, kind: 'pglite', close: () => client.close() };
  }
  // In memory (tests, benchmarks): nothing to hand to another process.
  const client = await createMigratedInMemory(options.pgliteSnapshot);
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

/** An in-memory PGlite, new or from a data dump, with the committed migrations applied. */
async function createMigratedInMemory(snapshot?: Blob): Promise<PGlite> {
  const client = await PGlite.create({
    ...PGLITE_OPTIONS,
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  return client;
}

/** PGlite on a folder whose files are private (0600/0700), see private-nodefs.ts. */
function pgliteFolder(pgliteDir: string) {
  return { ...PGLITE_OPTIONS, fs: new PrivateNodeFS(pgliteDir) };
}

/**
 * The serving process opens an existing, migrated folder only. A new folder or one with
 * pending migrations is first set up by a short-lived child process, so the memory that
 * initialisation and migrations grow stays out of the server (850 MB idle before, see
 * docs/decisions). The server waits for that child without running anything else: its own code
 * would otherwise load meanwhile, and both together made the peak of a first start.
 */
async function openPgliteFolder(pgliteDir: string): Promise<PGlite> {
  if (isDatabaseFolder(pgliteDir)) {
    const client = await PGlite.create(pgliteFolder(pgliteDir));
    if (!(await hasPendingMigrations(client))) return client;
    await client.close();
  }
  runMigrateChild(pgliteDir);
  return PGlite.create(pgliteFolder(pgliteDir));
}

function isDatabaseFolder(pgliteDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/** The newest committed migration's timestamp, as drizzle's migrator records it. */
function newestMigrationMillis(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/** drizzle's own test: a migration is pending when it is newer than the last one applied. */
async function hasPendingMigrations(client: PGlite): Promise<boolean> {
  const table = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!table.rows[0]?.present) return true;
  const last = await client.query<{ created_at: string | number }>(
    'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
  );
  const applied = Number(last.rows[0]?.created_at ?? 0);
  return applied < newestMigrationMillis();
}

/**
 * Creates (when new) and migrates an embedded database folder, then closes it. A new database
 * is built and migrated in memory, then its files are written to the folder: on a folder, PGlite
 * would copy initdb's result over through an archive held in memory while initdb's scratch
 * instance (a second PostgreSQL and a copy of its heap, 260 MB) is still alive (decision 038).
 */
export async function migratePgliteFolder(pgliteDir: string): Promise<void> {
  fs.mkdirSync(pgliteDir, { recursive: true, mode: 0o700 });
  if (!isDatabaseFolder(pgliteDir)) {
    const built = await createMigratedInMemory();
    // Read once PostgreSQL has shut down cleanly; close() lets go of the module, not its files.
    const files = built.Module.FS as unknown as EmscriptenFs;
    await built.close();
    copyDataDir(files, pgliteDir);
    return;
  }
  const client = await PGlite.create(pgliteFolder(pgliteDir));
  try {
    await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.close();
  }
}

/*
 * The child only initialises and migrates, then ends: WebAssembly compiled by the baseline
 * compiler only (Liftoff; optimising PostgreSQL's code for one run cost more time than it saved,
 * and its compiler's memory), and a small young generation.
 */
const MIGRATE_CHILD_FLAGS = ['--liftoff-only', '--max-semi-space-size=1'];

function runMigrateChild(pgliteDir: string): void {
  const child = spawnSync(
    process.execPath,
    [...MIGRATE_CHILD_FLAGS, MIGRATE_CHILD_ENTRY, pgliteDir],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
      // The server's own flags (a TypeScript loader, a heap limit) are not the child's business.
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (child.error) throw child.error;
  if (child.status !== 0) {
    throw new Error(`setting up the database in ${pgliteDir} failed (exit ${child.status})`);
  }
}
