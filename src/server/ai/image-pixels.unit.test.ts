import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { extractDocument } from '#server/ingest/index.ts';
import type * as Ingest from '#server/ingest/index.ts';
import { AppError } from '#server/lib/errors.ts';
import { textFromImage } from './image.ts';

// The image reader (pixels decoded, OCR or a vision model), counted: a pixel bomb never reaches it.
vi.mock('#server/ingest/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Ingest>();
  return { ...real, extractDocument: vi.fn(real.extractDocument) };
});

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-photo-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

describe("a visitor's chat photo", () => {
  it('is refused with 413 from its header when it claims more than 40 megapixels', async () => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(60_000, 0);
    ihdr.writeUInt32BE(60_000, 4);
    ihdr.writeUInt8(8, 8);
    const file = path.join(dir, 'photo.png');
    await fs.writeFile(
      file,
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
        chunk('IEND', Buffer.alloc(0)),
      ]),
    );
    const describeImage = vi.fn(() => Promise.resolve('a photo'));
    const error = await textFromImage(file, { describeImage }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect((error as AppError).messageKey).toBe('errors.imageTooManyPixels');
    expect((error as AppError).params).toMatchObject({
      megapixels: 40,
      size: '60000 × 60000 (3600 MP)',
    });
    // Refused from its header alone: no pixel was decoded, read or described (the time this
    // takes is a figure of `npm run bench -- bounds`).
    expect(extractDocument).not.toHaveBeenCalled();
    expect(describeImage).not.toHaveBeenCalled();
  });
});
