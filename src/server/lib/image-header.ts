import fs from 'node:fs/promises';

/*
 * The size of an image read from its header alone (PNG IHDR, JPEG SOFn, WebP VP8/VP8L/VP8X,
 * GIF, BMP, TIFF), so a "pixel bomb" — a few kilobytes that decode to gigabytes — is refused
 * before any decoder allocates a single row. Nothing here decodes pixels.
 */

export type ImageFormat = 'png' | 'jpeg' | 'webp' | 'gif' | 'bmp' | 'tiff';

export interface ImageHeader {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Images above this many pixels are refused (chat photos, logos, document images). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_IMAGE_MEGAPIXELS = MAX_IMAGE_PIXELS / 1_000_000;

/** How much of a file is read to find the header (JPEG may put large EXIF blocks first). */
const HEAD_BYTES = 1024 * 1024;

export function imagePixels(header: ImageHeader): number {
  return header.width * header.height;
}

export function exceedsPixelLimit(header: ImageHeader, maxPixels = MAX_IMAGE_PIXELS): boolean {
  return imagePixels(header) > maxPixels;
}

/** "12000 × 8000 (96 MP)", for messages and logs. */
export function describeImageSize(header: ImageHeader): string {
  const megapixels = Math.round(imagePixels(header) / 100_000) / 10;
  return `${header.width} × ${header.height} (${megapixels} MP)`;
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('latin1', start, end);
}

function sized(format: ImageFormat, width: number, height: number): ImageHeader | null {
  return width > 0 && height > 0 ? { format, width, height } : null;
}

function pngHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 24 || ascii(bytes, 12, 16) !== 'IHDR') return null;
  return sized('png', bytes.readUInt32BE(16), bytes.readUInt32BE(20));
}

/** Walks the marker segments after SOI up to the first start-of-frame (SOF0-SOF15). */
function jpegHeader(bytes: Buffer): ImageHeader | null {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM, RST0-7, SOI, EOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9)) {
      offset += 2;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) {
      if (offset + 9 > bytes.length) return null;
      return sized('jpeg', bytes.readUInt16BE(offset + 7), bytes.readUInt16BE(offset + 5));
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) return null;
    offset += 2 + length;
  }
  return null;
}

function webpHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 30) return null;
  const chunk = ascii(bytes, 12, 16);
  if (chunk === 'VP8 ') {
    return sized('webp', bytes.readUInt16LE(26) & 0x3fff, bytes.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    const b = bytes.subarray(21, 25);
    const width = 1 + (b[0]! | ((b[1]! & 0x3f) << 8));
    const height = 1 + ((b[1]! >> 6) | (b[2]! << 2) | ((b[3]! & 0x0f) << 10));
    return sized('webp', width, height);
  }
  if (chunk === 'VP8X') {
    return sized('webp', 1 + bytes.readUIntLE(24, 3), 1 + bytes.readUIntLE(27, 3));
  }
  return null;
}

function gifHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 10) return null;
  return sized('gif', bytes.readUInt16LE(6), bytes.readUInt16LE(8));
}

function bmpHeader(bytes: Buffer): ImageHeader | null {
  if (bytes.length < 26) return null;
  const dibSize = bytes.readUInt32LE(14);
  if (dibSize === 12) return sized('bmp', bytes.readUInt16LE(18), bytes.readUInt16LE(20));
  // A negative height means the rows are stored top-down.
  return sized('bmp', Math.abs(bytes.readInt32LE(18)), Math.abs(bytes.readInt32LE(22)));
}

interface TiffLayout {
  littleEndian: boolean;
  ifdOffset: number;
}

function tiffLayout(bytes: Buffer): TiffLayout | null {
  const order = ascii(bytes, 0, 2);
  const littleEndian = order === 'II';
  const magic = littleEndian ? bytes.readUInt16LE(2) : bytes.readUInt16BE(2);
  if (magic !== 42) return null;
  return { littleEndian, ifdOffset: littleEndian ? bytes.readUInt32LE(4) : bytes.readUInt32BE(4) };
}

/** Width (tag 256) and length (tag 257) from the first IFD; `ifd` starts at its entry count. */
function tiffSizeFromIfd(ifd: Buffer, littleEndian: boolean): ImageHeader | null {
  if (ifd.length < 2) return null;
  const u16 = (at: number) => (littleEndian ? ifd.readUInt16LE(at) : ifd.readUInt16BE(at));
  const u32 = (at: number) => (littleEndian ? ifd.readUInt32LE(at) : ifd.readUInt32BE(at));
  const count = u16(0);
  let width = 0;
  let height = 0;
  for (let i = 0; i < count && 2 + i * 12 + 12 <= ifd.length; i++) {
    const entry = 2 + i * 12;
    const tag = u16(entry);
    if (tag !== 256 && tag !== 257) continue;
    const type = u16(entry + 2);
    const value = type === 3 ? u16(entry + 8) : type === 4 ? u32(entry + 8) : 0;
    if (tag === 256) width = value;
    else height = value;
  }
  return sized('tiff', width, height);
}

function formatOf(bytes: Buffer): ImageFormat | null {
  if (bytes.length < 12) return null;
  if (bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 2) === 'BM') return 'bmp';
  if (ascii(bytes, 0, 4) === 'II*\0' || ascii(bytes, 0, 4) === 'MM\0*') return 'tiff';
  return null;
}

/**
 * The format and size of an image from its first bytes (a whole small image, or the head of a
 * large one); null when the bytes are not one of the six formats or the header is damaged.
 */
export function readImageHeader(bytes: Buffer): ImageHeader | null {
  switch (formatOf(bytes)) {
    case 'png':
      return pngHeader(bytes);
    case 'jpeg':
      return jpegHeader(bytes);
    case 'webp':
      return webpHeader(bytes);
    case 'gif':
      return gifHeader(bytes);
    case 'bmp':
      return bmpHeader(bytes);
    case 'tiff': {
      const layout = tiffLayout(bytes);
      if (!layout || layout.ifdOffset + 2 > bytes.length) return null;
      return tiffSizeFromIfd(bytes.subarray(layout.ifdOffset), layout.littleEndian);
    }
    default:
      return null;
  }
}

/** Like readImageHeader for a file on disk: reads at most about 1 MB, never the pixels. */
export async function readImageHeaderFromFile(filePath: string): Promise<ImageHeader | null> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    if (formatOf(head) !== 'tiff') return readImageHeader(head);
    // A TIFF may keep its directory at the end of the file: read just that directory.
    const layout = tiffLayout(head);
    if (!layout || layout.ifdOffset + 2 > size) return null;
    const countBytes = Buffer.alloc(2);
    await file.read(countBytes, 0, 2, layout.ifdOffset);
    const entries = layout.littleEndian ? countBytes.readUInt16LE(0) : countBytes.readUInt16BE(0);
    const ifd = Buffer.alloc(Math.min(2 + entries * 12, size - layout.ifdOffset));
    await file.read(ifd, 0, ifd.length, layout.ifdOffset);
    return tiffSizeFromIfd(ifd, layout.littleEndian);
  } finally {
    await file.close();
  }
}
