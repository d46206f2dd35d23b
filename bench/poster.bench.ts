import fs from 'node:fs/promises';
import path from 'node:path';
import { startBenchApp, uploadToCard } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile, timeEach } from './stats.ts';

const POSTER_RUNS = 8;
const PALETTE_RUNS = 50;
const FAQ = path.resolve(import.meta.dirname, '../fixtures/hengtai/hengtai-faq.txt');

/** Targets: one poster ≤ 2 s (SVG composed, rendered to 1080×1350 PNG); palettes ≤ 300 ms. */
export const posterBench: Bench = {
  name: 'poster',
  async run(): Promise<BenchResult[]> {
    const bench = await startBenchApp();
    const { app, cookie, cardId } = bench;
    try {
      await uploadToCard(bench, [
        { name: 'hengtai-faq.txt', data: new Blob([await fs.readFile(FAQ)]) },
      ]);

      const post = async (url: string, payload: Record<string, unknown>) => {
        const response = await app.inject({ method: 'POST', url, payload, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
        return response.json() as { id: number; posters?: unknown[] };
      };
      const poster = {
        businessCardId: cardId,
        eventTitle: '2026 广交会 Canton Fair',
        eventType: 'exhibition',
        eventDate: '2026-04-15',
        eventLocation: '广州琶洲 Booth 12.1 C08',
      };
      let lastId = 0;
      const single = await timeEach(POSTER_RUNS, async () => {
        lastId = (await post('/api/generate-event-poster', poster)).id;
      });
      const variations = await timeEach(2, () =>
        post('/api/generate-event-poster-variations', { ...poster, variations: 3 }),
      );
      const download = await timeEach(4, () =>
        app.inject({ method: 'GET', url: `/api/poster-download/${lastId}`, headers: { cookie } }),
      );
      const palette = await timeEach(PALETTE_RUNS, () =>
        post('/api/generate-color-palette', {
          companyDescription: '我们生产光伏组件和储能电池 solar panels and batteries',
        }),
      );
      return [
        { name: 'poster generate p50', figure: ms(percentile(single, 50)) },
        { name: 'poster generate p95', figure: ms(percentile(single, 95)), target: '≤ 2000 ms' },
        { name: 'poster 3 variations p50', figure: ms(percentile(variations, 50)) },
        { name: 'poster download with QR p50', figure: ms(percentile(download, 50)) },
        { name: 'palette generate p95', figure: ms(percentile(palette, 95)), target: '≤ 300 ms' },
      ];
    } finally {
      await bench.close();
    }
  },
};
