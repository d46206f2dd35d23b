/*
 * Kept apart from ./image.ts (the compressor, fetched when a photo is picked): messages with
 * photos are drawn without it.
 */

/** A data: URL for showing a prepared image in a bubble (the page's CSP allows data:). */
export function imageDataUrl(image: { data: string; type: string }): string {
  return `data:${image.type};base64,${image.data}`;
}
