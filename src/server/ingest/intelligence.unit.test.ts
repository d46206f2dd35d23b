import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysedDocument } from './analyse.ts';
import { shutdownOcr } from './extract/index.ts';
import { buildIntelligence } from './intelligence.ts';
import { ingestHengtai } from './test-support/hengtai-set.ts';

let docs: AnalysedDocument[] = [];
beforeAll(async () => {
  docs = await ingestHengtai();
}, 60_000);
afterAll(() => shutdownOcr());

describe('buildIntelligence on the sample company', () => {
  it('names the company and describes it from its own sentences', () => {
    const intelligence = buildIntelligence(docs);
    const names = [intelligence.companyName, ...intelligence.alternativeCompanyNames];
    expect(names).toEqual(
      expect.arrayContaining(['Foshan Hengtai Ceramics Co., Ltd.', '佛山恒泰陶瓷有限公司']),
    );
    expect(intelligence.companyOverview).toContain('成立于2008年');
    expect(intelligence.companyOverview).toContain('produces porcelain floor and wall tiles');
    expect(intelligence.overviewSources[0]).toMatchObject({
      fileName: 'hengtai-catalogue.pdf',
      page: 2,
    });
  });

  it('lists the products, models first-hand from the catalogue', () => {
    const { keyProducts } = buildIntelligence(docs);
    expect(keyProducts).toEqual(
      expect.arrayContaining([
        'HT-M8080: glazed porcelain',
        'Marble Look Series',
        'Wood Look Series',
        'Crystal Slab',
        '瓷质抛釉砖',
        '仿木纹砖',
      ]),
    );
    expect(keyProducts.some((product) => /installation/i.test(product))).toBe(false);
  });

  it('collects contact details and the contact person', () => {
    const { contactInformation } = buildIntelligence(docs);
    expect(contactInformation).toMatchObject({
      phones: ['+86 757 8566 2020'],
      emails: ['export@hengtai.example'],
      websites: [],
      contactPersons: ['李嘉欣, 外贸经理'],
    });
    expect(contactInformation.addresses).toContain('广东省佛山市南庄镇');
  });

  it('pairs the FAQ questions with their answers and page', () => {
    const { commonQuestions } = buildIntelligence(docs);
    expect(commonQuestions).toHaveLength(3);
    expect(commonQuestions[1]).toEqual({
      question: 'Can we mix designs in one container?',
      answer: 'Yes, up to 5 designs per 20-foot container.',
      fileName: 'hengtai-faq.txt',
      page: 1,
    });
  });

  it('keeps figures a buyer cares about as highlights, with their source', () => {
    const { businessHighlights } = buildIntelligence(docs);
    const texts = businessHighlights.map((item) => item.text);
    expect(texts).toEqual(
      expect.arrayContaining([
        'Quality guarantee: 10 years against manufacturing defects.',
        '6 automatic lines, 30,000 square metres a day, 52 export countries.',
      ]),
    );
    expect(businessHighlights.find((item) => item.text.includes('52 export'))).toMatchObject({
      fileName: 'hengtai-deck.pptx',
      page: 3,
    });
    expect(texts.some((text) => text.includes('@'))).toBe(false);
  });
});

describe('buildIntelligence: sourced facts for broad questions', () => {
  it('keeps trade terms by kind, whole sentences, with file and page', () => {
    const { tradeTerms } = buildIntelligence(docs);
    const byKind = (kind: string) => tradeTerms.find((term) => term.label === kind);
    expect(byKind('payment')?.text).toBe(
      'Payment: 30% T/T deposit and the balance against the bill of lading copy.',
    );
    expect(byKind('payment')?.fileName).toBe('hengtai-catalogue.pdf');
    expect(byKind('delivery')?.text).toContain('15 to 20 days');
    // Wrapped PDF lines are joined: the sentence ends with its unit.
    expect(byKind('moq')?.text).toContain('1,400 square metres');
    expect(byKind('samples')?.text).toContain('Free samples');
    expect(byKind('warranty')?.text).toContain('10 years');
  });

  it('names certifications and products with the line they come from', () => {
    const intelligence = buildIntelligence(docs);
    expect(intelligence.certifications.map((c) => c.label)).toEqual(
      expect.arrayContaining(['CE', 'ISO 14001']),
    );
    const series = intelligence.productSources.find((p) => p.label === 'Marble Look Series');
    expect(series?.fileName).toBe('hengtai-catalogue.pdf');
    expect(series?.page).not.toBeNull();
    expect(intelligence.contactSources.map((c) => c.text).join(' ')).toContain(
      'export@hengtai.example',
    );
  });
});

describe('buildIntelligence on a services company', () => {
  it('lists the services a company names, and its address', () => {
    const intelligence = buildIntelligence([
      {
        fileName: 'brightpath.pptx',
        kind: 'pptx',
        sections: [
          {
            page: 2,
            text: 'Our services: website design, e-commerce stores, SEO and customer support outsourcing for your brand.\nAddress: 12 Mill Street, Manchester M1 2AB, United Kingdom',
          },
        ],
      },
    ]);
    expect(intelligence.keyProducts).toEqual([
      'website design',
      'e-commerce stores',
      'SEO',
      'customer support outsourcing',
    ]);
    expect(intelligence.contactInformation.addresses).toEqual([
      '12 Mill Street, Manchester M1 2AB, United Kingdom',
    ]);
  });
});

describe('buildIntelligence on a file with a long run of letters', () => {
  it('still finds the e-mail addresses beside 300,000 letters without a space', () => {
    // The unanchored e-mail pattern used to take two minutes over such a run.
    const intelligence = buildIntelligence([
      {
        fileName: 'export.txt',
        kind: 'txt',
        sections: [
          {
            page: null,
            text: `Contact: sales@kestrel-valves.example\n${'abcdefghij'.repeat(30_000)}\nexport@kestrel-valves.example.cn`,
          },
        ],
      },
    ]);
    expect(intelligence.contactInformation.emails).toEqual([
      'sales@kestrel-valves.example',
      'export@kestrel-valves.example.cn',
    ]);
  });
});

describe('buildIntelligence on Chinese question pairs', () => {
  it('reads 问/答 pairs', () => {
    const { commonQuestions } = buildIntelligence([
      {
        fileName: 'faq.txt',
        kind: 'txt',
        sections: [
          {
            page: 2,
            text: '问：起订量是多少？\n答：每款一个20尺货柜。\n问：可以提供样品吗？\n答：可以，免费提供5片样品。',
          },
        ],
      },
    ]);
    expect(commonQuestions).toEqual([
      { question: '起订量是多少？', answer: '每款一个20尺货柜。', fileName: 'faq.txt', page: 2 },
      {
        question: '可以提供样品吗？',
        answer: '可以，免费提供5片样品。',
        fileName: 'faq.txt',
        page: 2,
      },
    ]);
  });
});

describe('buildIntelligence on hostile text', () => {
  const read = (text: string) =>
    buildIntelligence([{ fileName: 'odd.txt', kind: 'txt', sections: [{ page: 1, text }] }]);

  it('names the company and a series beside 300,000 characters of "A-" and "A."', () => {
    const intelligence = read(
      `Kestrel Valve Co., Ltd.\n${'A-'.repeat(75_000)}\n${'A.'.repeat(75_000)}\nBrass Ball Valve Series`,
    );
    expect(intelligence.companyName).toBe('Kestrel Valve Co., Ltd.');
    expect(intelligence.keyProducts).toContain('Brass Ball Valve Series');
  });

  it('pairs questions and answers beside a "Q" or an "A" followed by 300,000 spaces', () => {
    const { commonQuestions } = read(
      `Q${' '.repeat(300_000)}x\nA${' '.repeat(300_000)}x\nQ: Do you ship abroad?\nA: Yes, to 40 countries.`,
    );
    expect(commonQuestions).toMatchObject([
      { question: 'Do you ship abroad?', answer: 'Yes, to 40 countries.' },
    ]);
  });

  it('reads an answer that goes on for 30,000 lines', () => {
    const { commonQuestions } = read(
      `Q: What is in the box?\nA: The pump\n${'and a spare seal\n'.repeat(30_000)}and a manual.`,
    );
    expect(commonQuestions).toHaveLength(1);
    expect(commonQuestions[0]!.answer).toMatch(/^The pump and a spare seal and .* and a manual\.$/);
  });

  it('keeps a labelled phone number beside a line of 60,000 unlabelled numbers', () => {
    const { contactInformation } = read(
      `Tel: +86 757 8888 0001\n${'123 4567 8901 '.repeat(60_000)}`,
    );
    expect(contactInformation.phones).toEqual(['+86 757 8888 0001']);
  });

  it('finds trade terms at the end of a line of 300,000 Chinese characters', () => {
    const { tradeTerms } = read(
      `${'我们的水泵质量可靠。'.repeat(30_000)}付款方式：30%定金，余款见提单复印件付清。`,
    );
    expect(tradeTerms).toMatchObject([
      { label: 'payment', text: '付款方式：30%定金，余款见提单复印件付清。' },
    ]);
  });
});
