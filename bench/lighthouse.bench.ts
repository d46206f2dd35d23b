import { auditPages, LIGHTHOUSE_PAGES } from '../scripts/lighthouse.ts';
import { buildIfStale } from './build.ts';
import type { Bench } from './run.ts';

/*
 * Mobile Lighthouse performance of the pages a phone opens: the visitor chat of a real card,
 * the landing page and the card showcase. The audits are scripts/lighthouse.ts's (one rule, one
 * place): the built front end, a server on a fresh data folder, Debian's Chromium. Built first
 * when stale. Scores move with the machine's load: read them with `uptime`.
 */

export const lighthouseBench: Bench = {
  name: 'lighthouse',
  async run() {
    buildIfStale();
    const scores = await auditPages();
    return LIGHTHOUSE_PAGES.map((target) => {
      const measured = scores.find((row) => row.page === target.page)!;
      return {
        name: target.page,
        figure: `performance ${measured.performance} (accessibility ${measured.accessibility})`,
        target: `≥ ${target.performance} (≥ ${target.accessibility})`,
      };
    });
  },
};
