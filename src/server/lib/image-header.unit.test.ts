import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import {
  describeImageSize,
  exceedsPixelLimit,
  readImageHeader,
  readImageHeaderFromFile,
} from './image-header.ts';

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'docucard-image-header-'));
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** A PNG that claims `width` x `height` in its IHDR: a few bytes, gigapixels when decoded. */
function pngClaiming(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes;
}

function gif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return bytes;
}

function bmp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(54);
  bytes.write('BM', 0, 'latin1');
  bytes.writeUInt32LE(40, 14);
  bytes.writeInt32LE(width, 18);
  bytes.writeInt32LE(height, 22);
  return bytes;
}

/** A TIFF whose directory sits after `padding` bytes, as some writers put it at the end. */
function tiff(width: number, height: number, littleEndian: boolean, padding = 0): Buffer {
  const ifdOffset = 8 + padding;
  const bytes = Buffer.alloc(ifdOffset + 2 + 2 * 12 + 4);
  const u16 = (value: number, at: number) =>
    littleEndian ? bytes.writeUInt16LE(value, at) : bytes.writeUInt16BE(value, at);
  const u32 = (value: number, at: number) =>
    littleEndian ? bytes.writeUInt32LE(value, at) : bytes.writeUInt32BE(value, at);
  bytes.write(littleEndian ? 'II' : 'MM', 0, 'latin1');
  u16(42, 2);
  u32(ifdOffset, 4);
  u16(2, ifdOffset);
  u16(256, ifdOffset + 2);
  u16(4, ifdOffset + 4);
  u32(1, ifdOffset + 6);
  u32(width, ifdOffset + 10);
  u16(257, ifdOffset + 14);
  u16(3, ifdOffset + 16);
  u32(1, ifdOffset + 18);
  u16(height, ifdOffset + 22);
  return bytes;
}

describe('image size from the header alone', () => {
  it.each(['png', 'jpeg', 'webp'] as const)('reads a real %s written by an encoder', (format) => {
    const canvas = createCanvas(37, 23);
    canvas.getContext('2d').fillRect(0, 0, 10, 10);
    const bytes = canvas.toBuffer(`image/${format}` as 'image/png');
    expect(readImageHeader(bytes)).toEqual({ format, width: 37, height: 23 });
  });

  it('reads GIF, BMP and both TIFF byte orders', () => {
    expect(readImageHeader(gif(640, 480))).toEqual({ format: 'gif', width: 640, height: 480 });
    expect(readImageHeader(bmp(800, -600))).toEqual({ format: 'bmp', width: 800, height: 600 });
    expect(readImageHeader(tiff(9000, 5000, true))).toEqual({
      format: 'tiff',
      width: 9000,
      height: 5000,
    });
    expect(readImageHeader(tiff(1200, 900, false))).toEqual({
      format: 'tiff',
      width: 1200,
      height: 900,
    });
  });

  it('finds a JPEG frame after a large EXIF block', () => {
    const jpeg = createCanvas(50, 40).toBuffer('image/jpeg');
    const app1 = Buffer.alloc(4 + 60_000);
    app1.writeUInt16BE(0xffe1, 0);
    app1.writeUInt16BE(60_002, 2);
    const padded = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)]);
    expect(readImageHeader(padded)).toMatchObject({ width: 50, height: 40 });
  });

  it('flags a pixel bomb without decoding it', () => {
    const bomb = readImageHeader(pngClaiming(100_000, 100_000))!;
    expect(exceedsPixelLimit(bomb)).toBe(true);
    expect(describeImageSize(bomb)).toBe('100000 × 100000 (10000 MP)');
    expect(exceedsPixelLimit(readImageHeader(pngClaiming(8000, 5000))!)).toBe(false);
    expect(exceedsPixelLimit(readImageHeader(pngClaiming(8000, 5001))!)).toBe(true);
  });

  it('answers null for other bytes and damaged headers', () => {
    expect(readImageHeader(Buffer.from('%PDF-1.7 not an image at all'))).toBeNull();
    expect(readImageHeader(pngClaiming(0, 10))).toBeNull();
    expect(readImageHeader(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeNull();
    expect(readImageHeader(Buffer.alloc(0))).toBeNull();
  });

  it('reads files, following a TIFF directory stored past the first megabyte', async () => {
    const file = path.join(dir, 'far.tif');
    await fs.writeFile(file, tiff(20_000, 3_000, true, 2 * 1024 * 1024));
    expect(await readImageHeaderFromFile(file)).toEqual({
      format: 'tiff',
      width: 20_000,
      height: 3_000,
    });
    const png = path.join(dir, 'bomb.png');
    await fs.writeFile(png, pngClaiming(50_000, 50_000));
    expect(await readImageHeaderFromFile(png)).toMatchObject({ width: 50_000 });
  });
});
