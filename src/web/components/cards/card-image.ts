import type { TCardTemplate } from '#shared/schemas/cards.ts';

/** The card picture: 960×576. */
export const CARD_WIDTH = 960;
export const CARD_HEIGHT = 576;
export const CARD_RADIUS = 24;
export const CARD_QR_SIZE = 144;
export const CARD_LOGO_SIZE = 80;
/** The download is drawn at twice the card's size, so it stays sharp on phones and in print. */
export const CARD_PIXEL_RATIO = 2;

/** business-card-{template}-{id}.png */
export function cardFileName(template: TCardTemplate, id: number | string): string {
  return `business-card-${template}-${id}.png`;
}

/** The SVG as a standalone document (namespace and pixel size set). */
export function serializeSvg(svg: SVGSVGElement, width = CARD_WIDTH, height = CARD_HEIGHT): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.removeAttribute('class');
  clone.removeAttribute('style');
  return new XMLSerializer().serializeToString(clone);
}

export function svgDataUrl(markup: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The card picture could not be drawn'));
    image.src = src;
  });
}

/**
 * Draws the very SVG the page shows onto a canvas of the card's 960×576 layout times
 * `pixelRatio` (2: a 1920×1152 PNG) and returns the PNG. The SVG is vector, so it is drawn
 * sharp at that size. It carries its QR code and logo as data URLs: the canvas is never tainted.
 */
export async function renderCardPng(
  svg: SVGSVGElement,
  pixelRatio: number = CARD_PIXEL_RATIO,
): Promise<Blob> {
  const width = Math.round(CARD_WIDTH * pixelRatio);
  const height = Math.round(CARD_HEIGHT * pixelRatio);
  const image = await loadImage(svgDataUrl(serializeSvg(svg, width, height)));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be made'))),
      'image/png',
    );
  });
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The image, shared through the share sheet, else the clipboard, else downloaded. */
export async function shareImage(
  blob: Blob,
  fileName: string,
  title: string,
): Promise<'shared' | 'copied' | 'downloaded' | 'cancelled'> {
  const file = new File([blob], fileName, { type: 'image/png' });
  if (typeof navigator.share === 'function' && navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write)
      throw new Error('no clipboard');
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
    return 'copied';
  } catch {
    saveBlob(blob, fileName);
    return 'downloaded';
  }
}
