import { Resvg } from '@resvg/resvg-js';
import { notoSansScPath } from '#server/lib/fonts.ts';

/*
 * Photos of paper business cards for OCR tests: an SVG card (Noto Sans SC, the packaged font,
 * Latin and Chinese) drawn by resvg, 1050 x 600 px like a 3.5 x 2 inch card at 300 dpi, laid on
 * a grey table and turned a little, as a phone photographs it. Test code only.
 */

export interface CardText {
  text: string;
  x: number;
  y: number;
  /** Pixels; 34 when not given. */
  size?: number;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  colour?: string;
}

export interface CardPhotoOptions {
  /** Degrees the card is turned on the table. */
  rotate?: number;
  /** The card's own colour. */
  paper?: string;
}

const WIDTH = 1050;
const HEIGHT = 600;
const MARGIN = 60;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A PNG of the card's texts, as described above. */
export function renderCardPhoto(
  texts: readonly CardText[],
  options: CardPhotoOptions = {},
): Buffer {
  const { rotate = 0, paper = '#ffffff' } = options;
  const width = WIDTH + 2 * MARGIN;
  const height = HEIGHT + 2 * MARGIN;
  const lines = texts
    .map(
      (item) =>
        `<text x="${item.x}" y="${item.y}" font-family="Noto Sans SC" font-size="${item.size ?? 34}"` +
        ` font-weight="${item.bold ? 700 : 400}" text-anchor="${item.anchor ?? 'start'}"` +
        ` fill="${item.colour ?? '#1a1a1a'}">${escapeXml(item.text)}</text>`,
    )
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="#8a8f96"/>` +
    `<g transform="rotate(${rotate} ${width / 2} ${height / 2}) translate(${MARGIN} ${MARGIN})">` +
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="12" fill="${paper}"/>${lines}</g></svg>`;
  const resvg = new Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: [notoSansScPath('400Regular'), notoSansScPath('700Bold')],
      defaultFontFamily: 'Noto Sans SC',
    },
    fitTo: { mode: 'original' },
  });
  return resvg.render().asPng();
}
