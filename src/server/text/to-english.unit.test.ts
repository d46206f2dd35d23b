import { describe, expect, it } from 'vitest';
import { rowSentence } from '#server/ai/text/row-sentence.ts';
import { hanShare, renderInEnglish } from './to-english.ts';

describe('renderInEnglish', () => {
  it.each([
    [
      '单价 46 美元，起订量 100 台，交货期 30 天',
      'Unit price USD 46, MOQ 100 units, lead time 30 days',
    ],
    ['年产能力达到80万台', 'Annual output capacity reaches 800,000 units'],
    ['付款方式：30%定金', 'Payment terms: 30% deposit'],
    ['成立于2008年3月', 'Founded in March 2008'],
    ['2024年3月5日发货', '5 March 2024 shipment'],
    ['交货期：30-45天', 'Lead time: 30-45 days'],
  ])('%s → %s', (chinese, english) => {
    expect(renderInEnglish(chinese)).toBe(english);
  });

  it('keeps codes, e-mail addresses and phone numbers whole', () => {
    const text = renderInEnglish('型号4SD8-26，邮箱：sales@example.com，电话：+86 576 8666 1234');
    expect(text).toContain('4SD8-26');
    expect(text).toContain('sales@example.com');
    expect(text).toContain('+86 576 8666 1234');
  });

  it('writes names in pinyin beside their characters, Traditional text included', () => {
    expect(renderInEnglish('聯繫人：陳立新')).toBe('Contact person: Chen Lixin (陈立新)');
    expect(renderInEnglish('位于浙江省')).toBe('Located in Zhejiang (浙江) province');
  });

  it('leaves a line without Chinese as it is', () => {
    expect(renderInEnglish('MOQ 100 pcs')).toBe('MOQ 100 pcs');
  });

  it('leaves an English reader little Chinese to read', () => {
    expect(hanShare(renderInEnglish('公司拥有5条装配生产线，员工320人。'))).toBeLessThan(0.1);
  });
});

describe('rowSentence', () => {
  it('states a row with its headers, the unit of a header after the value', () => {
    expect(rowSentence('QB70 · 品名: 旋涡泵 · 单价（美元）: 46 · 起订量: 100台')).toBe(
      'QB70 旋涡泵：单价 46 美元；起订量 100台',
    );
    expect(
      rowSentence(
        'Price list 2026 · 4SD8-26 · Description: deep well pump · FOB Ningbo (USD): 265',
      ),
    ).toBe('4SD8-26 deep well pump — FOB Ningbo 265 USD (Price list 2026)');
  });

  it('leaves other text as it is', () => {
    expect(rowSentence('Samples are free for distributors.')).toBe(
      'Samples are free for distributors.',
    );
  });
});
