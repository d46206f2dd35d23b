/*
 * `npm run bench` runs every benchmark in bench/ and prints one table. `npm run bench -- auth`
 * runs only those whose name contains "auth".
 */
import { analyticsBench } from './analytics.bench.ts';
import { audioBench } from './audio.bench.ts';
import { answerBench } from './answer.bench.ts';
import { authBench } from './auth.bench.ts';
import { chatWeightBench } from './chat-weight.bench.ts';
import { boundsBench } from './bounds.bench.ts';
import { ingestBench } from './ingest.bench.ts';
import { lighthouseBench } from './lighthouse.bench.ts';
import { marketingTextBench } from './marketing-text.bench.ts';
import { notifyBench } from './notify.bench.ts';
import { ocrBench } from './ocr.bench.ts';
import { pdfBench } from './pdf.bench.ts';
import { pipelineBench } from './pipeline.bench.ts';
import { posterBench } from './poster.bench.ts';
import { previewBench } from './preview.bench.ts';
import { retrievalBench } from './retrieval.bench.ts';
import { scaleBench } from './scale.bench.ts';
import { spreadsheetBench } from './spreadsheet.bench.ts';
import { startupBench } from './startup.bench.ts';
import { uploadBench } from './upload.bench.ts';

export interface BenchResult {
  name: string;
  figure: string;
  target?: string;
}

export interface Bench {
  name: string;
  run(): Promise<BenchResult[]>;
}

const benches: Bench[] = [
  authBench,
  ingestBench,
  uploadBench,
  answerBench,
  retrievalBench,
  notifyBench,
  pdfBench,
  ocrBench,
  spreadsheetBench,
  analyticsBench,
  pipelineBench,
  posterBench,
  previewBench,
  scaleBench,
  chatWeightBench,
  startupBench,
  audioBench,
  marketingTextBench,
  boundsBench,
  lighthouseBench,
];
const filter = process.argv[2];
const results: BenchResult[] = [];
for (const bench of benches.filter((b) => !filter || b.name.includes(filter))) {
  process.stdout.write(`running ${bench.name}…\n`);
  results.push(...(await bench.run()));
}
console.table(results);
process.exit(0);
