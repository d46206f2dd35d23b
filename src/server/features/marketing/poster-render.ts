import { renderAsync } from '@resvg/resvg-js';
import { notoSansScPath } from '#server/lib/fonts.ts';
import { AppError } from '#server/lib/errors.ts';

/*
 * SVG to PNG with resvg on libuv's thread pool, one render at a time: a burst of requests
 * waits in a short line (and beyond it gets a 429) instead of taking every core. Only the
 * packaged Noto Sans SC is loaded; the machine's fonts are never consulted.
 */

const MAX_WAITING = 8;
let running: Promise<unknown> = Promise.resolve();
let waiting = 0;

function fontOptions() {
  return {
    loadSystemFonts: false,
    fontFiles: [notoSansScPath('400Regular'), notoSansScPath('700Bold')],
    defaultFontFamily: 'Noto Sans SC',
    sansSerifFamily: 'Noto Sans SC',
  };
}

async function renderNow(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { font: fontOptions(), fitTo: { mode: 'original' } });
  return image.asPng();
}

export function renderPng(svg: string): Promise<Buffer> {
  if (waiting >= MAX_WAITING) {
    return Promise.reject(new AppError('RATE_LIMITED', 'posters.busy', { seconds: 5 }));
  }
  waiting += 1;
  const result = running.then(() => renderNow(svg));
  running = result
    .catch(() => undefined)
    .finally(() => {
      waiting -= 1;
    });
  return result;
}
