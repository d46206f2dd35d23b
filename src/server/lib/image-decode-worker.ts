import { parentPort } from 'node:worker_threads';
import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/*
 * The decoding thread of image-decode.ts: decodes every pixel of a PNG (each chunk's CRC, the
 * whole compressed stream, every row's filter) or a baseline/progressive JPEG (every scan),
 * and answers with the decoded size, or why it could not. The pixels are dropped at once.
 */

export type DecodableFormat = 'png' | 'jpeg';

export interface DecodeJob {
  id: number;
  bytes: Uint8Array;
  format: DecodableFormat;
  /** Checked from the header before the job is sent; the JPEG decoder enforces it again. */
  maxPixels: number;
}

export type DecodeReply =
  | { id: number; ok: true; width: number; height: number }
  | { id: number; ok: false; reason: string };

/** The JPEG decoder's own allocation ceiling (its component planes and the RGBA output). */
const JPEG_MAX_MEMORY_MB = 384;

/** Samples per pixel of each PNG colour type (greyscale, RGB, palette, grey + alpha, RGBA). */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** Adam7's passes: first column and row, then the steps between them. */
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes of filtered scanlines a PNG of this header holds once inflated. */
function pngImageDataBytes(ihdr: Buffer): number {
  const width = ihdr.readUInt32BE(0);
  const height = ihdr.readUInt32BE(4);
  const bitDepth = ihdr[8]!;
  const channels = PNG_CHANNELS[ihdr[9]!];
  if (!channels || ![1, 2, 4, 8, 16].includes(bitDepth)) throw new Error('invalid PNG header');
  const rowBytes = (pixels: number) => 1 + Math.ceil((pixels * channels * bitDepth) / 8);
  if (ihdr[12] !== 1) return height * rowBytes(width);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const passWidth = Math.ceil(Math.max(0, width - x0) / dx);
    const passHeight = Math.ceil(Math.max(0, height - y0) / dy);
    if (passWidth > 0) total += passHeight * rowBytes(passWidth);
  }
  return total;
}

/**
 * pngjs alone is not strict: given an image cut short it fills the missing rows from memory it
 * never wrote and may report success. So the file is checked whole first — every chunk complete
 * with its CRC, up to IEND, and the compressed image data a complete zlib stream of exactly
 * the size the header calls for (inflated with that as its ceiling).
 */
function assertWholePng(bytes: Buffer): void {
  let position = 8;
  let ihdr: Buffer | null = null;
  const imageData: Buffer[] = [];
  for (;;) {
    if (position + 12 > bytes.length) throw new Error('the PNG ends before its IEND chunk');
    const length = bytes.readUInt32BE(position);
    const type = bytes.toString('latin1', position + 4, position + 8);
    const end = position + 12 + length;
    if (end > bytes.length) throw new Error(`the PNG's ${type} chunk is cut off`);
    const crc = bytes.readUInt32BE(end - 4);
    if (zlib.crc32(bytes.subarray(position + 4, end - 4)) !== crc) {
      throw new Error(`the PNG's ${type} chunk is damaged (CRC)`);
    }
    const data = bytes.subarray(position + 8, end - 4);
    if (position === 8 && (type !== 'IHDR' || length !== 13)) throw new Error('no PNG header');
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') imageData.push(data);
    position = end;
    if (type === 'IEND') break;
  }
  const expected = pngImageDataBytes(ihdr!);
  const inflated = zlib.inflateSync(Buffer.concat(imageData), { maxOutputLength: expected });
  if (inflated.length !== expected) throw new Error('the PNG holds less image data than it says');
}

function decode(job: DecodeJob): { width: number; height: number } {
  // A buffer of its own, exactly the image's size: pngjs reads past the end of a view into the
  // rest of its ArrayBuffer (a pooled buffer cut short could decode from the bytes after it).
  const bytes = Buffer.alloc(job.bytes.byteLength);
  bytes.set(job.bytes);
  if (job.format === 'png') {
    assertWholePng(bytes);
    const image = PNG.sync.read(bytes);
    return { width: image.width, height: image.height };
  }
  const image = jpeg.decode(bytes, {
    useTArray: true,
    tolerantDecoding: false,
    maxResolutionInMP: job.maxPixels / 1_000_000,
    maxMemoryUsageInMB: JPEG_MAX_MEMORY_MB,
  });
  return { width: image.width, height: image.height };
}

const port = parentPort!;

port.on('message', (job: DecodeJob) => {
  let reply: DecodeReply;
  try {
    const { width, height } = decode(job);
    reply =
      width > 0 && height > 0
        ? { id: job.id, ok: true, width, height }
        : { id: job.id, ok: false, reason: 'the image has no pixels' };
  } catch (error) {
    reply = {
      id: job.id,
      ok: false,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  port.postMessage(reply satisfies DecodeReply);
});
