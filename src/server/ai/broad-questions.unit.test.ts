import { describe, expect, it } from 'vitest';
import { broadIntent } from './broad-questions.ts';

describe('broadIntent', () => {
  it.each([
    ['What do you make?', 'products'],
    ['What products do you make?', 'products'],
    ['你们有什么产品', 'products'],
    ['你們有什麼產品？', 'products'],
    ['Tell me about your company', 'company'],
    ['公司介绍', 'company'],
    ['What are your delivery and payment terms?', 'terms'],
    ['交货期和付款方式', 'terms'],
    ['Where are you?', 'location'],
    ['你们公司在哪里？', 'location'],
    ['How can I contact you?', 'contact'],
    ['怎么联系你们', 'contact'],
    ['Can I get a quotation?', 'quotation'],
    ['可以报价吗？', 'quotation'],
  ])('%s → %s', (question, intent) => {
    expect(broadIntent(question)).toBe(intent);
  });

  it.each([
    'What is the thickness of HT-M8080?',
    'Where is your booth at the Canton Fair?',
    'What products are CE certified?',
    'What is your lead time?',
    '展位在哪里？',
    'What is the capital of Australia?',
    'HT-M8080报价多少？',
  ])('leaves a specific question to the retrieval: %s', (question) => {
    expect(broadIntent(question)).toBeNull();
  });
});
