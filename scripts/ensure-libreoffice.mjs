#!/usr/bin/env node
// Legacy PowerPoint (.ppt) and WPS presentations (.dps) are read through LibreOffice headless,
// and the tests cover that path. Install Debian's LibreOffice (no recommends: Impress, Writer,
// Calc) when it is missing and we are root with apt-get; otherwise say how to get it and carry
// on (the tests that need it say they are skipped).
import { execSync, spawnSync } from 'node:child_process';

const found = ['soffice', 'libreoffice'].some(
  (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0,
);
if (found || process.env.SOFFICE_PATH) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
const packages = 'libreoffice-impress libreoffice-writer libreoffice-calc';
if (!isRoot || !hasApt) {
  console.warn(
    `LibreOffice is not installed: .ppt/.dps uploads are refused and their tests are skipped.\n` +
      `Install it as root with: apt-get install -y --no-install-recommends ${packages}`,
  );
  process.exit(0);
}

console.log(`Installing ${packages} from Debian's packages…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execSync('apt-get update -qq', { stdio: 'inherit', env });
execSync(`apt-get install -y -qq --no-install-recommends ${packages}`, { stdio: 'inherit', env });
