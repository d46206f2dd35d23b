import fs from 'node:fs/promises';
import { openPdf, type PdfDocument, type PdfPage } from '#server/ingest/extract/pdf-document.ts';
import { pdfjs } from '#server/ingest/extract/pdfjs.ts';
import { drawPage } from '#server/ingest/extract/pdf-render.ts';
import { scaleBox, type Box, type TextRun } from './page-layout.ts';
import {
  drawMarks,
  WEBP_QUALITY,
  type PdfLayoutJob,
  type PdfRenderJob,
  type RenderedImage,
  type RenderResult,
} from './render-jobs.ts';

/*
 * PDF pages in the render child: where their text runs and pictures are (pdf.js text content
 * and image operators), and the page drawn by pdf.js on @napi-rs/canvas with the marks on top.
 * Loaded with the first PDF job: pdf.js is most of the child's start.
 */

// A catalogue is opened once for the several pages a buyer looks at (keyed by its local path).
const OPEN_LIMIT = 2;
const openDocuments = new Map<string, Promise<PdfDocument>>();

function pdfAt(filePath: string): Promise<PdfDocument> {
  let document = openDocuments.get(filePath);
  if (document) {
    openDocuments.delete(filePath);
    openDocuments.set(filePath, document);
    return document;
  }
  document = fs.readFile(filePath).then((bytes) => openPdf(new Uint8Array(bytes)));
  document.catch(() => openDocuments.delete(filePath));
  openDocuments.set(filePath, document);
  while (openDocuments.size > OPEN_LIMIT) {
    const [oldest, evicted] = openDocuments.entries().next().value!;
    openDocuments.delete(oldest);
    void evicted.then((old) => old.destroy()).catch(() => undefined);
  }
  return document;
}

type Matrix = [number, number, number, number, number, number];

const multiply = (m: Matrix, n: Matrix): Matrix => pdfjs.Util.transform(m, n) as Matrix;

/** The box of a unit square under a transform (an image is painted into one). */
function unitSquareBox(m: Matrix): Box {
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([x, y]) => [m[0] * x! + m[2] * y! + m[4], m[1] * x! + m[3] * y! + m[5]] as const);
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

const IMAGE_OPS = new Set<number>([
  pdfjs.OPS.paintImageXObject,
  pdfjs.OPS.paintInlineImageXObject,
  pdfjs.OPS.paintImageXObjectRepeat,
  pdfjs.OPS.paintImageMaskXObject,
]);

/** The pictures pdf.js paints, following the transforms of the page's operators. */
async function pictureBoxes(page: PdfPage, viewportTransform: Matrix): Promise<Box[]> {
  const operators = await page.getOperatorList();
  const boxes: Box[] = [];
  let current: Matrix = viewportTransform;
  const stack: Matrix[] = [];
  operators.fnArray.forEach((op, i) => {
    const args = operators.argsArray[i] as unknown[] | null;
    if (op === pdfjs.OPS.save) stack.push(current);
    else if (op === pdfjs.OPS.restore) current = stack.pop() ?? current;
    else if (op === pdfjs.OPS.transform) current = multiply(current, args as Matrix);
    else if (op === pdfjs.OPS.paintFormXObjectBegin) {
      stack.push(current);
      const matrix = args?.[0] as Matrix | null;
      if (matrix) current = multiply(current, matrix);
    } else if (op === pdfjs.OPS.paintFormXObjectEnd) current = stack.pop() ?? current;
    else if (IMAGE_OPS.has(op)) boxes.push(unitSquareBox(current));
  });
  return boxes;
}

export async function pdfLayout(job: PdfLayoutJob): Promise<RenderResult> {
  const document = await pdfAt(job.filePath);
  const page = await document.getPage(job.page);
  const viewport = page.getViewport({ scale: 1 });
  const transform = viewport.transform as Matrix;
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const m = multiply(transform, item.transform as Matrix);
    const fontHeight = Math.hypot(m[2], m[3]) || Math.abs(item.height);
    const horizontal = Math.abs(item.transform[1] as number) < 1e-3;
    runs.push({
      text: item.str,
      x: m[4],
      y: m[5] - fontHeight * 0.85,
      width: horizontal ? item.width : Math.max(item.width, fontHeight),
      height: fontHeight * 1.1,
    });
  }
  const images = await pictureBoxes(page, transform);
  page.cleanup();
  return {
    layout: { width: viewport.width, height: viewport.height, runs, images },
    pageCount: document.numPages,
  };
}

export async function pdfRender(job: PdfRenderJob): Promise<RenderedImage> {
  const document = await pdfAt(job.filePath);
  const page = await document.getPage(job.page);
  const region = job.clip ?? null;
  const full = page.getViewport({ scale: job.scale });
  const viewport = region
    ? page.getViewport({
        scale: job.scale,
        offsetX: -region.x * job.scale,
        offsetY: -region.y * job.scale,
      })
    : full;
  const width = Math.max(1, Math.round(region ? region.width * job.scale : full.width));
  const height = Math.max(1, Math.round(region ? region.height * job.scale : full.height));
  const { canvas, context } = await drawPage(page, viewport, width, height);
  page.cleanup();
  const marks = job.marks.map((mark) => scaleBox(mark, job.scale));
  drawMarks(context, marks);
  return { bytes: await canvas.encode('webp', WEBP_QUALITY), width, height, marks };
}
