import { AQUALUX_DOCUMENTS } from '#server/ai/test-support/aqualux.ts';
import { startBenchApp, uploadToCard } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile, timeEach } from './stats.ts';

const RUNS = 30;

/**
 * Target: each text generator ≤ 300 ms without a provider (written
 * from the card's documents: a pump maker's catalogue, FAQ, Chinese profile and flyer).
 */
export const marketingTextBench: Bench = {
  name: 'marketing-text',
  async run(): Promise<BenchResult[]> {
    const bench = await startBenchApp();
    const { app, cookie, cardId } = bench;
    try {
      await uploadToCard(
        bench,
        AQUALUX_DOCUMENTS.map((doc) => ({
          name: doc.name,
          data: new Blob([doc.content], { type: 'text/plain' }),
        })),
      );

      const post = async (url: string, payload: Record<string, unknown>) => {
        const response = await app.inject({ method: 'POST', url, payload, headers: { cookie } });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.body}`);
      };
      const platforms = ['linkedin', 'twitter', 'facebook', 'instagram'];
      let turn = 0;
      const social = await timeEach(RUNS, () =>
        post('/api/social/generate', {
          businessCardId: cardId,
          platform: platforms[turn++ % platforms.length],
          contentType: 'post',
          tone: 'professional',
        }),
      );
      const text = AQUALUX_DOCUMENTS[0]!.content.repeat(3);
      const transform = await timeEach(RUNS, () =>
        post('/api/transform-social-content', {
          content: text,
          platforms: [
            'linkedin',
            'twitter',
            'facebook',
            'instagram',
            'wechat_moments',
            'xiaohongshu',
          ],
          businessCardId: cardId,
        }),
      );
      const business = await timeEach(RUNS, () =>
        post('/api/generate-business-summary', { businessCardId: cardId }),
      );
      const intro = await timeEach(RUNS, () =>
        post('/api/generate-company-summary', { businessCardId: cardId, language: 'zh-CN' }),
      );
      const starters = await timeEach(RUNS, () =>
        post('/api/generate-conversation-starters', {
          businessCardId: cardId,
          scenario: 'international_event',
          language: 'en',
        }),
      );
      const row = (name: string, values: number[]): BenchResult => ({
        name: `${name} p95`,
        figure: ms(percentile(values, 95)),
        target: '≤ 300 ms',
      });
      return [
        row('social post generate', social),
        row('transform to 6 platforms', transform),
        row('business summary', business),
        row('company introductions', intro),
        row('conversation starters', starters),
      ];
    } finally {
      await bench.close();
    }
  },
};
