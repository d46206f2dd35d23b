import fs from 'node:fs/promises';

/*
 * Watches the resident memory of a child process through /proc/<pid>/status (Linux) and calls
 * `onExceeded` once when it passes the cap. The kernel's own limit (RLIMIT_DATA, see
 * child-process.ts) is the backstop; this is the precise cap: a decompression bomb inflating
 * at a few hundred MB/s overshoots it by at most one poll's worth.
 */

export interface MemoryWatchdog {
  /** The highest resident size seen so far, in bytes (0 where /proc is not available). */
  peakBytes(): number;
  stop(): void;
}

/** The resident size a /proc/<pid>/status text gives (VmRSS), in bytes. */
export function vmRssBytes(status: string): number | null {
  const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
  return kilobytes ? Number(kilobytes) * 1024 : null;
}

/** VmRSS of a process in bytes, or null when it has gone or /proc is not there. */
export async function residentBytes(pid: number): Promise<number | null> {
  try {
    return vmRssBytes(await fs.readFile(`/proc/${pid}/status`, 'latin1'));
  } catch {
    return null;
  }
}

export function watchMemory(
  pid: number,
  options: { maxBytes: number; intervalMs?: number; onExceeded: (rssBytes: number) => void },
): MemoryWatchdog {
  let peak = 0;
  let stopped = false;
  let reading = false;
  const timer = setInterval(() => {
    if (reading || stopped) return;
    reading = true;
    void residentBytes(pid).then((rss) => {
      reading = false;
      if (rss === null || stopped) return;
      peak = Math.max(peak, rss);
      if (rss > options.maxBytes) {
        stopped = true;
        clearInterval(timer);
        options.onExceeded(rss);
      }
    });
  }, options.intervalMs ?? 50);
  timer.unref();
  return {
    peakBytes: () => peak,
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
