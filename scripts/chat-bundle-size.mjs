#!/usr/bin/env node
/*
 * What a visitor's phone downloads to open the chat (the budget: under 100 KB compressed):
 * the entry script and styles named in dist/web/index.html, every module they import
 * statically, and the chat chunk with its own static imports. Sizes are gzip level 9 (what a
 * compressing server or CDN sends; brotli is smaller still).
 *
 *   npx vite build && node scripts/chat-bundle-size.mjs [--budget 100] [--json]
 *
 * Exits 1 when the total is over the budget (KB = 1000 bytes), 2 when the build is missing.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const WEB = path.resolve('dist/web');
/** A string only the chat chunk contains (the pending-queue storage key, lib/chat/pending.ts). */
const CHAT_MARKER = 'docucard.chat.pending.';

const args = process.argv.slice(2);
const budgetIndex = args.indexOf('--budget');
const budgetKb = budgetIndex === -1 ? 100 : Number(args[budgetIndex + 1]);
const asJson = args.includes('--json');

const indexFile = path.join(WEB, 'index.html');
if (!existsSync(indexFile)) {
  console.error('dist/web/index.html is missing: run `npx vite build` first.');
  process.exit(2);
}
const html = readFileSync(indexFile, 'utf8');

/** Asset path (relative to dist/web, no leading slash) of every script and stylesheet tag. */
function htmlAssets() {
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="\/?([^"]+\.js)"/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/?([^"]+\.css)"/g)].map(
    (m) => m[1],
  );
  const preloads = [
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return { scripts, styles, preloads };
}

/** Static imports of a built module: `import … from"./x.js"` and bare `import"./x.js"`. */
function staticImports(file) {
  const code = readFileSync(path.join(WEB, file), 'utf8');
  const found = new Set();
  for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g)) {
    found.add(path.posix.join(path.posix.dirname(file), match[1]));
  }
  return [...found];
}

function closure(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

/** The chat chunk: the built script that holds the marker, outside the entry's closure. */
function findChatChunk(exclude) {
  const assets = readAssetNames().filter((name) => name.endsWith('.js') && !exclude.has(name));
  const hits = assets.filter((name) =>
    readFileSync(path.join(WEB, name), 'utf8').includes(CHAT_MARKER),
  );
  if (hits.length !== 1) {
    console.error(`Expected one chunk with "${CHAT_MARKER}", found: ${hits.join(', ') || 'none'}`);
    process.exit(2);
  }
  return hits[0];
}

function readAssetNames() {
  return readdirSync(path.join(WEB, 'assets')).map((name) => `assets/${name}`);
}

/** CSS that Vite loads along with a dynamic import of `chunk` (listed in the entry's mapDeps). */
function cssForDynamicImport(entryFiles, chunk) {
  const css = new Set();
  for (const file of entryFiles) {
    const code = readFileSync(path.join(WEB, file), 'utf8');
    const table = code.match(/m\.f=\[([^\]]*)\]/);
    if (!table) continue;
    const names = [...table[1].matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    // Each import() call lists indices into the table; find the call that loads the chunk.
    for (const call of code.matchAll(
      /import\(["'`]\.\/([^"'`]+)["'`]\).{0,80}?__vite__mapDeps\(\[([\d,]+)\]\)/g,
    )) {
      if (`assets/${call[1]}` !== chunk) continue;
      for (const index of call[2].split(',')) {
        const name = names[Number(index)];
        if (name?.endsWith('.css')) css.add(name);
      }
    }
  }
  return [...css];
}

const { scripts, styles, preloads } = htmlAssets();
const entryFiles = closure([...scripts, ...preloads]);
const chatChunk = findChatChunk(entryFiles);
const chatFiles = closure([chatChunk]);
const files = [
  ...new Set([
    ...entryFiles,
    ...chatFiles,
    ...styles,
    ...cssForDynamicImport(entryFiles, chatChunk),
  ]),
];

const rows = files
  .map((file) => {
    const bytes = readFileSync(path.join(WEB, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), {
  raw: 0,
  gzip: 0,
});
const kb = (bytes) => (bytes / 1000).toFixed(1);
const within = total.gzip <= budgetKb * 1000;

if (asJson) {
  console.log(
    JSON.stringify({ files: rows, total, budgetKb, within, requests: rows.length }, null, 2),
  );
} else {
  console.log(`Visitor chat route (/chat/card/{id}): ${rows.length} files`);
  for (const row of rows)
    console.log(
      `  ${kb(row.gzip).padStart(6)} KB gz  ${kb(row.raw).padStart(7)} KB raw  ${row.file}`,
    );
  console.log(
    `Total: ${kb(total.gzip)} KB gzip (${kb(total.raw)} KB raw); budget ${budgetKb} KB: ${within ? 'within' : 'OVER'}`,
  );
}
process.exit(within ? 0 : 1);
