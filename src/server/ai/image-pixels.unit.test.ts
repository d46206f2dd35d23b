import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors.ts';
import { textFromImage } from './image.ts';

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
    const started = Date.now();
    const error = await textFromImage(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(413);
    expect((error as AppError).messageKey).toBe('errors.imageTooManyPixels');
    expect((error as AppError).params).toMatchObject({
      megapixels: 40,
      size: '60000 × 60000 (3600 MP)',
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
