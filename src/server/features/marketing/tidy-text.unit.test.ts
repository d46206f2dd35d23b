import { describe, expect, it } from 'vitest';
import { buildIntelligence, isProductLabel } from '#server/ingest/intelligence.ts';
import { cutAtWord } from '#shared/marketing/social-count.ts';
import { speakable } from './audio-script.ts';
import { shortProduct } from './social-facts.ts';
import { tidyPunctuation, tidyText, withoutRepeatedSentences } from './tidy-text.ts';

describe('tidyText', () => {
  it('leaves one mark where a sentence end met a list mark, in both scripts', () => {
    expect(tidyPunctuation('企业亮点：产品远销60多个国家。；公司通过认证。')).toBe(
      '企业亮点：产品远销60多个国家；公司通过认证。',
    );
    expect(tidyPunctuation('Highlights: CE label.; 10 years warranty. .')).toBe(
      'Highlights: CE label; 10 years warranty.',
    );
    expect(tidyPunctuation('主营：旋涡泵、深井泵，。展会见')).toBe('主营：旋涡泵、深井泵。展会见');
    // An ellipsis, a decimal and "Co., Ltd." are not broken punctuation.
    expect(tidyPunctuation('Qianbo Pump Co., Ltd. makes 0.37 kW pumps…')).toBe(
      'Qianbo Pump Co., Ltd. makes 0.37 kW pumps…',
    );
  });

  it('says a sentence once, keeping the layout and the first occurrence', () => {
    const text =
      '公司通过ISO 9001质量管理体系认证。\n\n主营产品：\n🔹 旋涡泵\n\n公司通过ISO 9001质量管理体系认证。';
    expect(withoutRepeatedSentences(text)).toBe(
      '公司通过ISO 9001质量管理体系认证。\n\n主营产品：\n🔹 旋涡泵\n\n',
    );
    expect(
      tidyText(
        'Foshan Hengtai Co., Ltd. makes tiles. We export. Foshan Hengtai Co., Ltd. makes tiles.',
      ),
    ).toBe('Foshan Hengtai Co., Ltd. makes tiles. We export.');
  });
});

describe('speakable', () => {
  it('takes off list numbers and bullets, never a figure that starts the sentence', () => {
    expect(speakable('320 employees, 37 national patents.')).toBe(
      '320 employees, 37 national patents.',
    );
    expect(speakable('2006年成立')).toBe('2006年成立');
    expect(speakable('1.5 kW motor')).toBe('1.5 kW motor');
    expect(speakable('1. QB60 peripheral pump')).toBe('QB60 peripheral pump');
    expect(speakable('2、深井泵')).toBe('深井泵');
    expect(speakable('• https://qianbo.example')).toBe('qianbo.example');
  });
});

describe('products', () => {
  it('are names and models, not statements about the company', () => {
    expect(isProductLabel('能力达到80万台')).toBe(false);
    expect(isProductLabel('通过CE认证')).toBe(false);
    expect(isProductLabel('since 2006')).toBe(false);
    expect(isProductLabel('旋涡泵')).toBe(true);
    expect(isProductLabel('Marble Look Series')).toBe(true);
    expect(isProductLabel('4SD8-26: 4-inch submersible deep well pump')).toBe(true);
  });

  it('are said by model and kind, without units', () => {
    expect(shortProduct('4SD8-26: 4-inch submersible deep well pump')).toBe(
      '4SD8-26 deep well pump',
    );
    expect(shortProduct('HT-W2012: 200 x 1200 mm plank')).toBe('HT-W2012 plank');
  });
});

describe('trade terms', () => {
  it('are statements, not headings or a table’s header row', () => {
    const { tradeTerms } = buildIntelligence([
      {
        fileName: 'terms.txt',
        kind: 'txt',
        sections: [
          {
            page: null,
            text: 'Ordering and shipping\nShipping: by sea from Foshan, 25 days after deposit.\n型号 · 品名 · 单价（美元） · 起订量 · 交货期',
          },
        ],
      },
    ]);
    expect(tradeTerms.map((term) => term.text)).toEqual([
      'Shipping: by sea from Foshan, 25 days after deposit.',
    ]);
  });
});

describe('cutAtWord', () => {
  it('cuts at a word or a clause within the limit', () => {
    expect(cutAtWord('佛山恒泰陶瓷有限公司：专业品质，值得信赖的合作伙伴', 18)).toBe(
      '佛山恒泰陶瓷有限公司：专业品质',
    );
    const latin = cutAtWord('Foshan Hengtai Ceramics exports porcelain tiles', 20);
    expect(latin).toBe('Foshan Hengtai');
    expect(cutAtWord('short', 20)).toBe('short');
  });
});
