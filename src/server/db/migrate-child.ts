import { migratePgliteFolder } from './client.ts';

/*
 * Runs in a child process (see client.ts, runMigrateChild): creates the embedded database
 * folder when it is new and applies pending migrations, then exits — taking the WebAssembly
 * memory that first-time initialisation grows (~470 MB, docs/decisions/038) with it, which a
 * serving process could never give back.
 */
const pgliteDir = process.argv[2];
if (!pgliteDir) {
  console.error('usage: migrate-child <pglite folder>');
  process.exit(2);
}
try {
  await migratePgliteFolder(pgliteDir);
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
