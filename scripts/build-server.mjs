#!/usr/bin/env node
/*
 * Compiles the server for `node` (no TypeScript loader in production): esbuild bundles our own
 * code — `#server/*` / `#shared/*` imports resolved at build time — and leaves every npm package
 * external, loaded from node_modules as usual. See docs/decisions for why.
 *
 *   src/server/main.ts                      → dist/server/main.js
 *   src/server/…/<name>-entry.mjs (a shim)   → dist/server/<name>-entry.mjs
 *   src/server/db/migrations/               → dist/server/migrations/
 *
 * Child-process and worker entries follow one convention: the code lives in a TypeScript file
 * (e.g. `ingest/ingest-child.ts`) and a shim `<name>-entry.mjs` beside it registers tsx and
 * imports it, so the sources run under plain node in development and tests. The spawning code
 * names the shim as `new URL('./<name>-entry.mjs', import.meta.url)`. Here each shim's imported
 * TypeScript file is bundled to `dist/server/<name>-entry.mjs` — next to main.js, which is where
 * that same URL points once the spawning code is inside the bundle. Entry names must therefore
 * be unique across src/server (checked below).
 *
 * Paths the code derives from `import.meta.url` keep working because dist/server sits as deep
 * as src/server: `../../dist/web` (the web root) is the same folder from both, and
 * `db/client.ts` looks for `migrations` beside itself, i.e. beside main.js in the bundle.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = path.join(ROOT, 'src/server');
const OUT = path.join(ROOT, 'dist/server');
const ENTRY_SHIM = /-entry\.mjs$/;
const SHIM_TARGET = /import\(\s*['"](\.\/[^'"]+\.ts)['"]\s*\)/;

/** Every `*-entry.mjs` shim under src/server and the TypeScript module it loads. */
export function childEntries(sourceDir = SOURCE) {
  const entries = new Map();
  for (const relative of fs.readdirSync(sourceDir, { recursive: true })) {
    if (!ENTRY_SHIM.test(relative) || relative.includes('node_modules')) continue;
    const shim = path.join(sourceDir, relative);
    const target = SHIM_TARGET.exec(fs.readFileSync(shim, 'utf8'))?.[1];
    if (!target) throw new Error(`${relative}: an entry shim must import('./<module>.ts')`);
    const name = path.basename(relative, '.mjs');
    if (entries.has(name)) throw new Error(`two entry shims are named ${name}.mjs`);
    entries.set(name, path.resolve(path.dirname(shim), target));
  }
  return entries;
}

const shared = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
  legalComments: 'none',
  // Dynamic import() of our own modules (the document readers) stays lazy: each becomes a chunk
  // of its own, so the packages it imports load only when it does.
  splitting: true,
  // Chunks sit beside main.js (not in a subfolder) so import.meta.url-relative paths hold in them.
  chunkNames: '[name]-[hash]',
};

/*
 * A server that is running while the next version is built (`git pull && npm run build`) still
 * imports its lazily loaded chunks by their old content-hashed names: files of earlier builds
 * stay for a day instead of being deleted at once.
 */
const KEEP_EARLIER_BUILDS_MS = 24 * 60 * 60 * 1000;

function pruneEarlierBuilds(written) {
  for (const name of fs.readdirSync(OUT)) {
    const file = path.join(OUT, name);
    if (written.has(file) || name === 'migrations') continue;
    if (Date.now() - fs.statSync(file).mtimeMs > KEEP_EARLIER_BUILDS_MS) fs.rmSync(file);
  }
}

/**
 * Bundles entries (`{ name: sourceFile }`) as the child entries are bundled: to
 * `<outdir>/<name>.mjs`. The bench uses it for code that must run as it does in production.
 */
export function bundleEntries(entries, outdir) {
  return esbuild.build({
    ...shared,
    entryPoints: entries,
    outdir,
    outExtension: { '.js': '.mjs' },
    metafile: true,
  });
}

export async function buildServer() {
  const started = performance.now();
  const children = childEntries();
  const results = await Promise.all([
    esbuild.build({
      ...shared,
      entryPoints: { main: path.join(SOURCE, 'main.ts') },
      outdir: OUT,
      metafile: true,
    }),
    bundleEntries(Object.fromEntries(children), OUT),
  ]);
  const written = new Set(
    results.flatMap((result) => Object.keys(result.metafile.outputs)).map((f) => path.resolve(f)),
  );
  pruneEarlierBuilds(written);
  fs.rmSync(path.join(OUT, 'migrations'), { recursive: true, force: true });
  fs.cpSync(path.join(SOURCE, 'db/migrations'), path.join(OUT, 'migrations'), {
    recursive: true,
  });
  const took = Math.round(performance.now() - started);
  console.log(`built dist/server (main + ${[...children.keys()].join(', ')}) in ${took} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildServer();
  } catch {
    process.exitCode = 1; // esbuild has printed the errors
  }
}
