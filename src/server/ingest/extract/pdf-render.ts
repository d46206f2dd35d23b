import { createCanvas } from '@napi-rs/canvas';
import type { PdfPage } from './pdf-document.ts';

/*
 * A PDF page as a PNG for OCR: about 200 dpi, with the long side held to what tesseract reads
 * best and fast (a poster-sized page is scaled down, never rendered at 200 dpi).
 */

export const OCR_DPI = 200;
export const OCR_MAX_LONG_SIDE = 2400;

export interface OcrPageImage {
  png: Buffer;
  /** The PNG's size in pixels (the space of the OCR word boxes). */
  width: number;
  height: number;
}

export async function renderPageForOcr(page: PdfPage): Promise<OcrPageImage> {
  const natural = page.getViewport({ scale: 1 });
  const longSide = Math.max(natural.width, natural.height, 1);
  const scale = Math.min(OCR_DPI / 72, OCR_MAX_LONG_SIDE / longSide);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.ceil(viewport.width));
  const height = Math.max(1, Math.ceil(viewport.height));
  const { canvas } = await drawPage(page, viewport, width, height);
  return { png: await canvas.encode('png'), width, height };
}

type Viewport = ReturnType<PdfPage['getViewport']>;

/** A page drawn on a white canvas of the given size (without its annotations). */
export async function drawPage(page: PdfPage, viewport: Viewport, width: number, height: number) {
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({
    canvas: canvas as unknown as HTMLCanvasElement,
    // pdf.js names the DOM's context type, which the server's types (Node's) do not have.
    canvasContext: context as unknown as Parameters<PdfPage['render']>[0]['canvasContext'],
    viewport,
    annotationMode: 0,
  }).promise;
  return { canvas, context };
}
