import {
  IMAGE_COMPRESS_ABOVE_BYTES,
  IMAGE_MAX_SIDE_PX,
  IMAGE_QUALITY,
  isChatImageType,
  type ChatImageType,
} from './limits.ts';

/*
 * Chat images are made small in the browser before they travel over the fair network:
 * above 200,000 bytes, at most 600 px on the long side at JPEG quality 0.6.
 * Smaller JPEG and PNG pictures go as they are; other image types (WebP, GIF, …) are
 * re-encoded as JPEG with the compressor's defaults, 800 px and 0.8.
 */

export const DEFAULT_MAX_SIDE_PX = 800;
export const DEFAULT_QUALITY = 0.8;

export class NotAnImageError extends Error {
  constructor() {
    super('not an image');
    this.name = 'NotAnImageError';
  }
}

export class ImageProcessingError extends Error {
  constructor(cause?: unknown) {
    super('the image could not be processed', { cause });
    this.name = 'ImageProcessingError';
  }
}

export interface PreparedImage {
  /** Base64 without the data: prefix, as POST /api/chat/image expects. */
  data: string;
  type: ChatImageType;
  bytes: number;
}

export interface ResizePlan {
  /** Re-encode at all? */
  resize: boolean;
  maxSide: number;
  quality: number;
}

/** What to do with a chosen file of this type and size. */
export function resizePlan(type: string, bytes: number): ResizePlan {
  if (bytes > IMAGE_COMPRESS_ABOVE_BYTES)
    return { resize: true, maxSide: IMAGE_MAX_SIDE_PX, quality: IMAGE_QUALITY };
  if (!isChatImageType(type))
    return { resize: true, maxSide: DEFAULT_MAX_SIDE_PX, quality: DEFAULT_QUALITY };
  return { resize: false, maxSide: DEFAULT_MAX_SIDE_PX, quality: DEFAULT_QUALITY };
}

/** The size that fits `maxSide` on the long side, keeping the aspect ratio; never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number,
): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export function isImageFile(file: { type: string; name: string }): boolean {
  if (file.type) return file.type.startsWith('image/');
  // Some phones leave the type empty; trust a picture's extension then.
  return /\.(jpe?g|png|webp|gif|bmp|heic|heif|avif)$/i.test(file.name);
}

function blobToBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

async function decode(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number; close: () => void }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    close: () => URL.revokeObjectURL(url),
  };
}

async function reencode(file: Blob, maxSide: number, quality: number): Promise<Blob> {
  const image = await decode(file);
  try {
    const size = fitWithin(image.width, image.height, maxSide);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    // JPEG has no transparency: a transparent PNG gets a white page, not a black one.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(image.source, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
        'image/jpeg',
        quality,
      ),
    );
  } finally {
    image.close();
  }
}

/** Checks, shrinks when needed and encodes a chosen file for POST /api/chat/image. */
export async function prepareChatImage(file: File): Promise<PreparedImage> {
  if (!isImageFile(file)) throw new NotAnImageError();
  const plan = resizePlan(file.type, file.size);
  try {
    if (!plan.resize && isChatImageType(file.type)) {
      return { data: await blobToBase64(file), type: file.type, bytes: file.size };
    }
    const blob = await reencode(file, plan.maxSide, plan.quality);
    return { data: await blobToBase64(blob), type: 'image/jpeg', bytes: blob.size };
  } catch (error) {
    throw new ImageProcessingError(error);
  }
}
