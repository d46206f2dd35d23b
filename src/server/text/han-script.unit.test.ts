import { describe, expect, it, vi } from 'vitest';
import { countHanVariants, foldToSimplified } from '#server/text/han-script.ts';

describe('foldToSimplified (OpenCC character tables)', () => {
  it('folds Traditional characters the old hand-typed table missed', () => {
    // None of these were in the previous 500-pair table.
    expect(foldToSimplified('鬱')).toBe('郁');
    expect(foldToSimplified('衝')).toBe('冲');
    expect(foldToSimplified('瀏覽')).toBe('浏览');
    expect(foldToSimplified('豔')).toBe('艳');
    expect(foldToSimplified('廢')).toBe('废');
    expect(foldToSimplified('鑰匙')).toBe('钥匙');
    expect(foldToSimplified('蠟燭')).toBe('蜡烛');
    expect(foldToSimplified('漁業')).toBe('渔业');
  });

  it('keeps the pairs of trade questions and leaves Simplified text as it is', () => {
    expect(foldToSimplified('請問貨櫃裡有幾種顏色？')).toBe('请问货柜里有几种颜色？');
    expect(foldToSimplified('交貨期和付款方式')).toBe('交货期和付款方式');
    const simplified = '你们有什么产品？了解一下乾隆和干净';
    expect(foldToSimplified('你们有什么产品？了解一下')).toBe('你们有什么产品？了解一下');
    // 么 and 了 are Simplified characters: never turned into a Taiwan variant (幺, 瞭).
    expect(foldToSimplified(simplified)).not.toMatch(/[幺瞭]/u);
    expect(foldToSimplified('Tile HT-M8080, 600 x 600 mm')).toBe('Tile HT-M8080, 600 x 600 mm');
  });

  it('keeps the length of the text (one character for one)', () => {
    const text = '這個產品的質量很好，臺灣裏面的麵粉';
    expect([...foldToSimplified(text)]).toHaveLength([...text].length);
  });

  // How long a long document takes is a figure of `npm run bench -- bounds`.
  it('folds a long document in one pass, and leaves Simplified text without one', () => {
    const sentence = '這個產品的質量很好，請問價格是多少？';
    const simplified = '这个产品的质量很好，请问价格是多少？'.repeat(20_000);
    const replace = vi.spyOn(String.prototype, 'replace');
    let folded: string, unchanged: string;
    let passesOverTraditional: number, passesOverSimplified: number;
    try {
      folded = foldToSimplified(sentence.repeat(20_000));
      passesOverTraditional = replace.mock.calls.length;
      unchanged = foldToSimplified(simplified);
      passesOverSimplified = replace.mock.calls.length - passesOverTraditional;
    } finally {
      replace.mockRestore();
    }
    // One replace over the whole text: not one per sentence or character, and no character
    // table or pattern built again per call (building the pattern is a replace per character).
    expect(passesOverTraditional).toBe(1);
    expect(passesOverSimplified).toBe(0);
    expect(unchanged).toBe(simplified);
    expect(folded).toBe(foldToSimplified(sentence).repeat(20_000));
  });
});

describe('countHanVariants', () => {
  it('tells Traditional from Simplified text', () => {
    expect(countHanVariants('請問貴公司的產品').traditional).toBeGreaterThan(0);
    expect(countHanVariants('請問貴公司的產品').simplified).toBe(0);
    expect(countHanVariants('请问贵公司的产品').simplified).toBeGreaterThan(0);
    expect(countHanVariants('请问贵公司的产品').traditional).toBe(0);
    expect(countHanVariants('鬱悶的衝突')).toEqual({ traditional: 3, simplified: 0 });
  });
});
