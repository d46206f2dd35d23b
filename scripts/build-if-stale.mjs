#!/usr/bin/env node
/*
 * `npm start` runs this first: when dist/ is missing or older than any source the build reads,
 * it runs `npm run build`; otherwise it returns at once (~20 ms), so a restart stays fast.
 * Tests (*.test.ts, test/ folders) do not count as sources.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = ['dist/server/main.js', 'dist/web/index.html', 'dist/web/chat.html'];
const INPUT_FILES = [
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'vite.chat.config.ts',
  'scripts/build-server.mjs',
  'scripts/compress-dist.mjs',
];
const INPUT_DIRS = ['src'];
const NOT_A_SOURCE = /(\.test\.tsx?$)|(^|\/)test(-support)?\//;

function mtime(file) {
  try {
    return fs.statSync(path.join(ROOT, file)).mtimeMs;
  } catch {
    return null;
  }
}

function newestInput() {
  let newest = 0;
  for (const file of INPUT_FILES) newest = Math.max(newest, mtime(file) ?? 0);
  for (const dir of INPUT_DIRS) {
    for (const relative of fs.readdirSync(path.join(ROOT, dir), { recursive: true })) {
      if (NOT_A_SOURCE.test(relative)) continue;
      newest = Math.max(newest, mtime(path.join(dir, relative)) ?? 0);
    }
  }
  return newest;
}

export function isStale() {
  const built = OUTPUTS.map(mtime);
  if (built.some((time) => time === null)) return true;
  return Math.min(...built) < newestInput();
}

if (process.argv[1] === fileURLToPath(import.meta.url) && isStale()) {
  console.log('dist/ is missing or older than the sources: building…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  process.exitCode = build.status ?? 1;
}
