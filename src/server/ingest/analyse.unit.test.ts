import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseDocuments, type AnalysedDocument } from './analyse.ts';
import { shutdownOcr } from './extract/index.ts';
import { ingestHengtai } from './test-support/hengtai-set.ts';

let hengtaiDocs: AnalysedDocument[] = [];
beforeAll(async () => {
  hengtaiDocs = await ingestHengtai();
}, 60_000);
afterAll(() => shutdownOcr());

const doc = (
  fileName: string,
  kind: AnalysedDocument['kind'],
  ...texts: string[]
): AnalysedDocument => ({
  fileName,
  kind,
  sections: texts.map((text, index) => ({ page: index + 1, text })),
});

const softwareServices: AnalysedDocument[] = [
  doc(
    'brightpath-overview.txt',
    'txt',
    'Brightpath Digital Ltd. is a software services agency founded in 2014 in Manchester. We help retailers and hospitality clients grow online with custom web development, mobile apps and digital marketing.',
    'Our team of 40 consultants offers strategy workshops, UX design, ongoing support and training. Why choose us? We are a trusted partner with award-winning customer service and flexible monthly plans for every client.',
    'Contact: hello@brightpath.example, www.brightpath.example, Tel: +44 161 555 0199.',
  ),
  doc(
    'brightpath-services.pptx',
    'pptx',
    'Our services: website design, e-commerce stores, social media marketing, SEO and customer support outsourcing for your brand.',
    'Meet our team at Web Summit, booth C4. Discover how we help brands engage their customers with exclusive digital experiences.',
  ),
  doc(
    'brightpath-faq.txt',
    'txt',
    'Q: Do you offer support after launch?\nA: Yes, every project includes three months of support and training for your team.\nQ: Can you work with our existing platform?\nA: Yes, our consultants integrate with most online store and CRM solutions.',
  ),
];

describe('analyseDocuments on the sample company', () => {
  it('finds English first and Simplified Chinese second, with the reason in the sentence', () => {
    const analysis = analyseDocuments(hengtaiDocs);
    expect(['en-US', 'zh-CN']).toContain(analysis.primaryLanguage);
    expect(analysis.primaryLanguage).toBe('en-US');
    expect(analysis.secondaryLanguages).toEqual(['zh-CN']);
    expect(analysis.reasoning).toMatch(/English in 4 of 5 files, Simplified Chinese in 1/);
  });

  it('recognises a building-ceramics manufacturer and recommends DeepSeek', () => {
    const analysis = analyseDocuments(hengtaiDocs);
    expect(analysis).toMatchObject({
      industry: 'building-materials',
      technicalTerms: true,
      financialData: false,
      legalContent: false,
      marketingContent: true,
      recommendedModel: 'deepseek',
      documentCount: 5,
    });
    expect(analysis.contentTypes).toEqual(
      expect.arrayContaining([
        'product-catalogue',
        'presentation',
        'faq',
        'company-profile',
        'product-label',
      ]),
    );
    expect(['medium', 'high']).toContain(analysis.documentComplexity);
    expect(analysis.reasoning).toMatch(/ceramics and building materials/);
    expect(analysis.reasoning).toMatch(/technical specifications/);
    expect(analysis.reasoning).toMatch(/DeepSeek/);
    expect(analysis.confidence).toBeGreaterThan(0.6);
    expect(analysis.confidence).toBeLessThanOrEqual(1);
  });
});

describe('analyseDocuments on other companies', () => {
  it('recommends OpenAI for an English software services agency', () => {
    const analysis = analyseDocuments(softwareServices);
    expect(analysis.primaryLanguage).toBe('en-US');
    expect(analysis.secondaryLanguages).toEqual([]);
    expect(['software', 'professional-services']).toContain(analysis.industry);
    expect(analysis.evidence.offering).toBe('services');
    expect(analysis.recommendedModel).toBe('openai');
    expect(analysis.marketingContent).toBe(true);
    expect(analysis.technicalTerms).toBe(false);
    expect(analysis.documentComplexity).toBe('low');
    expect(analysis.contentTypes).toEqual(expect.arrayContaining(['presentation', 'faq']));
    expect(analysis.reasoning).toMatch(/OpenAI/);
    expect(analysis.reasoning).toMatch(/service descriptions/);
  });

  it('reads a Traditional Chinese machinery brochure as zh-TW and recommends DeepSeek', () => {
    const analysis = analyseDocuments([
      doc(
        'brochure.docx',
        'docx',
        '台中精密機械股份有限公司成立於1998年，專業生產數控機床、液壓設備與自動化輸送系統。',
        '主要產品規格：主軸轉速12000 rpm，定位精度0.005 mm，電機功率15 kW。工廠擁有員工320人，產品銷往40個國家。',
      ),
    ]);
    expect(analysis.primaryLanguage).toBe('zh-TW');
    expect(analysis.industry).toBe('machinery');
    expect(analysis.technicalTerms).toBe(true);
    expect(analysis.recommendedModel).toBe('deepseek');
    expect(analysis.reasoning).toMatch(/^The document is mainly Traditional Chinese/);
  });

  it('tells Simplified Chinese, Japanese and Korean apart', () => {
    expect(
      analyseDocuments([doc('a.txt', 'txt', '我们的工厂生产电子产品和电池，质量可靠，价格优惠。')])
        .primaryLanguage,
    ).toBe('zh-CN');
    expect(
      analyseDocuments([
        doc('b.txt', 'txt', '当社は東京で電子部品を製造しています。展示会でお会いしましょう。'),
      ]).primaryLanguage,
    ).toBe('ja-JP');
    expect(
      analyseDocuments([
        doc('c.txt', 'txt', '저희 회사는 서울에서 전자 부품을 생산합니다. 전시회에서 만나요.'),
      ]).primaryLanguage,
    ).toBe('ko-KR');
  });

  it('does not invent anything without text', () => {
    const analysis = analyseDocuments([]);
    expect(analysis).toMatchObject({
      primaryLanguage: 'unknown',
      secondaryLanguages: [],
      industry: 'general',
      documentCount: 0,
    });
    expect(analysis.confidence).toBeLessThan(0.5);
  });

  it('finds financial and legal content when it is there', () => {
    const analysis = analyseDocuments([
      doc(
        'terms.pdf',
        'pdf',
        'Price list 2026: HT-M6060 USD 8.50 per square metre, HT-M8080 USD 11.20 per square metre, FOB Foshan. Annual sales revenue: RMB 120 million.',
        'Terms and conditions: this agreement shall be governed by the laws of China. The seller is not liable for indirect damages; any breach shall be settled by arbitration.',
      ),
    ]);
    expect(analysis.financialData).toBe(true);
    expect(analysis.legalContent).toBe(true);
    expect(analysis.contentTypes).toEqual(expect.arrayContaining(['price-list', 'contract']));
  });
});

describe('analyseDocuments on hostile text', () => {
  it('still finds prices beside 300,000 digits without a space', () => {
    const analysis = analyseDocuments([
      doc(
        'prices.txt',
        'txt',
        `${'7'.repeat(300_000)}\nModel A: 120 USD. Model B: 150 USD. Model C: 1,800.50 元.`,
      ),
    ]);
    expect(analysis.contentTypes).toContain('price-list');
  });

  it('still finds an FAQ below a "Q" followed by 300,000 spaces', () => {
    const analysis = analyseDocuments([
      doc(
        'faq.txt',
        'txt',
        `Q${' '.repeat(300_000)}\nQ: Do you ship abroad?\nA: Yes.\nQ 2: Is there a warranty?\nA: Two years.`,
      ),
    ]);
    expect(analysis.contentTypes).toContain('faq');
  });
});
