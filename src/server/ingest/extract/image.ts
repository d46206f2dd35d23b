import fs from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { joinWrappedLines } from '../line-join.ts';
import { tidyText } from './normalize.ts';
import { recognizeImageText } from './ocr.ts';
import type { ExtractContext, ExtractedDocument, OcrPageWords } from './types.ts';

/*
 * Images become text through OCR (Chinese and English), or through `describeImage` when the caller has a
 * vision model. The header is checked first: a broken or gigantic image is refused before
 * the recogniser allocates memory for it.
 */

export interface ImageSize {
  width: number;
  height: number;
}

/** An image's size as it is shown, and whether its file's pixels must be turned to show it. */
interface ShownImageSize extends ImageSize {
  /** A JPEG whose EXIF orientation is not 1 (a phone held upright or sideways). */
  isTurned: boolean;
}

const HEAD_BYTES = 1024 * 1024;
/** Tesseract's mean confidence (0-100) under which its output is noise, not text. */
const MIN_OCR_CONFIDENCE = 30;

export function pngSize(bytes: Buffer): ImageSize | null {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Size from the first start-of-frame marker, walking the segments after SOI. */
export function jpegSize(bytes: Buffer): ImageSize | null {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isStartOfFrame) {
      return { height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return null;
}

/**
 * The EXIF orientation (1-8) of a JPEG's first APP1 segment; 1 (as stored) when there is none.
 * 5-8 show the stored pixels turned a quarter: width and height swap.
 */
export function jpegOrientation(bytes: Buffer): number {
  let offset = 2;
  while (offset + 4 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1] ?? 0;
    // The image data (SOS) or a frame (SOF) comes after any EXIF segment.
    if (marker === 0xda || (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4)) return 1;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      return exifOrientation(bytes.subarray(offset + 10, offset + 2 + length));
    }
    offset += 2 + length;
  }
  return 1;
}

/** Tag 0x0112 of a TIFF header's first directory (EXIF's IFD0). */
function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const directory = u32(4);
  if (directory + 2 > tiff.length) return 1;
  const entries = u16(directory);
  for (let i = 0; i < entries; i++) {
    const entry = directory + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

async function readImageSize(
  filePath: string,
  kind: 'jpg' | 'png',
): Promise<ShownImageSize | null> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    if (kind === 'jpg') {
      const stored = jpegSize(head);
      if (!stored) return null;
      const orientation = jpegOrientation(head);
      const isQuarterTurn = orientation >= 5;
      return {
        width: isQuarterTurn ? stored.height : stored.width,
        height: isQuarterTurn ? stored.width : stored.height,
        isTurned: orientation !== 1,
      };
    }
    // A PNG cut short loses its IEND chunk: refuse it rather than OCR half an image.
    const tail = Buffer.alloc(Math.min(4096, size));
    await file.read(tail, 0, tail.length, size - tail.length);
    const stored = tail.includes('IEND') ? pngSize(head) : null;
    return stored && { ...stored, isTurned: false };
  } finally {
    await file.close();
  }
}

/** A vision model that fails (network, quota) must not fail the document: OCR takes over. */
async function describeOrNull(
  describeImage: (filePath: string) => Promise<string>,
  filePath: string,
): Promise<string | null> {
  try {
    return await describeImage(filePath);
  } catch {
    return null;
  }
}

/** Pixels OCR reads well and fast; a larger photo is scaled down to this before OCR. */
export const OCR_MAX_PIXELS = 6_000_000;

/** The image OCR reads: a path or PNG bytes, and its size (the space of the word boxes). */
interface OcrImage extends ImageSize {
  image: string | Buffer;
}

/**
 * The image as OCR should see it: the file itself when small enough, else a downscaled PNG
 * (a 40-megapixel photo would take tesseract a minute and hundreds of MB for no better text).
 * A JPEG with an EXIF orientation is drawn upright first: tesseract reads the stored pixels as
 * they are (a phone's sideways photo), while the preview shows it turned, and the word boxes
 * must be where the preview shows the words.
 */
async function imageForOcr(filePath: string, size: ShownImageSize): Promise<OcrImage> {
  const pixels = size.width * size.height;
  if (pixels <= OCR_MAX_PIXELS && !size.isTurned) {
    return { image: filePath, width: size.width, height: size.height };
  }
  const scale = Math.min(1, Math.sqrt(OCR_MAX_PIXELS / pixels));
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  let image: Awaited<ReturnType<typeof loadImage>>;
  try {
    image = await loadImage(await fs.readFile(filePath));
  } catch {
    throw new ExtractionError('corrupt-document', 'the image is damaged');
  }
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(image, 0, 0, width, height);
  return { image: await canvas.encode('png'), width, height };
}

/** The image's text and where its words are; nothing when OCR read only noise. */
async function recognize(
  { image, width, height }: OcrImage,
  signal: AbortSignal,
): Promise<{ text: string; words: OcrPageWords | null }> {
  const ocr = await recognizeImageText(image, signal, 'photo', { withWords: true });
  // A photo without lettering still yields a few "words" of noise, at very low confidence.
  if (ocr.confidence < MIN_OCR_CONFIDENCE) return { text: '', words: null };
  const words = ocr.words?.length ? { page: 1, width, height, words: ocr.words } : null;
  return { text: ocr.text, words };
}

export async function extractImage(
  filePath: string,
  kind: 'jpg' | 'png',
  context: ExtractContext,
): Promise<ExtractedDocument> {
  const size = await readImageSize(filePath, kind);
  if (!size || size.width === 0 || size.height === 0) {
    throw new ExtractionError('corrupt-document', `the ${kind.toUpperCase()} image is damaged`);
  }
  if (size.width * size.height > context.maxImagePixels) {
    throw new ExtractionError(
      'too-large',
      `${size.width}x${size.height} pixels (limit ${context.maxImagePixels})`,
      { limit: 'pixels', max: context.maxImagePixels },
    );
  }
  throwIfAborted(context.signal);
  const described =
    context.describeImage && (await describeOrNull(context.describeImage, filePath));
  // A vision model's description has no word boxes: its preview goes unmarked.
  const read =
    typeof described === 'string'
      ? { text: described, words: null }
      : await recognize(await imageForOcr(filePath, size), context.signal);
  const text = joinWrappedLines(tidyText(read.text));
  if (!/[\p{L}\p{N}]{2,}/u.test(text)) {
    throw new ExtractionError('no-text', 'no readable text in the image');
  }
  return {
    sections: [{ page: 1, text }],
    pageCount: 1,
    ...(read.words ? { ocrWords: [read.words] } : {}),
  };
}
