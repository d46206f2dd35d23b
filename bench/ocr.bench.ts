import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage, type Canvas } from '@napi-rs/canvas';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { prepareLanguageFolder, removeSpacesBetweenCjk } from '#server/ingest/extract/ocr.ts';
import { OCR_DPI } from '#server/ingest/extract/pdf-render.ts';
import { cjkFontFamily, renderTextImage } from '#server/ingest/test-support/scanned-pdf.ts';
import type { Bench, BenchResult } from './run.ts';

/*
 * How well scans are read, per tesseract setting. Pages of known text, in
 * English and in Chinese, are drawn as a scanner at 200 dpi would give them (clean), then
 * degraded as phones and cheap scanners do: turned 4 degrees, blurred, shrunk and saved as a
 * poor JPEG, a faint speckled copy on grey paper. Each setting reads every page; the figure is the character error rate (CER: the
 * Levenshtein distance over the reference, whitespace removed, NFKC) per language and per kind
 * of page. The setting the reader used before ("page": PSM 4, one column, the image as rendered
 * at 200 dpi) is the baseline; each other setting changes one thing: the resolution the page is
 * given at (150 or 300 dpi), a black-and-white threshold first (Otsu), or the page segmentation
 * mode (3, automatic; 6, one block); two settings combine one-block reading with a resolution. See docs/decisions/009-ocr-engine.md.
 */

const ENGLISH = [
  'Aqualux QB60 booster pump: technical data and warranty',
  'Rated flow 40 L/min, maximum head 25 m, power 370 W at 220 V.',
  'The pump body is cast iron; the impeller is made of brass.',
  'Warranty: three years from delivery, spare parts for ten years.',
  'Payment: 30% T/T in advance, 70% before shipment.',
  'Delivery within 30 days after the deposit, FOB Ningbo.',
  'Minimum order quantity: 300 pieces per model and colour.',
  'Contact: export@aqualux-pumps.com, +86 574 8765 4321.',
];
const CHINESE = [
  '恒泰新能源科技有限公司 售后服务说明',
  '逆变器质保五年，MPPT 控制器质保三年。',
  '质保期内非人为损坏的部件免费维修或更换。',
  '型号 HT-INV5000 额定功率 5000 瓦，输入电压 48 伏。',
  '最小起订量为一百台，付款方式为百分之三十定金。',
  '交货期为收到定金后三十天，离岸港口宁波。',
  '样品七天内发出，运费由客户承担。',
  '服务热线 400-800-1234，邮箱 service@hengtai.cn。',
];

type Degradation = 'clean' | 'tilted' | 'blurred' | 'jpeg' | 'grey';
const DEGRADATIONS: Degradation[] = ['clean', 'tilted', 'blurred', 'jpeg', 'grey'];

interface Setting {
  name: string;
  /** Scale of the 200-dpi page before reading (1.5: given at 300 dpi). */
  scale: number;
  binarise: boolean;
  psm: PSM;
}

const SETTINGS: Setting[] = [
  { name: 'reader before: 200 dpi, PSM 4', scale: 1, binarise: false, psm: PSM.SINGLE_COLUMN },
  { name: '150 dpi', scale: 0.75, binarise: false, psm: PSM.SINGLE_COLUMN },
  { name: '300 dpi', scale: 1.5, binarise: false, psm: PSM.SINGLE_COLUMN },
  { name: 'Otsu threshold', scale: 1, binarise: true, psm: PSM.SINGLE_COLUMN },
  { name: 'PSM 3 (automatic)', scale: 1, binarise: false, psm: PSM.AUTO },
  { name: 'PSM 6 (one block; the reader now)', scale: 1, binarise: false, psm: PSM.SINGLE_BLOCK },
  { name: 'PSM 6, 300 dpi', scale: 1.5, binarise: false, psm: PSM.SINGLE_BLOCK },
  { name: 'PSM 6, 150 dpi', scale: 0.75, binarise: false, psm: PSM.SINGLE_BLOCK },
];

function canvasOf(width: number, height: number): Canvas {
  const canvas = createCanvas(width, height);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, width, height);
  return canvas;
}

async function degrade(png: Buffer, kind: Degradation): Promise<Buffer> {
  if (kind === 'clean') return png;
  const image = await loadImage(png);
  const { width, height } = image;
  if (kind === 'tilted') {
    const canvas = canvasOf(width, height);
    const g = canvas.getContext('2d');
    g.translate(width / 2, height / 2);
    g.rotate((4 * Math.PI) / 180);
    g.drawImage(image, -width / 2, -height / 2);
    return canvas.encode('png');
  }
  if (kind === 'blurred') {
    // Out of focus: down to 30 % and back up, smoothed.
    const small = canvasOf(Math.round(width * 0.3), Math.round(height * 0.3));
    small.getContext('2d').drawImage(image, 0, 0, small.width, small.height);
    const canvas = canvasOf(width, height);
    const g = canvas.getContext('2d');
    g.imageSmoothingEnabled = true;
    g.drawImage(small, 0, 0, width, height);
    return canvas.encode('png');
  }
  if (kind === 'grey') {
    // A faint copy on grey recycled paper: text at a third of full contrast, speckled.
    const canvas = canvasOf(width, height);
    const g = canvas.getContext('2d');
    g.drawImage(image, 0, 0);
    const data = g.getImageData(0, 0, width, height);
    let seed = 7;
    for (let i = 0; i < data.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const noise = ((seed >> 16) % 41) - 20;
      const value = 150 + (data.data[i]! / 255) * 70 + noise;
      data.data[i] = data.data[i + 1] = data.data[i + 2] = Math.max(0, Math.min(255, value));
    }
    g.putImageData(data, 0, 0);
    return canvas.encode('png');
  }
  // A phone's JPEG of a page: 45 % of the size, quality 20, given back at full size.
  const small = canvasOf(Math.round(width * 0.45), Math.round(height * 0.45));
  small.getContext('2d').drawImage(image, 0, 0, small.width, small.height);
  const jpeg = await loadImage(await small.encode('jpeg', 20));
  const canvas = canvasOf(width, height);
  canvas.getContext('2d').drawImage(jpeg, 0, 0, width, height);
  return canvas.encode('png');
}

/** Otsu's threshold over the grey levels: every pixel black or white. */
function binarise(canvas: Canvas): void {
  const g = canvas.getContext('2d');
  const data = g.getImageData(0, 0, canvas.width, canvas.height);
  const pixels = data.data;
  const grey = new Uint8Array(pixels.length / 4);
  const histogram = new Array<number>(256).fill(0);
  for (let i = 0; i < grey.length; i++) {
    const value = Math.round(
      0.299 * pixels[i * 4]! + 0.587 * pixels[i * 4 + 1]! + 0.114 * pixels[i * 4 + 2]!,
    );
    grey[i] = value;
    histogram[value]!++;
  }
  const total = grey.length;
  let sum = 0;
  for (let level = 0; level < 256; level++) sum += level * histogram[level]!;
  let backgroundWeight = 0;
  let backgroundSum = 0;
  let best = 0;
  let threshold = 128;
  for (let level = 0; level < 256; level++) {
    backgroundWeight += histogram[level]!;
    if (backgroundWeight === 0) continue;
    const foregroundWeight = total - backgroundWeight;
    if (foregroundWeight === 0) break;
    backgroundSum += level * histogram[level]!;
    const meanBackground = backgroundSum / backgroundWeight;
    const meanForeground = (sum - backgroundSum) / foregroundWeight;
    const between = backgroundWeight * foregroundWeight * (meanBackground - meanForeground) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  for (let i = 0; i < grey.length; i++) {
    const value = grey[i]! > threshold ? 255 : 0;
    pixels[i * 4] = pixels[i * 4 + 1] = pixels[i * 4 + 2] = value;
  }
  g.putImageData(data, 0, 0);
}

async function prepare(png: Buffer, setting: Setting): Promise<Buffer> {
  if (setting.scale === 1 && !setting.binarise) return png;
  const image = await loadImage(png);
  const canvas = canvasOf(
    Math.round(image.width * setting.scale),
    Math.round(image.height * setting.scale),
  );
  canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
  if (setting.binarise) binarise(canvas);
  return canvas.encode('png');
}

function levenshtein(a: readonly string[], b: readonly string[]): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** Character error rate of `read` against `reference`, whitespace removed, NFKC. */
export function characterErrorRate(reference: string, read: string): number {
  const chars = (text: string) => [...text.normalize('NFKC').replace(/\s+/gu, '')];
  const wanted = chars(reference);
  return wanted.length === 0 ? 0 : levenshtein(wanted, chars(read)) / wanted.length;
}

async function startWorker(language: 'eng' | 'chi_sim'): Promise<Worker> {
  const worker = await createWorker(language, OEM.LSTM_ONLY, {
    langPath: await prepareLanguageFolder(),
    gzip: true,
    cachePath: path.join(os.tmpdir(), 'docucard-tesseract'),
    logger: () => undefined,
    errorHandler: () => undefined,
  });
  await worker.setParameters({ preserve_interword_spaces: '1', debug_file: '/dev/null' });
  return worker;
}

const pct = (value: number) => `${(value * 100).toFixed(1)} %`;
const mean = (values: readonly number[]) =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

export const ocrBench: Bench = {
  name: 'ocr',
  async run(): Promise<BenchResult[]> {
    if (!cjkFontFamily()) {
      return [{ name: 'ocr settings', figure: 'skipped: no CJK font (fonts-noto-cjk)' }];
    }
    const pages = {
      en: { lines: ENGLISH, worker: await startWorker('eng') },
      zh: { lines: CHINESE, worker: await startWorker('chi_sim') },
    };
    const images = new Map<string, Buffer>();
    for (const [language, page] of Object.entries(pages)) {
      // An A4 page's top third at 200 dpi in 10 pt type (28 px).
      const png = renderTextImage(page.lines, { height: 700, fontSize: 28 });
      for (const kind of DEGRADATIONS) images.set(`${language}:${kind}`, await degrade(png, kind));
    }
    const results: BenchResult[] = [];
    try {
      for (const setting of SETTINGS) {
        const rates = new Map<string, number>();
        for (const [language, page] of Object.entries(pages)) {
          await page.worker.setParameters({
            tessedit_pageseg_mode: setting.psm,
            user_defined_dpi: String(Math.round(OCR_DPI * setting.scale)),
          });
          for (const kind of DEGRADATIONS) {
            const image = await prepare(images.get(`${language}:${kind}`)!, setting);
            const { data } = await page.worker.recognize(image);
            const read = removeSpacesBetweenCjk(data.text);
            rates.set(`${language}:${kind}`, characterErrorRate(page.lines.join('\n'), read));
          }
        }
        const of = (prefix: string) =>
          [...rates].filter(([key]) => key.startsWith(prefix)).map(([, rate]) => rate);
        results.push({
          name: `OCR CER, ${setting.name}`,
          figure:
            `mean ${pct(mean([...rates.values()]))}; en ${pct(mean(of('en:')))}, zh ${pct(mean(of('zh:')))}; ` +
            DEGRADATIONS.map(
              (kind) =>
                `${kind} ${pct(mean([rates.get(`en:${kind}`)!, rates.get(`zh:${kind}`)!]))}`,
            ).join(', '),
          target: 'lowest mean wins',
        });
      }
    } finally {
      await Promise.all(Object.values(pages).map((page) => page.worker.terminate()));
    }
    return results;
  },
};
