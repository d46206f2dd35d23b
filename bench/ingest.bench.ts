import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ingestFile } from '#server/ingest/index.ts';
import { buildTextPdf } from '#server/ingest/test-support/pdf-writer.ts';
import { startBenchApp } from './bench-app.ts';
import type { Bench } from './run.ts';
import { ms, percentile } from './stats.ts';

/*
 * Target: a 100-page text PDF is extracted, chunked and ready in under 5 s. The PDF
 * is generated with pdf-lib: catalogue-like pages of about 2,500 characters (prose, product
 * lines with model codes and dimensions, trade terms). The cold run includes loading pdf.js.
 */

const PAGES = 100;
const CHARS_PER_PAGE = 2_500;
const WARM_RUNS = 5;

/** Deterministic pseudo-random numbers, so every run ingests the same document. */
function randomSource(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function catalogueText(pages: number, charsPerPage: number): string[] {
  const random = randomSource(2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const int = (min: number, max: number) => Math.floor(min + random() * (max - min + 1));
  const finishes = [
    'glazed porcelain',
    'polished porcelain',
    'matt rustic',
    'sintered stone',
    'wood-look plank',
  ];
  const uses = [
    'living rooms',
    'hotel lobbies',
    'shopping malls',
    'outdoor terraces',
    'kitchen countertops',
  ];
  const sentences = [
    () =>
      `Our ${pick(finishes)} range is designed for ${pick(uses)} and keeps its colour after years of heavy traffic.`,
    () =>
      `HT-${pick(['M', 'W', 'S', 'R'])}${int(1000, 9999)}: ${pick(finishes)}, ${pick([600, 800, 1200])} x ${pick([600, 1200, 2400])} mm, thickness ${int(8, 12)}.${int(0, 9)} mm, ${int(2, 6)} pieces per box.`,
    () =>
      `Water absorption stays below 0.${int(1, 5)} percent and the breaking strength exceeds ${int(1300, 2500)} N, tested to ISO 10545.`,
    () =>
      `Minimum order is one 20-foot container of about ${int(1, 2)},${int(100, 900)} square metres; mixed designs are accepted.`,
    () =>
      `Payment terms are ${int(20, 40)}% T/T deposit with the balance against the bill of lading copy, delivery in ${int(15, 30)} days.`,
    () =>
      `The design centre releases ${int(100, 300)} new patterns every year, inspired by Italian marble and natural oak.`,
    () =>
      `Every batch is inspected for shade, calibre and flatness before it is packed in reinforced export cartons.`,
  ];
  return Array.from({ length: pages }, (_, index) => {
    let page = `Section ${index + 1}: ${pick(finishes)} collection\n`;
    let paragraph = '';
    while (page.length + paragraph.length < charsPerPage) {
      paragraph += `${pick(sentences)()} `;
      if (paragraph.length > 400) {
        page += `${paragraph.trim()}\n`;
        paragraph = '';
      }
    }
    return (page + paragraph).trim();
  });
}

/** Upload over the API, then poll the document list until the document is ready. */
async function uploadUntilReady(file: string): Promise<number> {
  const bench = await startBenchApp();
  try {
    const form = new FormData();
    form.append('businessCardId', String(bench.cardId));
    form.append('documents', new Blob([await fs.readFile(file)]), 'catalogue.pdf');
    const start = performance.now();
    const upload = await bench.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { cookie: bench.cookie },
      body: form,
    });
    if (upload.statusCode !== 201) throw new Error(`upload failed: ${upload.body}`);
    for (;;) {
      const list = await bench.app.inject({
        method: 'GET',
        url: `/api/business-cards/${bench.cardId}/documents`,
        headers: { cookie: bench.cookie },
      });
      const [document] = list.json() as Array<{ status: string }>;
      if (document?.status === 'ready') return performance.now() - start;
      if (document?.status === 'failed') throw new Error('the benchmark PDF failed to process');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await bench.close();
  }
}

export const ingestBench: Bench = {
  name: 'ingest',
  async run() {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-bench-ingest-'));
    try {
      const pages = catalogueText(PAGES, CHARS_PER_PAGE);
      const file = path.join(dir, 'catalogue-100-pages.pdf');
      await fs.writeFile(file, await buildTextPdf(pages));
      const { size } = await fs.stat(file);

      let start = performance.now();
      const first = await ingestFile(file, 'catalogue.pdf');
      const cold = performance.now() - start;
      const warm: number[] = [];
      for (let run = 0; run < WARM_RUNS; run++) {
        start = performance.now();
        await ingestFile(file, 'catalogue.pdf');
        warm.push(performance.now() - start);
      }
      const throughApp = await uploadUntilReady(file);
      const characters = first.sections.reduce((sum, section) => sum + section.text.length, 0);
      return [
        {
          name: `ingestFile 100-page PDF, cold (${first.pageCount} pages, ${Math.round(characters / 1000)}k chars, ${Math.round(size / 1024)} KB)`,
          figure: ms(cold),
          target: '< 5000 ms',
        },
        {
          name: `ingestFile 100-page PDF, warm p50 of ${WARM_RUNS} (${first.chunks.length} chunks)`,
          figure: ms(percentile(warm, 50)),
          target: '< 5000 ms',
        },
        {
          name: '100-page PDF through the app: POST /api/documents until status ready',
          figure: ms(throughApp),
          target: '< 5000 ms',
        },
      ];
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  },
};
