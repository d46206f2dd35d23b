import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, ROOT } from './build.ts';
import type { Bench } from './run.ts';

/*
 * What a phone transfers to open a card's chat page: scripts and styles as Chromium receives
 * them until the network is idle (encoded bodies, KiB), the heaviest of the three interface
 * languages. The measurement is scripts/chat-bundle-size.mjs's (one rule, one place): the
 * built server, a real card, Debian's Chromium emulating a phone; its budget is the target.
 * Built first when stale.
 */

interface Weighed {
  locale: string;
  files: unknown[];
  bytes: number;
  headerBytes: number;
}

export const chatWeightBench: Bench = {
  name: 'chat-weight',
  async run() {
    buildIfStale();
    const weigh = spawnSync(
      process.execPath,
      [path.join(ROOT, 'scripts/chat-bundle-size.mjs'), '--json'],
      { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    // 0: within the budget, 1: over it; both carry the figures.
    if (weigh.status !== 0 && weigh.status !== 1) throw new Error('the chat page was not weighed');
    const { pages, budgetKiB } = JSON.parse(weigh.stdout) as {
      pages: Weighed[];
      budgetKiB: number;
    };
    const heaviest = pages.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    return [
      {
        name: 'chat page scripts and styles transferred',
        figure: `${kib(heaviest.bytes)} KiB (${heaviest.locale}, ${heaviest.files.length} requests; headers ${kib(heaviest.headerBytes)} KiB more)`,
        target: `≤ ${budgetKiB} KiB`,
      },
    ];
  },
};
