import {
  POSTER_HEIGHT as H,
  POSTER_WIDTH as W,
  type TPosterLayout,
  type TPosterStyle,
} from '#shared/marketing/poster.ts';
import type { SchemeColors } from './poster-scheme.ts';
import { escapeXml, fitText, wrapText } from './poster-text.ts';

/*
 * The poster as SVG: a layout (where the blocks go) × a style (how they are drawn: gradients,
 * bands, shapes, grid, type weight) × a colour scheme. The bottom-right corner stays calm,
 * since the download puts the QR code there.
 */

export const FONT = 'Noto Sans SC';

export interface PosterArt {
  layout: TPosterLayout;
  style: TPosterStyle;
  colors: SchemeColors;
  title: string;
  eventType: string;
  date: string;
  location: string;
  companyName: string | null;
  /** A data: URI of the card's logo (PNG or JPEG), when branding is on. */
  logo: string | null;
  messages: string[];
  /** Labels drawn in the request's language ("Date", "Venue", "Highlights"). */
  labels: { date: string; location: string; highlights: string };
}

interface Box {
  x: number;
  y: number;
  width: number;
}

const MARGIN = 80;
const MESSAGE_SIZE = 31;

function text(
  value: string,
  x: number,
  y: number,
  size: number,
  fill: string,
  options: {
    weight?: number;
    anchor?: 'start' | 'middle' | 'end';
    spacing?: number;
    opacity?: number;
  } = {},
): string {
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${options.weight ?? 400}" fill="${fill}"${options.anchor ? ` text-anchor="${options.anchor}"` : ''}${options.spacing ? ` letter-spacing="${options.spacing}"` : ''}${options.opacity ? ` fill-opacity="${options.opacity}"` : ''}>${escapeXml(value)}</text>`;
}

function lines(
  values: string[],
  x: number,
  y: number,
  size: number,
  fill: string,
  options: { weight?: number; anchor?: 'start' | 'middle'; leading?: number } = {},
): { svg: string; bottom: number } {
  const leading = options.leading ?? 1.22;
  const svg = values
    .map((line, index) => text(line, x, y + index * size * leading, size, fill, options))
    .join('');
  return { svg, bottom: y + (values.length - 1) * size * leading };
}

const titleMax = (style: TPosterStyle) =>
  style === 'bold' ? 132 : style === 'minimalist' ? 84 : 104;

function background(art: PosterArt): string {
  const { colors: c, style } = art;
  const defs = `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.background}"/><stop offset="1" stop-color="${c.background2}"/></linearGradient></defs>`;
  const flat = style === 'minimalist' || style === 'corporate' || style === 'professional';
  let shapes = '';
  switch (style) {
    case 'modern':
      shapes = `<circle cx="${W - 60}" cy="120" r="300" fill="${c.primary}" fill-opacity="0.35"/><circle cx="${W - 240}" cy="40" r="140" fill="${c.accent}" fill-opacity="0.45"/>`;
      break;
    case 'creative':
      // Kept to the edges and translucent, so no layout's text sits on a solid shape.
      shapes = `<circle cx="60" cy="${H - 120}" r="200" fill="${c.accent}" fill-opacity="0.25"/><rect x="${W - 200}" y="-140" width="300" height="300" rx="70" fill="${c.primary}" fill-opacity="0.3" transform="rotate(18 ${W - 50} 10)"/><circle cx="${W - 70}" cy="${H * 0.42}" r="46" fill="none" stroke="${c.accent}" stroke-opacity="0.6" stroke-width="10"/>`;
      break;
    case 'tech': {
      let grid = '';
      for (let x = 0; x <= W; x += 60) grid += `M${x} 0V${H}`;
      for (let y = 0; y <= H; y += 60) grid += `M0 ${y}H${W}`;
      shapes = `<rect width="${W}" height="${H}" fill="#020617" fill-opacity="0.55"/><path d="${grid}" stroke="${c.accent}" stroke-opacity="0.14" stroke-width="1"/><path d="M${MARGIN - 30} 70h90M${MARGIN - 30} 70v90M${W - MARGIN + 30} 70h-90M${W - MARGIN + 30} 70v90" stroke="${c.accent}" stroke-width="6" fill="none"/>`;
      break;
    }
    case 'bold':
      shapes = `<rect x="0" y="0" width="${W}" height="36" fill="${c.accent}"/><rect x="0" y="${H - 36}" width="${W}" height="36" fill="${c.primary}"/>`;
      break;
    case 'corporate':
    case 'professional':
      shapes = `<rect x="0" y="0" width="${W}" height="24" fill="${c.primary}"/><rect x="0" y="24" width="${W}" height="6" fill="${c.accent}"/>`;
      break;
    case 'minimalist':
      shapes = '';
      break;
  }
  return `${defs}<rect width="${W}" height="${H}" fill="${flat ? c.background : 'url(#bg)'}"/>${shapes}`;
}

function brand(art: PosterArt, x: number, y: number, anchor: 'start' | 'middle' = 'start'): string {
  const { colors: c } = art;
  let svg = '';
  let textX = x;
  if (art.logo) {
    const size = 96;
    const left = anchor === 'middle' ? x - size / 2 : x;
    svg += `<rect x="${left}" y="${y}" width="${size}" height="${size}" rx="20" fill="#ffffff"/><image href="${art.logo}" x="${left + 8}" y="${y + 8}" width="${size - 16}" height="${size - 16}" preserveAspectRatio="xMidYMid meet"/>`;
    if (anchor === 'start') textX = x + size + 24;
  }
  if (art.companyName) {
    const name = wrapText(art.companyName, 34, W - textX - MARGIN, 1, true)[0] ?? '';
    const textY = anchor === 'middle' ? y + (art.logo ? 140 : 40) : y + (art.logo ? 60 : 40);
    svg += text(name, textX, textY, 34, c.ink, { weight: 700, anchor });
  }
  return svg;
}

function pill(
  label: string,
  value: string,
  box: Box,
  colors: SchemeColors,
  onPanel = false,
): string {
  if (!value) return '';
  const ink = onPanel ? colors.onPrimary : colors.ink;
  const valueLines = wrapText(value, 34, box.width, 2, true);
  return (
    text(label.toUpperCase(), box.x, box.y, 22, ink, { weight: 700, spacing: 3, opacity: 0.8 }) +
    lines(valueLines, box.x, box.y + 46, 34, ink, { weight: 700 }).svg
  );
}

function messageList(
  art: PosterArt,
  box: Box,
  startY: number,
  maxY: number,
  centred = false,
): string {
  const { colors: c } = art;
  if (art.messages.length === 0) return '';
  let y = startY;
  let svg = text(
    art.labels.highlights.toUpperCase(),
    centred ? box.x + box.width / 2 : box.x,
    y,
    22,
    c.ink,
    {
      weight: 700,
      spacing: 4,
      anchor: centred ? 'middle' : 'start',
      opacity: 0.75,
    },
  );
  y += 56;
  for (const message of art.messages) {
    const wrapped = wrapText(message, MESSAGE_SIZE, box.width - (centred ? 0 : 44), 2);
    const needed = wrapped.length * MESSAGE_SIZE * 1.28;
    if (y + needed > maxY) break;
    if (!centred) {
      svg +=
        art.style === 'tech'
          ? `<rect x="${box.x}" y="${y - 24}" width="18" height="18" fill="${c.accent}"/>`
          : `<circle cx="${box.x + 10}" cy="${y - 12}" r="10" fill="${c.accent}"/>`;
    }
    svg += lines(wrapped, centred ? box.x + box.width / 2 : box.x + 44, y, MESSAGE_SIZE, c.ink, {
      anchor: centred ? 'middle' : 'start',
      leading: 1.28,
    }).svg;
    y += needed + 20;
  }
  return svg;
}

function eventTypeTag(
  art: PosterArt,
  x: number,
  y: number,
  anchor: 'start' | 'middle' = 'start',
): string {
  const { colors: c } = art;
  const label = art.eventType;
  const width = Math.min(W - 2 * MARGIN, 40 + label.length * 20);
  const left = anchor === 'middle' ? x - width / 2 : x;
  const radius =
    art.style === 'corporate' || art.style === 'professional' || art.style === 'tech' ? 6 : 26;
  return `<rect x="${left}" y="${y - 38}" width="${width}" height="54" rx="${radius}" fill="${c.primary}"/>${text(label, left + width / 2, y, 26, c.onPrimary, { weight: 700, anchor: 'middle' })}`;
}

function hero(art: PosterArt): string {
  const { colors: c, style } = art;
  const width = W - 2 * MARGIN;
  let svg = brand(art, MARGIN, 90);
  svg += eventTypeTag(art, MARGIN, 330);
  const title = fitText(art.title, {
    max: titleMax(style),
    min: 56,
    width,
    maxLines: 3,
    bold: true,
  });
  const titleBlock = lines(title.lines, MARGIN, 400 + title.size * 0.8, title.size, c.ink, {
    weight: 800,
    leading: 1.12,
  });
  svg += titleBlock.svg;
  svg += `<rect x="${MARGIN}" y="${titleBlock.bottom + 50}" width="160" height="10" rx="5" fill="${c.accent}"/>`;
  svg += messageList(art, { x: MARGIN, y: 0, width }, titleBlock.bottom + 150, H - 320);
  // Footer band with the date and the venue (left two thirds; the QR corner stays free).
  if (art.date || art.location) {
    svg += `<rect x="0" y="${H - 260}" width="${W - 260}" height="190" fill="${c.primary}"/>`;
    svg += pill(art.labels.date, art.date, { x: MARGIN, y: H - 200, width: 330 }, c, true);
    svg += pill(
      art.labels.location,
      art.location,
      { x: MARGIN + 370, y: H - 200, width: 380 },
      c,
      true,
    );
  }
  return svg;
}

function split(art: PosterArt): string {
  const { colors: c, style } = art;
  const panel = 400;
  let svg = `<rect x="0" y="0" width="${panel}" height="${H}" fill="${c.primary}"/>`;
  if (style === 'tech')
    svg += `<rect x="${panel - 8}" y="0" width="8" height="${H}" fill="${c.accent}"/>`;
  svg += pill(art.labels.date, art.date, { x: 60, y: 560, width: panel - 110 }, c, true);
  svg += pill(art.labels.location, art.location, { x: 60, y: 760, width: panel - 110 }, c, true);
  svg += `<rect x="60" y="${H - 300}" width="90" height="10" fill="${c.onPrimary}" fill-opacity="0.7"/>`;
  const x = panel + 70;
  const width = W - x - 70;
  svg += brand(art, x, 90);
  svg += eventTypeTag(art, x, 330);
  const title = fitText(art.title, {
    max: Math.min(titleMax(style), 96),
    min: 48,
    width,
    maxLines: 4,
    bold: true,
  });
  const titleBlock = lines(title.lines, x, 400 + title.size * 0.8, title.size, c.ink, {
    weight: 800,
    leading: 1.12,
  });
  svg += titleBlock.svg;
  svg += messageList(art, { x, y: 0, width }, titleBlock.bottom + 120, H - 240);
  return svg;
}

function frame(art: PosterArt): string {
  const { colors: c, style } = art;
  const inset = 50;
  const centre = W / 2;
  const width = W - 2 * MARGIN - 60;
  let svg = `<rect x="${inset}" y="${inset}" width="${W - 2 * inset}" height="${H - 2 * inset}" fill="none" stroke="${c.accent}" stroke-width="${style === 'minimalist' ? 2 : 6}"${style === 'modern' || style === 'creative' ? ' rx="40"' : ''}/>`;
  svg += `<rect x="${inset + 18}" y="${inset + 18}" width="${W - 2 * inset - 36}" height="${H - 2 * inset - 36}" fill="none" stroke="${c.accent}" stroke-opacity="0.45" stroke-width="2"${style === 'modern' || style === 'creative' ? ' rx="28"' : ''}/>`;
  svg += brand(art, centre, 120, 'middle');
  svg += eventTypeTag(art, centre, art.logo ? 370 : 300, 'middle');
  const title = fitText(art.title, {
    max: titleMax(style),
    min: 52,
    width,
    maxLines: 3,
    bold: true,
  });
  const top = (art.logo ? 440 : 370) + title.size * 0.8;
  const titleBlock = lines(title.lines, centre, top, title.size, c.ink, {
    weight: 800,
    anchor: 'middle',
    leading: 1.12,
  });
  svg += titleBlock.svg;
  const when = [art.date, art.location].filter(Boolean).join('  ·  ');
  const whenLines = wrapText(when, 34, width, 2, true);
  const whenBlock = lines(whenLines, centre, titleBlock.bottom + 90, 34, c.ink, {
    weight: 700,
    anchor: 'middle',
  });
  svg +=
    `<rect x="${centre - 80}" y="${titleBlock.bottom + 36}" width="160" height="6" fill="${c.accent}"/>` +
    whenBlock.svg;
  svg += messageList(art, { x: MARGIN + 30, y: 0, width }, whenBlock.bottom + 110, H - 230, true);
  return svg;
}

function diagonal(art: PosterArt): string {
  const { colors: c, style } = art;
  const width = W - 2 * MARGIN;
  let svg = `<polygon points="0,${H * 0.5} ${W},${H * 0.3} ${W},${H * 0.3 + 60} 0,${H * 0.5 + 60}" fill="${c.accent}" fill-opacity="${style === 'minimalist' ? 0.25 : 0.85}"/>`;
  svg += `<polygon points="0,${H * 0.5 + 60} ${W},${H * 0.3 + 60} ${W},${H} 0,${H}" fill="${c.primary}" fill-opacity="${style === 'minimalist' ? 0.1 : 0.92}"/>`;
  const lowerInk = style === 'minimalist' ? c.ink : c.onPrimary;
  svg += brand(art, MARGIN, 80);
  const title = fitText(art.title, {
    max: titleMax(style),
    min: 52,
    width,
    maxLines: 2,
    bold: true,
  });
  const titleBlock = lines(title.lines, MARGIN, 270 + title.size * 0.8, title.size, c.ink, {
    weight: 800,
    leading: 1.1,
  });
  svg += titleBlock.svg;
  svg += text(art.eventType, MARGIN, titleBlock.bottom + 60, 30, c.ink, {
    weight: 700,
    spacing: 2,
  });
  // Lower part: the date big, then the venue, then the messages, on the primary colour.
  const dateLines = wrapText(art.date, 60, width, 1, true);
  svg += lines(dateLines, MARGIN, H * 0.5 + 190, 60, lowerInk, { weight: 800 }).svg;
  const venue = wrapText(art.location, 34, width, 2, true);
  const venueBlock = lines(venue, MARGIN, H * 0.5 + 250, 34, lowerInk, { weight: 700 });
  svg += venueBlock.svg;
  const list = messageList(
    {
      ...art,
      colors: { ...c, ink: lowerInk, accent: style === 'minimalist' ? c.accent : lowerInk },
    },
    { x: MARGIN, y: 0, width: width - 200 },
    venueBlock.bottom + 80,
    H - 70,
  );
  return svg + list;
}

const LAYOUTS: Record<TPosterLayout, (art: PosterArt) => string> = { hero, split, frame, diagonal };

export function posterSvg(art: PosterArt): string {
  const body = LAYOUTS[art.layout](art);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${background(art)}${body}</svg>`;
}

/**
 * The download: the rendered poster with the QR code (120 px, captioned in the poster's
 * language) in the bottom-right corner on a white card, so it scans on any background.
 */
export function qrOverlaySvg(
  posterPng: Buffer,
  qrSvg: string,
  caption: string,
  qrSize: number,
): string {
  const pad = 14;
  const cardW = qrSize + 2 * pad;
  // The caption fits the card in any language: CJK characters are about 1 em wide, Latin ones
  // about 0.6 em at this weight.
  const ems = [...caption].reduce(
    (sum, char) => sum + (/[\u2E80-\uFFEF]/u.test(char) ? 1 : 0.6),
    0,
  );
  const captionSize = Math.min(22, Math.floor((cardW - 12) / Math.max(ems, 1)));
  const cardH = qrSize + 2 * pad + captionSize + 10;
  const x = W - 40 - cardW;
  const y = H - 40 - cardH;
  const qr = qrSvg
    .replace(/<\?xml[^>]*>/, '')
    .replace('<svg ', `<svg x="${x + pad}" y="${y + pad}" width="${qrSize}" height="${qrSize}" `);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><image href="data:image/png;base64,${posterPng.toString('base64')}" x="0" y="0" width="${W}" height="${H}"/><rect x="${x}" y="${y}" width="${cardW}" height="${cardH}" rx="14" fill="#ffffff"/>${qr}${text(caption, x + cardW / 2, y + pad + qrSize + captionSize + 2, captionSize, '#0f172a', { weight: 700, anchor: 'middle' })}</svg>`;
}
