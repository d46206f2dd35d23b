#!/usr/bin/env node
// The end-to-end tests drive Debian's Chromium. Install it (and CJK fonts for legible
// screenshots) when missing and we are root with apt-get; otherwise say how to get it.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const hasFonts = () =>
  spawnSync('dpkg', ['-s', 'fonts-noto-cjk'], { stdio: 'ignore' }).status === 0;
const missing = [];
if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
if (!hasFonts()) missing.push('fonts-noto-cjk');
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  if (!fs.existsSync(CHROMIUM)) {
    console.error(
      `End-to-end tests need Chromium at ${CHROMIUM}.\n` +
        `Install it as root with: apt-get install -y chromium fonts-noto-cjk`,
    );
    process.exit(1);
  }
  console.warn('fonts-noto-cjk is missing: Chinese text will not be legible in screenshots.');
  process.exit(0);
}

console.log(`Installing ${missing.join(', ')} from Debian's packages…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execSync('apt-get update -qq', { stdio: 'inherit', env });
execSync(`apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`, {
  stdio: 'inherit',
  env,
});
