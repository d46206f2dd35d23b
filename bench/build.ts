import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** The repository's root, where the built server and front end live. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** Builds the server and the front end when `dist/` is missing or older than the sources. */
export function buildIfStale(): void {
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-if-stale.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build failed');
}
