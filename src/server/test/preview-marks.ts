import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { Box } from '#server/features/previews/page-layout.ts';

/*
 * What tests read of a page preview: the marked boxes the X-Preview-Marks header states, whether
 * a mark lies over a word, and whether the mark shows (yellow pixels) where it says it is.
 */

export function parseMarks(header: unknown): Box[] {
  return String(header ?? '')
    .split(';')
    .filter(Boolean)
    .map((box) => {
      const [x, y, width, height] = box.split(',').map(Number);
      return { x: x!, y: y!, width: width!, height: height! };
    });
}

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

export function isWebp(body: Buffer): boolean {
  return (
    body.subarray(0, 4).toString('latin1') === 'RIFF' &&
    body.subarray(8, 12).toString('latin1') === 'WEBP'
  );
}

/** The share of a box's pixels (of an encoded image) that are the mark's yellow. */
export async function yellowShare(encoded: Buffer, box: Box): Promise<number> {
  const image = await loadImage(encoded);
  const canvas = createCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  context.drawImage(image, 0, 0);
  const { data } = context.getImageData(
    Math.round(box.x),
    Math.round(box.y),
    Math.max(1, Math.round(box.width)),
    Math.max(1, Math.round(box.height)),
  );
  let yellow = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i]! > 200 && data[i + 1]! > 170 && data[i + 2]! < 190) yellow++;
  }
  return yellow / (data.length / 4);
}
