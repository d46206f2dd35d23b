export const PATCHED_WORKER_FILE: string;
/** The passages of pdf.js's worker half that are replaced, each with why. */
export const WORKER_CHANGES: ReadonlyArray<{ why: string; from: string; to: string }>;
/** The patched source, or the passages not found exactly once. */
export function patchPdfjsWorker(source: string): { source: string } | { missing: string[] };
/** The installed worker half, and where its patched copy goes. */
export function workerPaths(): { original: string; patched: string };
