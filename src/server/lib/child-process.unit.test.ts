import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diedOutOfMemory, spawnCappedChild, type ChildExit } from './child-process.ts';

/*
 * The capped child on its own (the document reader and the audio renders are tested through
 * it in ingest/isolated.unit.test.ts and marketing/speech/speech.unit.test.ts).
 */

type Reason =
  | { kind: 'memory'; rss: number }
  | { kind: 'exit'; exit: ChildExit }
  | { kind: 'error'; message: string }
  | { kind: 'timeout' };

const CHILD = `
const held = [];
process.on('message', (message) => {
  if (message === 'grow') {
    setInterval(() => held.push(Buffer.alloc(16 * 1024 * 1024, 1)), 20);
  } else if (message === 'exit') {
    process.exit(3);
  } else if (message !== 'hang') {
    process.send({ echo: message });
  }
});
`;

let dir: string;
let entry: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-child-'));
  entry = path.join(dir, 'child.mjs');
  await fs.writeFile(entry, CHILD);
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

function start() {
  const ends: Reason[] = [];
  const child = spawnCappedChild<Reason>({
    entry,
    name: 'docucard-test-child',
    maxMemoryMb: 96,
    kernelHeadroomMb: 256,
    stderr: 'ignore',
    reasons: {
      memory: (rss) => ({ kind: 'memory', rss }),
      exit: (exit) => ({ kind: 'exit', exit }),
      error: (error) => ({ kind: 'error', message: error.message }),
    },
    onEnd: (reason) => ends.push(reason),
  });
  return { child, ends };
}

describe('a capped child process', () => {
  it('answers messages, and ends quietly when the caller is done with it', async () => {
    const { child, ends } = start();
    const answer = new Promise((resolve) => child.process.once('message', resolve));
    child.send('hello');
    expect(await answer).toEqual({ echo: 'hello' });
    child.end();
    await child.exited;
    expect(child.ended).toBe(true);
    expect(ends).toEqual([]);
  });

  it('is killed past its deadline, and says so once', async () => {
    const { child, ends } = start();
    child.deadline(100, () => ({ kind: 'timeout' }));
    child.send('hang');
    await child.exited;
    expect(ends).toEqual([{ kind: 'timeout' }]);
    expect(child.process.signalCode).toBe('SIGKILL');
  });

  it('is stopped at its memory cap', async () => {
    const { child, ends } = start();
    child.send('grow');
    await child.exited;
    expect(ends).toHaveLength(1);
    // The watchdog's stop, or V8's or the kernel's limit when they come first.
    const [end] = ends;
    expect(
      end!.kind === 'memory' || (end!.kind === 'exit' && end!.exit.outOfMemory),
      JSON.stringify(end),
    ).toBe(true);
  }, 20_000);

  it('reports an exit it did not cause', async () => {
    const { child, ends } = start();
    child.send('exit');
    await child.exited;
    expect(ends).toEqual([{ kind: 'exit', exit: { code: 3, signal: null, outOfMemory: false } }]);
  });

  it('tells an out-of-memory death from a crash', () => {
    expect(diedOutOfMemory(null, 'SIGSEGV')).toBe(true);
    expect(diedOutOfMemory(134, null)).toBe(true);
    expect(diedOutOfMemory(1, null)).toBe(false);
    expect(diedOutOfMemory(null, 'SIGTERM')).toBe(false);
  });
});
