import fs from 'node:fs';
import { vmRssBytes } from '#server/lib/memory-watchdog.ts';

/*
 * The process's resident memory, as the PDF reader's memory rule reads it (pdf-page-helper.ts):
 * before every page, in both reading threads.
 *
 * Not with `process.memoryUsage.rss()`: it reads /proc/self/stat (where the kernel also adds up
 * every thread's CPU time), and while the other thread was busy one reading in ten took 7-13 ms
 * (the median 0.1 ms): 8-10 % of the time to read a 300-page text PDF went there.
 * /proc/self/status gives the same figure (VmRSS, also what the reader's memory watchdog reads,
 * lib/memory-watchdog.ts) without that wait. A reading is kept for a few milliseconds, a handful
 * of text pages, far less than what a thread could add to reach the reader's cap from the
 * helper's mark (HELPER_MAX_PROCESS_MB).
 */

/** How long one reading is used before the next is taken. */
const READING_KEPT_MS = 20;

let lastReading = { at: -Infinity, bytes: 0 };

function readResidentBytes(): number {
  try {
    const bytes = vmRssBytes(fs.readFileSync('/proc/self/status', 'latin1'));
    if (bytes !== null) return bytes;
  } catch {
    // Not Linux: no /proc.
  }
  return process.memoryUsage.rss();
}

/** Resident memory of the whole process (all threads), in bytes, at most READING_KEPT_MS old. */
export function processResidentBytes(): number {
  const now = performance.now();
  if (now - lastReading.at >= READING_KEPT_MS) {
    lastReading = { at: now, bytes: readResidentBytes() };
  }
  return lastReading.bytes;
}
