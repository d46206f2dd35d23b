import { afterAll, describe, expect, it } from 'vitest';
import { makeTempDir, writeTemp } from '../test-support/fixtures.ts';
import { cjkFontFamily, renderTextImage } from '../test-support/scanned-pdf.ts';
import { segmentWords } from '../segment.ts';
import { extractDocument, shutdownOcr } from './index.ts';
import { OCR_MAX_PIXELS } from './image.ts';

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
});
