import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleEntries } from '../scripts/build-server.mjs';
import type { ExtractReply, ExtractRequest } from './pdf-extract-child.ts';

/*
 * The PDF extractor bundled as `npm run build` bundles the server, run under plain node in a
 * process of its own: what the deployed reader runs. Measured under tsx instead, the helper
 * thread that reads a long PDF's pages beside the main one gains nothing (tsx's module hooks
 * slow both threads), and pdf.js takes ~300 MB more memory.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist/bench');

export interface BuiltExtractor {
  /** Milliseconds to extract the PDF's text, measured inside the reading process. */
  extract(file: string): Promise<number>;
  close(): void;
}

export async function startBuiltExtractor(): Promise<BuiltExtractor> {
  await bundleEntries(
    {
      'pdf-extract-child': path.join(ROOT, 'bench/pdf-extract-child.ts'),
      // Beside the bundle, where the extractor looks for its helper thread's entry.
      'pdf-page-worker-entry': path.join(ROOT, 'src/server/ingest/extract/pdf-page-worker.ts'),
    },
    OUT,
  );
  const child = fork(path.join(OUT, 'pdf-extract-child.mjs'), { execArgv: [], stdio: 'inherit' });
  return {
    extract(file) {
      return new Promise((resolve, reject) => {
        const onExit = (code: number | null) =>
          reject(new Error(`the extracting process ended (${code})`));
        child.once('exit', onExit);
        child.once('message', (reply: ExtractReply) => {
          child.off('exit', onExit);
          if ('error' in reply) reject(new Error(reply.error));
          else resolve(reply.ms);
        });
        child.send({ file } satisfies ExtractRequest);
      });
    },
    close() {
      child.kill();
    },
  };
}
