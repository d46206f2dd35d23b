import { describe, expect, it } from 'vitest';
import { analyseQuestion } from '#server/ai/text/question.ts';
import { toTraditional } from '#server/text/han-script.ts';
import { answerLanguage } from '#server/text/language.ts';
import { CANTONESE_PHRASES, toStandardChinese } from './cantonese.ts';

describe('Cantonese phrasing in a question', () => {
  it('is written as standard written Chinese, the longest phrase first', () => {
    expect(toStandardChinese('QB60 水泵幾錢一台？')).toBe('QB60 水泵多少钱一台？');
    expect(toStandardChinese('幾多錢一箱？')).toBe('多少钱一箱？');
    expect(toStandardChinese('付款方式係點？')).toBe('付款方式是怎样？');
    expect(toStandardChinese('交期要幾耐？')).toBe('交期要多久？');
    expect(toStandardChinese('有冇樣品？')).toBe('有没有樣品？');
    expect(toStandardChinese('可唔可以印我哋嘅商標？')).toBe('可不可以印我们的商標？');
    expect(toStandardChinese('你哋間廠喺邊度？')).toBe('你们間廠在哪里？');
    expect(toStandardChinese('最少要訂幾多？')).toBe('最少要訂多少？');
    expect(toStandardChinese('呢款係咪有CE認證？')).toBe('这款是否有CE認證？');
    expect(toStandardChinese('保修係乜嘢？')).toBe('保修是什么？');
  });

  it('finds phrases of several characters typed in Simplified too', () => {
    expect(toStandardChinese('系咪包邮？')).toBe('是否包邮？');
    expect(toStandardChinese('几钱一个？')).toBe('多少钱一个？');
    expect(toStandardChinese('点卖？')).toBe('多少钱？');
  });

  it('leaves standard Chinese, English and words that only look alike as they are', () => {
    for (const text of ['付款方式是怎样？', '系统和关系', '我們的合作關係', 'What is the price?'])
      expect(toStandardChinese(text)).toBe(text);
    // 係 alone folded would be 系 (system): only the Traditional character is Cantonese.
    expect(CANTONESE_PHRASES.has('系')).toBe(false);
  });

  it('gives the question the same concepts as its standard equivalent', () => {
    const pairs: [string, string][] = [
      ['QB60 水泵幾錢一台？', 'QB60 水泵多少钱一台？'],
      ['付款方式係點？', '付款方式是怎样？'],
      ['交貨期要幾耐？', '交货期要多久？'],
      ['有冇樣品？', '有没有样品？'],
      ['最少訂幾多？', '最少订多少？'],
      ['你哋公司喺邊度？', '你们公司在哪里？'],
      ['可唔可以寄樣品？', '可不可以寄样品？'],
      ['保修期係幾耐？', '保修期是多久？'],
    ];
    const labels = (question: string) => analyseQuestion(question).concepts.map((c) => c.label);
    for (const [cantonese, standard] of pairs) {
      expect(labels(cantonese), cantonese).toEqual(labels(standard));
      expect(labels(cantonese).length, cantonese).toBeGreaterThan(0);
    }
    expect(labels('QB60 水泵幾錢一台？')).toContain('价格');
  });

  it('marks the question as Traditional (Hong Kong writes Cantonese in Traditional)', () => {
    expect(answerLanguage('付款方式係點？', 'en')).toBe('zh-TW');
    expect(answerLanguage('QB60 水泵幾錢一台？', 'zh-CN')).toBe('zh-TW');
    expect(answerLanguage('你哋有冇样品？', 'en')).toBe('zh-TW');
    expect(answerLanguage('付款方式是怎样？', 'en')).toBe('zh-CN');
  });
});

describe('Simplified text for a Traditional reader', () => {
  it('is written in Traditional characters with OpenCC', () => {
    expect(toTraditional('付款方式：发货前付清余款')).toBe('付款方式：發貨前付清餘款');
    expect(toTraditional('HT-M8080 price')).toBe('HT-M8080 price');
  });
});
