import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Box, PageLayout } from './page-layout.ts';

/*
 * What the server asks of the render child (render-child.ts) and what comes back, and the
 * drawing both halves of the child share.
 */

export interface PdfLayoutJob {
  type: 'pdf-layout';
  filePath: string;
  page: number;
}

export interface PdfRenderJob {
  type: 'pdf-render';
  filePath: string;
  page: number;
  /** Pixels per PDF point. */
  scale: number;
  /** Boxes to mark, in PDF points from the page's top left. */
  marks: Box[];
  /** Only this part of the page (a picture's box, in points); the whole page when absent. */
  clip?: Box;
}

export interface ImageJob {
  type: 'image';
  filePath: string;
  maxWidth: number;
  /** Boxes to mark, as shares (0..1) of the image's width and height. */
  marks: Box[];
}

export interface TextPageJob {
  type: 'text-page';
  /** The text to draw (already cut to the part around the quote). */
  text: string;
  quote: string;
  width: number;
}

/** A picture from inside an Office file (a zip), drawn at the size the slide shows it. */
export interface ZipPictureJob {
  type: 'zip-picture';
  filePath: string;
  entry: string;
  width: number;
  height: number;
}

export type RenderJob = PdfLayoutJob | PdfRenderJob | ImageJob | TextPageJob | ZipPictureJob;

export interface RenderedImage {
  bytes: Uint8Array;
  width: number;
  height: number;
  /** The marked boxes, in the image's pixels. */
  marks: Box[];
}

export type RenderResult = { layout: PageLayout; pageCount: number } | RenderedImage;

export type RenderMessage = { id: number; job: RenderJob };
export type RenderOutcome =
  { id: number; ok: true; result: RenderResult } | { id: number; ok: false; message: string };

export const WEBP_QUALITY = 82;
const MARK_FILL = 'rgba(250, 204, 21, 0.38)';
const MARK_LINE = 'rgba(202, 138, 4, 0.95)';

/** The quoted passage's boxes, filled and outlined (pixels of the canvas). */
export function drawMarks(context: SKRSContext2D, marks: readonly Box[]): void {
  context.fillStyle = MARK_FILL;
  context.strokeStyle = MARK_LINE;
  context.lineWidth = 2;
  for (const mark of marks) {
    const pad = Math.max(2, mark.height * 0.12);
    context.fillRect(mark.x - pad, mark.y - pad, mark.width + 2 * pad, mark.height + 2 * pad);
    context.strokeRect(mark.x - pad, mark.y - pad, mark.width + 2 * pad, mark.height + 2 * pad);
  }
}
