import type { BuildResult } from 'esbuild';

/** Every `*-entry.mjs` shim under a folder (src/server by default) and the module it loads. */
export function childEntries(sourceDir?: string): Map<string, string>;
/** Bundles `{ name: sourceFile }` entries to `<outdir>/<name>.mjs`, as the server's children. */
export function bundleEntries(
  entries: Record<string, string>,
  outdir: string,
): Promise<BuildResult>;
export function buildServer(): Promise<void>;
