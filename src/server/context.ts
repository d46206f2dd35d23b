import type { Config } from './config.ts';
import type { Database, DatabaseKind } from './db/client.ts';
import type { Mailer } from './lib/mailer.ts';
import type { Storage } from './lib/storage.ts';

/** What every feature's routes and services are given: no globals, so tests build their own. */
export interface AppContext {
  config: Config;
  db: Database;
  dbKind: DatabaseKind;
  mailer: Mailer;
  storage: Storage;
  /** The clock; tests move it to expire links and sessions. */
  now: () => Date;
}
