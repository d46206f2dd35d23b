import { spawn, type ChildProcess, type Serializable } from 'node:child_process';
import { watchMemory, type MemoryWatchdog } from './memory-watchdog.ts';

/*
 * A Node child process with a memory cap that really holds, time limits, and a clean end —
 * the one way the server runs untrusted or heavy work (the document reader, ingest/isolated.ts;
 * audio renders, marketing/speech/speech-queue.ts; decision 010). A worker thread could not do
 * it: its resourceLimits bound only the V8 heap, while pdf.js inflates streams into
 * ArrayBuffers and WebAssembly engines (tesseract, espeak) keep their memory outside it. Three
 * limits stand around the child:
 *
 * 1. a watchdog reads the child's resident memory every 50 ms and kills it above the cap;
 * 2. the kernel refuses the child any data segment beyond cap + headroom (RLIMIT_DATA, through
 *    `ulimit -d` in a POSIX shell that then execs node). Not RLIMIT_AS: V8 reserves gigabytes
 *    of address space for WebAssembly, which would break it. The headroom is for WebAssembly
 *    memory that is committed but mostly untouched; the watchdog is the precise cap;
 * 3. V8's own heap limit (--max-old-space-size).
 *
 * Whatever ends the child — the watchdog, a deadline, the caller, an error, or its own exit —
 * ends it once: it is killed (SIGKILL) if still running, its watchdog and deadlines stop, and
 * the caller hears one reason, the first, in its own terms (`reasons`).
 */

const MB = 1024 * 1024;

/** How a child that was not ended on purpose went. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /**
   * It died the way a process out of memory dies: an allocation refused under RLIMIT_DATA
   * (SIGSEGV, SIGBUS), V8's heap-limit abort (SIGABRT/SIGTRAP, or exit code 134/133 where a
   * shell reports it), or the kernel's OOM killer (SIGKILL).
   */
  outOfMemory: boolean;
}

const MEMORY_SIGNALS: readonly string[] = ['SIGSEGV', 'SIGABRT', 'SIGTRAP', 'SIGBUS', 'SIGKILL'];

export function diedOutOfMemory(code: number | null, signal: string | null): boolean {
  return (signal !== null && MEMORY_SIGNALS.includes(signal)) || code === 134 || code === 133;
}

export interface CappedChildOptions<Reason> {
  /** The module node runs: an entry shim `<name>-entry.mjs` (see scripts/build-server.mjs). */
  entry: string;
  /** What `ps` shows for the shell that sets the kernel's limit. */
  name: string;
  /** V8's heap limit, and the resident memory at which the watchdog stops the child. */
  maxMemoryMb: number;
  /** What the kernel still grants beyond maxMemoryMb (see 2. above). */
  kernelHeadroomMb: number;
  /** The child's stderr: into the server's, or dropped. */
  stderr: 'inherit' | 'ignore';
  /** IPC serialization ('advanced' carries typed arrays); default 'json'. */
  serialization?: 'json' | 'advanced';
  /** How often the watchdog reads the child's resident memory (ms). */
  watchdogIntervalMs?: number;
  /** Why the child ended, in the caller's terms, for the ends the caller did not choose. */
  reasons: {
    /** The watchdog saw it above the cap. */
    memory(rssBytes: number): Reason;
    /** It exited, or something else killed it. */
    exit(exit: ChildExit): Reason;
    /** It could not be started, or a message could not be sent to it. */
    error(error: Error): Reason;
  };
  /** Told once, with the first reason, as soon as the child has ended or is being ended. */
  onEnd(reason: Reason, child: CappedChild<Reason>): void;
}

export interface CappedChild<Reason> {
  readonly process: ChildProcess;
  /** Whether it has ended (or is being ended): nothing more should be given to it. */
  readonly ended: boolean;
  /**
   * Ends the child: killed if still running, watchdog and deadlines stopped. With a reason the
   * caller's onEnd hears it (unless the child had ended already); without, it hears nothing —
   * the caller is done with the child.
   */
  end(reason?: Reason): void;
  /** Ends the child with `reason()` unless the returned function is called within `ms`. */
  deadline(ms: number, reason: () => Reason): () => void;
  /** Sends a message; a failure ends the child (reasons.error). */
  send(message: Serializable): void;
  /** Whether the child keeps the server's event loop alive (a busy one should, an idle one not). */
  keepAlive(busy: boolean): void;
  /** Resolves once the process has gone (exited, or never started). */
  readonly exited: Promise<void>;
}

/** `node --max-old-space-size … entry` under RLIMIT_DATA where a POSIX shell exists. */
function childCommand(options: CappedChildOptions<unknown>): { command: string; args: string[] } {
  const nodeArgs = [`--max-old-space-size=${options.maxMemoryMb}`, options.entry];
  if (process.platform === 'win32') return { command: process.execPath, args: nodeArgs };
  const dataKb = (options.maxMemoryMb + options.kernelHeadroomMb) * 1024;
  return {
    command: '/bin/sh',
    args: ['-c', `ulimit -d ${dataKb} && exec "$@"`, options.name, process.execPath, ...nodeArgs],
  };
}

export function spawnCappedChild<Reason>(options: CappedChildOptions<Reason>): CappedChild<Reason> {
  const { command, args } = childCommand(options);
  const child = spawn(command, args, {
    stdio: ['ignore', 'ignore', options.stderr, 'ipc'],
    serialization: options.serialization ?? 'json',
    // The server's own flags (a loader, --inspect) are not the child's.
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let ended = false;
  let watchdog: MemoryWatchdog | null = null;
  const deadlines = new Set<NodeJS.Timeout>();
  let gone!: () => void;
  const exited = new Promise<void>((resolve) => (gone = resolve));

  function stopWatching(): void {
    watchdog?.stop();
    for (const timer of deadlines) clearTimeout(timer);
    deadlines.clear();
  }

  const capped: CappedChild<Reason> = {
    process: child,
    get ended() {
      return ended;
    },
    end(reason) {
      const first = !ended;
      ended = true;
      stopWatching();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      if (first && reason !== undefined) options.onEnd(reason, capped);
    },
    deadline(ms, reason) {
      if (ended) return () => undefined;
      const timer = setTimeout(() => {
        deadlines.delete(timer);
        capped.end(reason());
      }, ms);
      deadlines.add(timer);
      return () => {
        clearTimeout(timer);
        deadlines.delete(timer);
      };
    },
    send(message) {
      child.send(message, (error) => {
        if (error) capped.end(options.reasons.error(error));
      });
    },
    keepAlive(busy) {
      if (busy) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
    exited,
  };

  if (child.pid !== undefined) {
    watchdog = watchMemory(child.pid, {
      maxBytes: options.maxMemoryMb * MB,
      intervalMs: options.watchdogIntervalMs ?? 50,
      onExceeded: (rss) => capped.end(options.reasons.memory(rss)),
    });
  }
  child.on('error', (error) => {
    // A child that never started has no exit to wait for.
    if (child.pid === undefined) gone();
    if (!ended) capped.end(options.reasons.error(error));
  });
  child.on('exit', (code, signal) => {
    gone();
    if (ended) stopWatching();
    else
      capped.end(
        options.reasons.exit({ code, signal, outOfMemory: diedOutOfMemory(code, signal) }),
      );
  });
  return capped;
}
