import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startBenchApp, uploadToCard } from './bench-app.ts';
import type { Bench, BenchResult } from './run.ts';
import { ms, percentile } from './stats.ts';

/*
 * Source previews (features/previews, decision 032) on a 300-page catalogue: every page a
 * product photo (one of 12 distinct 800×600 photos) beside a description and a price table.
 * First view of a page (drawn by the render child, its start excluded: measured on its own)
 * p95 ≤ 1.5 s; a later view of the same preview (read from storage) p95 ≤ 50 ms.
 */

const PAGES = 300;
const PHOTOS = 12;
const VIEWED = 20;

async function photo(seed: number): Promise<Buffer> {
  const canvas = createCanvas(800, 600);
  const context = canvas.getContext('2d');
  for (let y = 0; y < 600; y += 20) {
    for (let x = 0; x < 800; x += 20) {
      context.fillStyle = `hsl(${(seed * 37 + x / 4 + y / 7) % 360}, 60%, ${40 + ((x * y + seed) % 30)}%)`;
      context.fillRect(x, y, 20, 20);
    }
  }
  return canvas.encode('jpeg', 85);
}

const priceLine = (page: number) =>
  `Model LP-${1000 + page} FOB Shanghai USD ${(page * 3.7 + 20).toFixed(2)}`;

async function catalogue(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const photos = await Promise.all(
    Array.from({ length: PHOTOS }, async (_, i) => pdf.embedJpg(await photo(i))),
  );
  for (let n = 1; n <= PAGES; n++) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Lotus Pumps 2026 - product ${n}`, { x: 50, y: 780, size: 20, font });
    page.drawImage(photos[n % PHOTOS]!, { x: 50, y: 450, width: 280, height: 210 });
    for (let line = 0; line < 12; line++) {
      page.drawText(`Stainless steel impeller, IP55 motor, ${line + 2} bar working pressure.`, {
        x: 50,
        y: 400 - line * 16,
        size: 10,
        font,
      });
    }
    for (let row = 0; row < 6; row++) {
      page.drawText(row === 3 ? priceLine(n) : `Variant ${row + 1}: ${40 + row * 5} L/min`, {
        x: 350,
        y: 640 - row * 18,
        size: 10,
        font,
      });
    }
  }
  return pdf.save();
}

export const previewBench: Bench = {
  name: 'preview',
  async run(): Promise<BenchResult[]> {
    const bench = await startBenchApp();
    const { app } = bench;
    try {
      const upload = await uploadToCard(bench, [
        { name: 'catalogue-300.pdf', data: new Blob([Buffer.from(await catalogue())]) },
      ]);
      const documentId = upload.documents[0]!.id;

      const view = async (page: number) => {
        const url = `/api/documents/${documentId}/pages/${page}/preview?q=${encodeURIComponent(priceLine(page))}`;
        const start = performance.now();
        const response = await app.inject({ method: 'GET', url });
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
        return performance.now() - start;
      };
      const childStart = await view(1);
      const pages = Array.from({ length: VIEWED }, (_, i) => 2 + Math.floor((i * PAGES) / VIEWED));
      const first: number[] = [];
      for (const page of pages) first.push(await view(page));
      const later: number[] = [];
      for (const page of pages) later.push(await view(page));
      return [
        { name: 'preview: first view incl. render child start', figure: ms(childStart) },
        {
          name: `preview: first view of a page, ${PAGES}-page catalogue, p95`,
          figure: ms(percentile(first, 95)),
          target: '≤ 1500 ms',
        },
        {
          name: 'preview: later view of the same page, p95',
          figure: ms(percentile(later, 95)),
          target: '≤ 50 ms',
        },
      ];
    } finally {
      await bench.close();
    }
  },
};
