import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_SIDE_PX,
  DEFAULT_QUALITY,
  fitWithin,
  isImageFile,
  resizePlan,
} from './image.ts';
import { IMAGE_COMPRESS_ABOVE_BYTES, IMAGE_MAX_SIDE_PX, IMAGE_QUALITY } from './limits.ts';

describe('chat image size rule', () => {
  it('uses 200,000 bytes, 600 px and quality 0.6', () => {
    expect(IMAGE_COMPRESS_ABOVE_BYTES).toBe(200_000);
    expect(IMAGE_MAX_SIDE_PX).toBe(600);
    expect(IMAGE_QUALITY).toBe(0.6);
  });

  it('shrinks a photo above 200,000 bytes to 600 px at 0.6', () => {
    expect(resizePlan('image/jpeg', 200_001)).toEqual({ resize: true, maxSide: 600, quality: 0.6 });
    expect(resizePlan('image/png', 4_000_000)).toEqual({
      resize: true,
      maxSide: 600,
      quality: 0.6,
    });
  });

  it('sends a photo of at most 200,000 bytes as it is', () => {
    expect(resizePlan('image/jpeg', 200_000).resize).toBe(false);
    expect(resizePlan('image/png', 1).resize).toBe(false);
  });

  it('re-encodes a small picture of a type the server does not take with the defaults', () => {
    expect(resizePlan('image/webp', 50_000)).toEqual({
      resize: true,
      maxSide: DEFAULT_MAX_SIDE_PX,
      quality: DEFAULT_QUALITY,
    });
    expect(resizePlan('image/gif', 50_000)).toEqual({
      resize: true,
      maxSide: DEFAULT_MAX_SIDE_PX,
      quality: DEFAULT_QUALITY,
    });
    expect([DEFAULT_MAX_SIDE_PX, DEFAULT_QUALITY]).toEqual([800, 0.8]);
  });
});

describe('fitWithin', () => {
  it('puts the long side at the limit and keeps the aspect ratio', () => {
    expect(fitWithin(4000, 3000, 600)).toEqual({ width: 600, height: 450 });
    expect(fitWithin(3000, 4000, 600)).toEqual({ width: 450, height: 600 });
    expect(fitWithin(1920, 1080, 600)).toEqual({ width: 600, height: 338 });
  });

  it('never enlarges a small picture', () => {
    expect(fitWithin(320, 240, 600)).toEqual({ width: 320, height: 240 });
    expect(fitWithin(600, 600, 600)).toEqual({ width: 600, height: 600 });
  });

  it('keeps at least one pixel on a very thin picture, and nothing for an empty one', () => {
    expect(fitWithin(10_000, 3, 600)).toEqual({ width: 600, height: 1 });
    expect(fitWithin(0, 100, 600)).toEqual({ width: 0, height: 0 });
  });
});

describe('isImageFile', () => {
  it('goes by the type, or by the extension when the type is empty', () => {
    expect(isImageFile({ type: 'image/png', name: 'label' })).toBe(true);
    expect(isImageFile({ type: 'application/pdf', name: 'label.png' })).toBe(false);
    expect(isImageFile({ type: '', name: 'IMG_0001.HEIC' })).toBe(true);
    expect(isImageFile({ type: '', name: 'notes.txt' })).toBe(false);
  });
});
