import { extractDocument } from '#server/ingest/extract/index.ts';

/*
 * The PDF extractor as production runs it (bundled, under plain node: see built-extractor.ts),
 * driven by the bench: each message names a PDF; the answer is how long extracting it took.
 */

export interface ExtractRequest {
  file: string;
}
export type ExtractReply = { ms: number; pages: number } | { error: string };

process.on('message', (request: ExtractRequest) => {
  const start = performance.now();
  extractDocument(request.file, 'pdf', { timeoutMs: 120_000 }).then(
    (document) =>
      process.send!({
        ms: performance.now() - start,
        pages: document.pageCount,
      } satisfies ExtractReply),
    (error: unknown) => process.send!({ error: String(error) } satisfies ExtractReply),
  );
});
