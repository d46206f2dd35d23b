import path from 'node:path';
import { listZip } from '#server/ingest/zip.ts';
import type { Box, PageLayout, TextRun } from './page-layout.ts';

/*
 * Where the text and pictures of a PPTX slide are, from its XML: each shape's, table's and
 * picture's offset and extent (EMU, 12,700 to a point), the pictures named by their media part.
 * Group transforms are not applied (a grouped picture keeps its own offsets): enough to tell
 * which picture sits beside a cited text, which is all this is for. Only the few XML parts named
 * are read, each capped (ingest/zip.ts): light enough for the server's own process, as the
 * upload's type check is; the pictures themselves are decoded in the render child.
 */

export interface SlideLayout extends PageLayout {
  /** The zip entry of each picture in `images` (`ppt/media/image1.png`). */
  media: string[];
}

const EMU_PER_POINT = 12_700;
/** PowerPoint's default 4:3 slide, for a presentation that does not say. */
const DEFAULT_SIZE = { width: 720, height: 540 };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/giu, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

export function slideSize(presentationXml: string): { width: number; height: number } {
  const size = /<p:sldSz\b[^>]*\bcx="(\d+)"[^>]*\bcy="(\d+)"/u.exec(presentationXml);
  if (!size) return DEFAULT_SIZE;
  return { width: Number(size[1]) / EMU_PER_POINT, height: Number(size[2]) / EMU_PER_POINT };
}

/** The first offset and extent in a shape's XML, in points. */
function boxOf(xml: string): Box | null {
  const offset = /<a:off\b[^>]*\bx="(-?\d+)"[^>]*\by="(-?\d+)"/u.exec(xml);
  const extent = /<a:ext\b[^>]*\bcx="(\d+)"[^>]*\bcy="(\d+)"/u.exec(xml);
  if (!offset || !extent) return null;
  return {
    x: Number(offset[1]) / EMU_PER_POINT,
    y: Number(offset[2]) / EMU_PER_POINT,
    width: Number(extent[1]) / EMU_PER_POINT,
    height: Number(extent[2]) / EMU_PER_POINT,
  };
}

function relationships(relsXml: string): Map<string, string> {
  const targets = new Map<string, string>();
  for (const match of relsXml.matchAll(/<Relationship\b[^>]*>/gu)) {
    const id = /\bId="([^"]+)"/u.exec(match[0])?.[1];
    const target = /\bTarget="([^"]+)"/u.exec(match[0])?.[1];
    const external = /\bTargetMode="External"/u.test(match[0]);
    if (id && target && !external) targets.set(id, target);
  }
  return targets;
}

const blocks = (xml: string, tag: string) =>
  xml.match(new RegExp(`<${tag}(?:\\s[^>]*)?>[\\s\\S]*?</${tag}>`, 'gu')) ?? [];

/**
 * A slide's layout: its text shapes and tables as runs (one per shape: its words joined), its
 * pictures with the media part each shows. Pictures linked from outside the file are left out.
 */
export function parseSlide(
  slideXml: string,
  relsXml: string,
  slidePart: string,
  size: { width: number; height: number },
): SlideLayout {
  const runs: TextRun[] = [];
  for (const shape of [...blocks(slideXml, 'p:sp'), ...blocks(slideXml, 'p:graphicFrame')]) {
    const box = boxOf(shape);
    const words = [...shape.matchAll(/<a:t>([^<]*)<\/a:t>/gu)].map((m) => decodeXml(m[1]!));
    const text = words.join(' ').trim();
    if (box && text) runs.push({ ...box, text });
  }
  const targets = relationships(relsXml);
  const images: Box[] = [];
  const media: string[] = [];
  for (const picture of blocks(slideXml, 'p:pic')) {
    const id = /<a:blip\b[^>]*\br:embed="([^"]+)"/u.exec(picture)?.[1];
    const target = id ? targets.get(id) : undefined;
    const box = boxOf(picture);
    if (!target || !box) continue;
    const entry = path.posix.normalize(path.posix.join(path.posix.dirname(slidePart), target));
    if (!entry.startsWith('ppt/media/')) continue;
    images.push(box);
    media.push(entry);
  }
  return { ...size, runs, images, media };
}

/** The layout of slide `slide` (counted in the show's order, as the deck's citations are). */
export async function readSlideLayout(filePath: string, slide: number): Promise<SlideLayout> {
  // The PPTX reader (and its parser) loads with the first slide looked at.
  const { PRESENTATION, PRESENTATION_RELS, slideOrderFromPresentation } =
    await import('#server/ingest/extract/pptx.ts');
  const { texts } = await listZip(filePath, [PRESENTATION, PRESENTATION_RELS]);
  const presentation = texts.get(PRESENTATION) ?? '';
  const order = slideOrderFromPresentation(presentation, texts.get(PRESENTATION_RELS) ?? '');
  const part = [...order].find(([, position]) => position === slide)?.[0] ?? slide;
  const slidePart = `ppt/slides/slide${part}.xml`;
  const relsPart = `ppt/slides/_rels/slide${part}.xml.rels`;
  const parts = await listZip(filePath, [slidePart, relsPart]);
  const xml = parts.texts.get(slidePart);
  if (xml === undefined) return { ...slideSize(presentation), runs: [], images: [], media: [] };
  return parseSlide(xml, parts.texts.get(relsPart) ?? '', slidePart, slideSize(presentation));
}
