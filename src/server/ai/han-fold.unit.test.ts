import { describe, expect, it } from 'vitest';
import { countHanVariants, foldToSimplified } from './han-fold.ts';

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

  it('folds a long document quickly', () => {
    const text = '這個產品的質量很好，請問價格是多少？'.repeat(20_000);
    const started = performance.now();
    foldToSimplified(text);
    expect(performance.now() - started).toBeLessThan(500);
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
