/*
 * `npm run bench` runs every benchmark in bench/ and prints one table. `npm run bench -- auth`
 * runs only those whose name contains "auth". Each runs in a process of its own, so none
 * measures what another left behind: the memory rows read the resident memory of the process
 * (a pass that ran them all in one counted a gigabyte of earlier benchmarks' heap as the
 * server's), and a heap grown by one benchmark slows the next one's collections.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
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
/**
 * Runs the one benchmark named and sends its rows back to the process that started it
 * (`inOwnProcess`), or prints them when typed by hand.
 */
const ONLY = '--only';

/** One benchmark's rows, from a process of its own; a benchmark that fails fails the pass. */
function inOwnProcess(bench: Bench): Promise<BenchResult[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [ONLY, bench.name], {
      execArgv: ['--import', 'tsx'],
    });
    let rows: BenchResult[] | undefined;
    child.on('message', (message: BenchResult[]) => (rows = message));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0 && rows) resolve(rows);
      else reject(new Error(`the ${bench.name} benchmark failed (exit code ${code})`));
    });
  });
}

if (process.argv[2] === ONLY) {
  const bench = benches.find((b) => b.name === process.argv[3]);
  if (!bench) {
    console.error(
      `no benchmark named ${process.argv[3]}: ${benches.map((b) => b.name).join(', ')}`,
    );
    process.exit(2);
  }
  const rows = await bench.run();
  if (process.send) {
    process.send(rows, () => process.exit(0));
  } else {
    console.table(rows);
    process.exit(0);
  }
} else {
  const filter = process.argv[2];
  const results: BenchResult[] = [];
  for (const bench of benches.filter((b) => !filter || b.name.includes(filter))) {
    process.stdout.write(`running ${bench.name}…\n`);
    results.push(...(await inOwnProcess(bench)));
  }
  console.table(results);
  process.exit(0);
}
