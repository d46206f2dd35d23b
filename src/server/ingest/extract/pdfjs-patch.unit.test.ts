import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { patchPdfjsWorker, WORKER_CHANGES, workerPaths } from '../../../../scripts/patch-pdfjs.mjs';
import { pdfjsWorkerPatched } from './pdfjs.ts';

/*
 * pdf.js's worker half is read from the copy scripts/patch-pdfjs.mjs writes at install
 * (decision 051). These fail when that copy is missing or stale — an update of pdfjs-dist whose
 * source no longer has the passages — so that the changes are looked at again, not lost quietly.
 */

describe("pdf.js's worker half, patched at install", () => {
  it('is the patched copy that this thread loaded', () => {
    expect(pdfjsWorkerPatched).toBe(true);
  });

  it('is current: the installed original with every change applied once', () => {
    const { original, patched } = workerPaths();
    const result = patchPdfjsWorker(fs.readFileSync(original, 'utf8'));
    expect('missing' in result ? result.missing : []).toEqual([]);
    expect(fs.readFileSync(patched, 'utf8')).toBe('source' in result ? result.source : '');
    for (const change of WORKER_CHANGES) {
      expect(fs.readFileSync(patched, 'utf8')).toContain(change.to);
    }
  });

  it('writes nothing and names the passage when a source lacks one', () => {
    const source = `class TextState {}\n${WORKER_CHANGES[1]!.from}\n`;
    const result = patchPdfjsWorker(source);
    expect(result).toEqual({ missing: [`${WORKER_CHANGES[0]!.from} (found 0 times)`] });
  });
});
