#!/usr/bin/env node
// After `vite build`: writes .br and .gz beside every compressible file in dist/web, which
// @fastify/static serves (preCompressed) to browsers that accept them. A phone on a crowded
// fair network then receives the chat page's ~90 KB instead of ~300 KB.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const root = path.resolve('dist/web');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/** Below this a file is sent as it is (a compressed copy would hardly be smaller). */
const MIN_BYTES = 256;

let count = 0;
for (const name of await fs.readdir(root, { recursive: true })) {
  const file = path.join(root, name);
  if (!COMPRESSIBLE.test(file)) continue;
  const data = await fs.readFile(file);
  if (data.length < MIN_BYTES) continue;
  const variants = [
    ['br', await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })],
    ['gz', await gzip(data, { level: 9 })],
  ];
  // The chat's small chunks count too (scripts/chat-bundle-size.mjs): kept when smaller.
  for (const [extension, compressed] of variants)
    if (compressed.length < data.length) await fs.writeFile(`${file}.${extension}`, compressed);
  count += 1;
}
console.log(`compressed ${count} files in dist/web`);
