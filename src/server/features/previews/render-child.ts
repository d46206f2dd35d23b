import fs from 'node:fs/promises';
import { createCanvas, GlobalFonts, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { notoSansScPath } from '#server/lib/fonts.ts';
import { forEachZipEntry, openEntryStream, openZip } from '#server/ingest/zip.ts';
import { markBoxes, type PageLayout, type TextRun } from './page-layout.ts';
import {
  drawMarks,
  WEBP_QUALITY,
  type ImageJob,
  type RenderedImage,
  type RenderJob,
  type RenderMessage,
  type RenderOutcome,
  type RenderResult,
  type TextPageJob,
  type ZipPictureJob,
} from './render-jobs.ts';

/*
 * Runs inside a child process with a memory cap (renderer.ts): draws the pages buyers see when
 * they open a citation. A PDF page is drawn by pdf.js (render-pdf.ts, loaded with the first PDF
 * job), other documents' text is drawn as a clean page with the packaged Noto Sans SC, an image
 * document is scaled down, a slide's picture is taken from the deck. Every drawing is WebP.
 */

async function scaledImage(job: ImageJob): Promise<RenderedImage> {
  const image = await loadImage(await fs.readFile(job.filePath));
  const scale = Math.min(1, job.maxWidth / Math.max(1, image.width));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, 0, 0, width, height);
  const marks = job.marks.map((share) => ({
    x: share.x * width,
    y: share.y * height,
    width: share.width * width,
    height: share.height * height,
  }));
  drawMarks(context, marks);
  return { bytes: await canvas.encode('webp', WEBP_QUALITY), width, height, marks };
}

const FONT_FAMILY = 'Noto Sans SC';
let fontRegistered = false;

const TEXT_PAGE = { fontSize: 24, lineHeight: 38, margin: 56, minHeight: 600 } as const;

/** Text wrapped to the page's width, one run per character (so a mark covers exactly its glyphs). */
function layOutText(context: SKRSContext2D, text: string, width: number): TextRun[] {
  const runs: TextRun[] = [];
  const right = width - TEXT_PAGE.margin;
  let y = TEXT_PAGE.margin;
  for (const line of text.replace(/\r\n?/gu, '\n').split('\n')) {
    let x = TEXT_PAGE.margin;
    // Break at spaces where we can, anywhere in CJK text.
    for (const word of line.match(/\S+\s*|\s+/gu) ?? []) {
      const advance = context.measureText(word).width;
      if (x + advance > right && x > TEXT_PAGE.margin && /[^\s]/u.test(word)) {
        x = TEXT_PAGE.margin;
        y += TEXT_PAGE.lineHeight;
      }
      for (const char of word) {
        const charWidth = context.measureText(char).width;
        if (x + charWidth > right && char.trim()) {
          x = TEXT_PAGE.margin;
          y += TEXT_PAGE.lineHeight;
        }
        if (char.trim()) {
          runs.push({ text: char, x, y, width: charWidth, height: TEXT_PAGE.fontSize * 1.3 });
        }
        x += charWidth;
      }
    }
    y += TEXT_PAGE.lineHeight;
  }
  return runs;
}

async function textPage(job: TextPageJob): Promise<RenderedImage> {
  if (!fontRegistered) {
    GlobalFonts.registerFromPath(notoSansScPath('400Regular'), FONT_FAMILY);
    fontRegistered = true;
  }
  const font = `${TEXT_PAGE.fontSize}px "${FONT_FAMILY}"`;
  const measuring = createCanvas(job.width, 10).getContext('2d');
  measuring.font = font;
  const runs = layOutText(measuring, job.text, job.width);
  const bottom = runs.reduce((max, run) => Math.max(max, run.y + run.height), 0);
  const height = Math.max(TEXT_PAGE.minHeight, Math.ceil(bottom + TEXT_PAGE.margin));
  const canvas = createCanvas(job.width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, job.width, height);
  const layout: PageLayout = { width: job.width, height, runs, images: [] };
  const marks = markBoxes(layout, job.quote);
  drawMarks(context, marks);
  context.font = font;
  context.fillStyle = '#1f2937';
  context.textBaseline = 'top';
  for (const run of runs) context.fillText(run.text, run.x, run.y + TEXT_PAGE.fontSize * 0.12);
  return { bytes: await canvas.encode('webp', WEBP_QUALITY), width: job.width, height, marks };
}

/** Pictures larger than this inside an Office file are not drawn. */
const MAX_PICTURE_BYTES = 40 * 1024 * 1024;

async function zipEntryBytes(filePath: string, name: string): Promise<Buffer> {
  const zipfile = await openZip(filePath);
  let bytes: Buffer | null = null;
  try {
    await forEachZipEntry(zipfile, async (entry) => {
      if (entry.fileName !== name) return undefined;
      if (entry.isEncrypted() || entry.uncompressedSize > MAX_PICTURE_BYTES) return 'stop';
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of (await openEntryStream(zipfile, entry)) as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > MAX_PICTURE_BYTES) return 'stop';
        chunks.push(chunk);
      }
      bytes = Buffer.concat(chunks);
      return 'stop';
    });
  } finally {
    zipfile.close();
  }
  if (!bytes) throw new Error(`no picture ${name}`);
  return bytes;
}

async function zipPicture(job: ZipPictureJob): Promise<RenderedImage> {
  const image = await loadImage(await zipEntryBytes(job.filePath, job.entry));
  const canvas = createCanvas(job.width, job.height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, job.width, job.height);
  context.drawImage(image, 0, 0, job.width, job.height);
  return {
    bytes: await canvas.encode('webp', WEBP_QUALITY),
    width: job.width,
    height: job.height,
    marks: [],
  };
}

function run(job: RenderJob): Promise<RenderResult> {
  switch (job.type) {
    case 'pdf-layout':
      return import('./render-pdf.ts').then((pdf) => pdf.pdfLayout(job));
    case 'pdf-render':
      return import('./render-pdf.ts').then((pdf) => pdf.pdfRender(job));
    case 'image':
      return scaledImage(job);
    case 'text-page':
      return textPage(job);
    case 'zip-picture':
      return zipPicture(job);
  }
}

process.on('message', ({ id, job }: RenderMessage) => {
  run(job).then(
    (result) => process.send?.({ id, ok: true, result } satisfies RenderOutcome),
    (error: unknown) =>
      process.send?.({ id, ok: false, message: String(error) } satisfies RenderOutcome),
  );
});

// The server went away: leave with it.
process.on('disconnect', () => process.exit(0));
