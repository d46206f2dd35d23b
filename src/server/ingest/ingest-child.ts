import type { AnalysedDocument, DocumentAnalysis } from './analyse.ts';
import { isIngestError } from './errors.ts';
import { ingestFile, shutdownOcr, type IngestOptions } from './index.ts';

/*
 * Runs inside a child process (see isolated.ts): a parser that loops or eats memory takes down
 * this process only — the kernel and the parent's watchdog cap it — never the server.
 */

export interface IngestJob {
  id: number;
  type: 'ingest';
  filePath: string;
  originalName: string;
  options: Omit<IngestOptions, 'describeImage' | 'signal' | 'onProgress'>;
}

/** A card's analysis: CPU-heavy on a big workbook, so it runs here rather than in the server. */
export interface AnalyseJob {
  id: number;
  type: 'analyse';
  documents: AnalysedDocument[];
}

export type ReaderJob = IngestJob | AnalyseJob;

export interface CardAnalysis {
  analysis: DocumentAnalysis;
}

/** analyse.ts loads with the first analysis, not with the reader. */
async function analyseCardDocuments(documents: AnalysedDocument[]): Promise<CardAnalysis> {
  const { analyseDocuments } = await import('./analyse.ts');
  return { analysis: analyseDocuments(documents) };
}

/** An allocation V8 or a typed array refused: the file needs more memory than we allow. */
function isOutOfMemory(error: unknown): boolean {
  return (
    error instanceof RangeError &&
    /allocation failed|out of memory|invalid (typed )?array length/i.test(error.message)
  );
}

function outcomeOf(job: ReaderJob, error: unknown) {
  if (isIngestError(error)) {
    return {
      id: job.id,
      ok: false,
      error: { code: error.code, message: error.message, params: error.params },
    };
  }
  return {
    id: job.id,
    ok: false,
    error: isOutOfMemory(error)
      ? { code: 'memory-limit', message: String(error), params: {} }
      : { code: 'corrupt-document', message: String(error), params: {} },
  };
}

function run(job: ReaderJob): Promise<unknown> {
  if (job.type === 'analyse') return analyseCardDocuments(job.documents);
  return ingestFile(job.filePath, job.originalName, {
    ...job.options,
    onProgress: (progress) => process.send?.({ id: job.id, progress }),
  });
}

process.on('message', (job: ReaderJob) => {
  run(job).then(
    (result) => process.send?.({ id: job.id, ok: true, result }),
    (error: unknown) => process.send?.(outcomeOf(job, error)),
  );
});

// The server went away (or closed us): leave with it rather than linger as an orphan.
process.on('disconnect', () => {
  void shutdownOcr()
    .catch(() => undefined)
    .finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
});
