import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeTemp } from '../test-support/fixtures.ts';
import { cjkFontFamily, renderTextImage } from '../test-support/scanned-pdf.ts';
import { segmentWords } from '../segment.ts';
import { extractDocument, shutdownOcr } from './index.ts';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { jpegOrientation, OCR_MAX_PIXELS } from './image.ts';

/* A Chinese label photo in a document becomes searchable Chinese text. */

afterAll(() => shutdownOcr());

describe.skipIf(!cjkFontFamily())('Chinese text in images', () => {
  it('reads a Simplified Chinese label, without spaces between characters', async () => {
    const dir = makeTempDir();
    const png = renderTextImage(
      ['产品名称：抛釉瓷砖', '规格：600x1200 毫米', '产地：广东佛山', '净重：28 公斤'],
      { width: 1200, height: 600, fontSize: 48 },
    );
    const file = writeTemp(dir, 'label.png', png);
    const { sections } = await extractDocument(file, 'png', { timeoutMs: 60_000 });
    const text = sections[0]!.text;
    expect(text).toContain('产品名称');
    expect(text).toContain('600x1200 毫米');
    expect(text).toContain('广东佛山');
    expect(text).toContain('28 公斤');
    // Searchable: the segmenter finds the Chinese words in it.
    expect(segmentWords(text).some((word) => word.includes('佛山'))).toBe(true);
  }, 60_000);

  it('reads a Traditional Chinese sign with the Traditional model', async () => {
    const dir = makeTempDir();
    const png = renderTextImage(
      ['恆泰陶瓷產品展示廳', '營業時間：週一至週六', '聯絡電話：0757-8888 1234'],
      {
        width: 1200,
        height: 500,
        fontSize: 48,
      },
    );
    const file = writeTemp(dir, 'sign.png', png);
    const { sections } = await extractDocument(file, 'png', { timeoutMs: 60_000 });
    const text = sections[0]!.text;
    expect(text).toContain('產品展示');
    expect(text).toContain('營業時間');
    expect(text).toContain('0757-8888 1234');
  }, 60_000);

  it('reads an English label with the English model', async () => {
    const dir = makeTempDir();
    const png = renderTextImage(
      [
        'Model HT-M6012 glazed porcelain tile',
        'Email: sales@hengtai-ceramics.example',
        'Minimum order quantity: one 20ft container',
      ],
      { width: 1400, height: 500, fontSize: 40 },
    );
    const file = writeTemp(dir, 'english-label.png', png);
    const { sections } = await extractDocument(file, 'png', { timeoutMs: 60_000 });
    const text = sections[0]!.text;
    // Read with the Chinese model alone, the colon went missing and two words ran together.
    expect(text).toContain('Email: sales@hengtai-ceramics.example');
    expect(text).toContain('Minimum order quantity: one 20ft container');
  }, 60_000);

  it('scales a large photo down before OCR and still reads it', async () => {
    const dir = makeTempDir();
    const png = renderTextImage(['最低订购量 300 件', 'MOQ 300 pieces'], {
      width: 4000,
      height: 2000,
      fontSize: 120,
    });
    expect(4000 * 2000).toBeGreaterThan(OCR_MAX_PIXELS);
    const file = writeTemp(dir, 'big.png', png);
    const { sections } = await extractDocument(file, 'png', { timeoutMs: 60_000 });
    expect(sections[0]!.text).toContain('最低订购量');
    expect(sections[0]!.text).toContain('MOQ 300 pieces');
  }, 60_000);

  it('reads a sideways phone photo upright, its word boxes where the photo shows the words', async () => {
    // Shown 1000x420; stored turned a quarter left with EXIF orientation 6, as a phone does.
    const shown = await loadImage(
      renderTextImage(['Hengtai ceramic tile', 'The net weight is 32 kg per carton.'], {
        width: 1000,
        height: 420,
        fontSize: 36,
      }),
    );
    const stored = createCanvas(420, 1000);
    const context = stored.getContext('2d');
    context.translate(0, 1000);
    context.rotate(-Math.PI / 2);
    context.drawImage(shown, 0, 0);
    const jpeg = withExifOrientation(await stored.encode('jpeg', 92), 6);
    expect(jpegOrientation(jpeg)).toBe(6);
    const file = writeTemp(makeTempDir(), 'sideways.jpg', jpeg);
    const { sections, ocrWords } = await extractDocument(file, 'jpg', { timeoutMs: 60_000 });
    expect(sections[0]!.text).toContain('The net weight is 32 kg per carton.');
    expect(ocrWords).toHaveLength(1);
    expect(ocrWords![0]).toMatchObject({ page: 1, width: 1000, height: 420 });
    // "weight" on the second line: baseline at 36 * 4.8 from the top of the shown photo.
    const weight = ocrWords![0]!.words.find((word) => word.text === 'weight')!;
    expect(weight.y).toBeLessThan(36 * 4.8);
    expect(weight.y + weight.height).toBeGreaterThan(36 * 4.8 - 20);
  }, 60_000);
});

/** A JPEG with an EXIF APP1 segment holding only an orientation (little-endian TIFF). */
function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x49,
    0x49,
    0x2a,
    0x00,
    0x08,
    0,
    0,
    0,
    1,
    0,
    0x12,
    0x01,
    3,
    0,
    1,
    0,
    0,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(exif.length + 2);
  return Buffer.concat([
    jpeg.subarray(0, 2),
    Buffer.from([0xff, 0xe1]),
    length,
    exif,
    jpeg.subarray(2),
  ]);
}

describe('jpegOrientation', () => {
  it('is 1 for a JPEG without EXIF, and reads big-endian EXIF too', async () => {
    const plain = await createCanvas(8, 8).encode('jpeg');
    expect(jpegOrientation(plain)).toBe(1);
    const bigEndian = Buffer.from([
      0x4d, 0x4d, 0x00, 0x2a, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0,
      0,
    ]);
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), bigEndian]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(exif.length + 2);
    const jpeg = Buffer.concat([
      plain.subarray(0, 2),
      Buffer.from([0xff, 0xe1]),
      length,
      exif,
      plain.subarray(2),
    ]);
    expect(jpegOrientation(jpeg)).toBe(8);
  });
});
