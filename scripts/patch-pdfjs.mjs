#!/usr/bin/env node
/*
 * Writes pdf.js's worker half with two changes that make reading a text PDF faster and change
 * nothing it reads (docs/decisions/051-pdfjs-worker-patched-at-install.md), beside the
 * original: node_modules/pdfjs-dist/legacy/build/pdf.worker.docucard.mjs, loaded by
 * src/server/ingest/extract/pdfjs.ts. Run by `npm install` / `npm ci` (postinstall).
 *
 * Each change replaces one exact passage of the installed version. When a passage is not found
 * exactly once (another pdfjs-dist version), nothing is written and the original is used, only
 * slower; `pdfjs-patch.unit.test.ts` fails then, so the passages get looked at again.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PATCHED_WORKER_FILE = 'pdf.worker.docucard.mjs';

/** The passages replaced, each with why. */
export const WORKER_CHANGES = [
  {
    why:
      'TextState.clone made each clone inherit from the state it copied (Object.create(this)): ' +
      'every save (q) and every new text chunk left a state object used as a prototype, so V8 ' +
      'gave each its own shape and every per-glyph read of the text state went megamorphic. ' +
      'The clone copies the same own fields and now inherits from TextState.prototype.',
    from: 'const clone = Object.assign(Object.create(this), this);',
    to: 'const clone = Object.assign(Object.create(Object.getPrototypeOf(this)), this);',
  },
  {
    why:
      'getCurrentTextTransform, called twice per glyph, built three arrays (the text-space ' +
      'matrix and two Util.transform products). The same products, term by term in the same ' +
      'order (so the same numbers), now build only the result.',
    from: `      return Util.transform(textState.ctm, Util.transform(textState.textMatrix, tsm));
    }`,
    to: `      const m = textState.textMatrix;
      const t0 = m[0] * tsm[0] + m[2] * tsm[1],
        t1 = m[1] * tsm[0] + m[3] * tsm[1],
        t2 = m[0] * tsm[2] + m[2] * tsm[3],
        t3 = m[1] * tsm[2] + m[3] * tsm[3],
        t4 = m[0] * tsm[4] + m[2] * tsm[5] + m[4],
        t5 = m[1] * tsm[4] + m[3] * tsm[5] + m[5];
      const c = textState.ctm;
      return [c[0] * t0 + c[2] * t1, c[1] * t0 + c[3] * t1, c[0] * t2 + c[2] * t3, c[1] * t2 + c[3] * t3, c[0] * t4 + c[2] * t5 + c[4], c[1] * t4 + c[3] * t5 + c[5]];
    }`,
  },
];

const HEADER = '/* pdf.worker.mjs with the changes of DocuCard scripts/patch-pdfjs.mjs */\n';

/** The patched source, or the passages not found exactly once. */
export function patchPdfjsWorker(source) {
  let patched = source;
  const missing = [];
  for (const change of WORKER_CHANGES) {
    const found = patched.split(change.from).length - 1;
    if (found !== 1) missing.push(`${change.from.split('\n')[0]} (found ${found} times)`);
    else patched = patched.replace(change.from, () => change.to);
  }
  if (missing.length > 0) return { missing };
  // The original's source map no longer fits the changed lines.
  return { source: HEADER + patched.replace(/\/\/# sourceMappingURL=\S+\s*$/, '') };
}

/** The installed worker half, and where its patched copy goes. */
export function workerPaths() {
  const require = createRequire(import.meta.url);
  const build = path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'legacy/build');
  return {
    original: path.join(build, 'pdf.worker.mjs'),
    patched: path.join(build, PATCHED_WORKER_FILE),
  };
}

function main() {
  let paths;
  try {
    paths = workerPaths();
  } catch {
    return; // pdfjs-dist is not installed (yet): nothing to patch
  }
  const result = patchPdfjsWorker(fs.readFileSync(paths.original, 'utf8'));
  if (result.missing) {
    fs.rmSync(paths.patched, { force: true });
    console.warn(
      `patch-pdfjs: this pdfjs-dist differs from the one the patch was written for; PDFs are ` +
        `read with the original worker, more slowly. Not found exactly once:\n  ` +
        result.missing.join('\n  '),
    );
    return;
  }
  fs.writeFileSync(paths.patched, result.source);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
