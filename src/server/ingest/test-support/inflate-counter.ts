import zlib from 'node:zlib';
import { vi } from 'vitest';

/*
 * Counts what zlib inflates while it is installed: zip entries are raw deflate, inflated by
 * yauzl through zlib.createInflateRaw. A test asserts how many bytes a check inflated (a bomb
 * refused from its directory inflates none of it; a lying header is caught within a chunk),
 * where it once timed the check or read the process's memory.
 */

export interface InflateCounter {
  /** Inflate streams opened (one per zip entry read). */
  readonly streams: number;
  /** Bytes those streams produced. */
  readonly bytes: number;
  restore(): void;
}

export function countInflatedBytes(): InflateCounter {
  let streams = 0;
  let bytes = 0;
  const create = zlib.createInflateRaw;
  const spy = vi.spyOn(zlib, 'createInflateRaw').mockImplementation((options) => {
    const stream = create(options);
    streams++;
    const push = stream.push.bind(stream);
    stream.push = (chunk: Buffer | null, encoding?: BufferEncoding) => {
      if (chunk) bytes += chunk.length;
      return push(chunk, encoding);
    };
    return stream;
  });
  return {
    get streams() {
      return streams;
    },
    get bytes() {
      return bytes;
    },
    restore: () => spy.mockRestore(),
  };
}
