import fs from 'node:fs/promises';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { throwIfAborted } from '../deadline.ts';
import { ExtractionError } from '../errors.ts';
import { joinWrappedLines } from '../line-join.ts';
import { tidyText } from './normalize.ts';
import { recognizeImageText } from './ocr.ts';
import type { ExtractContext, ExtractedDocument } from './types.ts';

/*
 * Images become text through OCR (Chinese and English), or through `describeImage` when the caller has a
 * vision model. The header is checked first: a broken or gigantic image is refused before
 * the recogniser allocates memory for it.
 */

export interface ImageSize {
  width: number;
  height: number;
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

async function readImageSize(filePath: string, kind: 'jpg' | 'png'): Promise<ImageSize | null> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await file.read(head, 0, head.length, 0);
    if (kind === 'jpg') return jpegSize(head);
    // A PNG cut short loses its IEND chunk: refuse it rather than OCR half an image.
    const tail = Buffer.alloc(Math.min(4096, size));
    await file.read(tail, 0, tail.length, size - tail.length);
    return tail.includes('IEND') ? pngSize(head) : null;
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

/**
 * The image as OCR should see it: the file itself when small enough, else a downscaled PNG
 * (a 40-megapixel photo would take tesseract a minute and hundreds of MB for no better text).
 */
async function imageForOcr(filePath: string, size: ImageSize): Promise<string | Buffer> {
  const pixels = size.width * size.height;
  if (pixels <= OCR_MAX_PIXELS) return filePath;
  const scale = Math.sqrt(OCR_MAX_PIXELS / pixels);
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
  return canvas.encode('png');
}

async function recognize(image: string | Buffer, signal: AbortSignal): Promise<string> {
  const ocr = await recognizeImageText(image, signal);
  // A photo without lettering still yields a few "words" of noise, at very low confidence.
  return ocr.confidence >= MIN_OCR_CONFIDENCE ? ocr.text : '';
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
  const text = joinWrappedLines(
    tidyText(
      (context.describeImage && (await describeOrNull(context.describeImage, filePath))) ??
        (await recognize(await imageForOcr(filePath, size), context.signal)),
    ),
  );
  if (!/[\p{L}\p{N}]{2,}/u.test(text)) {
    throw new ExtractionError('no-text', 'no readable text in the image');
  }
  return { sections: [{ page: 1, text }], pageCount: 1 };
}
