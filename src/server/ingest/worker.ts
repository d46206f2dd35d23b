import { parentPort } from 'node:worker_threads';
import { isIngestError } from './errors.ts';
import { ingestFile, type IngestOptions } from './index.ts';

/*
 * Runs inside a worker thread (see isolated.ts): a parser that loops or eats memory takes
 * down this thread only, never the server that answers requests.
 */

export interface IngestJob {
  id: number;
  filePath: string;
  originalName: string;
  options: Omit<IngestOptions, 'describeImage' | 'signal'>;
}

parentPort?.on('message', (job: IngestJob) => {
  ingestFile(job.filePath, job.originalName, job.options).then(
    (result) => parentPort!.postMessage({ id: job.id, ok: true, result }),
    (error: unknown) =>
      parentPort!.postMessage({
        id: job.id,
        ok: false,
        error: isIngestError(error)
          ? { code: error.code, message: error.message, params: error.params }
          : { code: 'corrupt-document', message: String(error), params: {} },
      }),
  );
});
